// Run by test/hosted/hosted-list-paging.test.ts on a database of its own (test/helpers/own-database.ts):
// a partner with HOSTED_PAGE_SIZE + 6 deals of its own and no other deal in the database, listed
// whole and as a first page of 5, in every order and search the test checks.
import { randomUUID } from "node:crypto";
import { HOSTED_PAGE_SIZE, listHostedDeals } from "@/server/services/deals";
import { db } from "../helpers/db";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

const FILTERS = (tag: string) => [{ sort: "for_you" as const }, { sort: "recommended" as const }, { sort: "newest" as const, q: "payrol" }, { sort: "for_you" as const, q: tag }];

type Listing = { ids: string[]; lockedIds: string[]; total: number; claimableCount: number };
const listing = (l: Awaited<ReturnType<typeof listHostedDeals>>): Listing => ({ ids: l.deals.map((d) => d.id), lockedIds: l.locked.map((d) => d.id), total: l.total, claimableCount: l.claimableCount });

export default async function scenario() {
  const p = await seedPartner();
  const scope = { partnerId: p.partner.id, environment: "live" as const };
  const tag = randomUUID().slice(0, 8);
  await db.deal.createMany({
    data: Array.from({ length: HOSTED_PAGE_SIZE + 6 }, (_, i) => ({
      slug: `pg-${tag}-${i}`,
      productName: `Pagetest ${tag} ${i}`,
      shortDescription: i % 2 ? "payroll for teams" : "cloud hosting",
      dealType: "partner_private" as const,
      ownerPartnerId: scope.partnerId,
      environment: "live" as const,
      status: "live" as const,
      redemptionMethod: "url" as const,
      redemptionRedeemUrl: "https://example.com",
    })),
  });
  const hm = { scope, member: await createTestMember(scope) };
  const lists: { filter: object; whole: Listing; page: Listing }[] = [];
  for (const filter of FILTERS(tag)) {
    lists.push({ filter, whole: listing(await listHostedDeals(hm, filter)), page: listing(await listHostedDeals(hm, filter, { limit: 5 })) });
  }
  const mine = listing(await listHostedDeals(hm, { sort: "for_you", q: tag }, { limit: HOSTED_PAGE_SIZE }));
  const otherDeals = await db.deal.count({ where: { NOT: { ownerPartnerId: scope.partnerId } } });
  return { lists, mine, otherDeals, pageSize: HOSTED_PAGE_SIZE };
}
