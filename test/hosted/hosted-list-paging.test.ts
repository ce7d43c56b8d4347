// The hosted list's server-side page (listHostedDeals' limit, the page's ?page=): the first `limit`
// cards of the very list the whole call returns, with the list's total, in every order and search.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { HOSTED_PAGE_SIZE, listHostedDeals } from "@/server/services/deals";
import { db } from "../helpers/db";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

describe("hosted list paging", () => {
  it("returns the first cards of the whole list and its total", async () => {
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
    for (const filter of [{ sort: "for_you" as const }, { sort: "recommended" as const }, { sort: "newest" as const, q: "payrol" }, { sort: "for_you" as const, q: tag }]) {
      // Other files add catalogue deals to the shared database meanwhile (193 vs 191 claimable in an
      // embedded full run): the page must be the whole list as it was just before or just after it.
      const before = await listHostedDeals(hm, filter);
      const page = await listHostedDeals(hm, filter, { limit: 5 });
      const after = await listHostedDeals(hm, filter);
      const same = (w: typeof before) =>
        page.total === w.total && page.claimableCount === w.claimableCount && page.deals.every((d, i) => d.id === w.deals[i]?.id) && page.locked.length === w.locked.length;
      const whole = same(before) ? before : after;
      expect(whole.total).toBe(whole.deals.length);
      expect(page.total).toBe(whole.total);
      expect(page.deals.map((d) => d.id)).toEqual(whole.deals.slice(0, 5).map((d) => d.id));
      expect(page.claimableCount).toBe(whole.claimableCount);
      expect(page.locked.map((d) => d.id)).toEqual(whole.locked.map((d) => d.id));
    }
    const mine = await listHostedDeals(hm, { sort: "for_you", q: tag }, { limit: HOSTED_PAGE_SIZE });
    expect([mine.deals.length, mine.total]).toEqual([HOSTED_PAGE_SIZE, HOSTED_PAGE_SIZE + 6]);
  });
});
