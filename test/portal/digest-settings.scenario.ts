// Run by test/portal/digest-settings.test.ts on a database of its own (test/helpers/own-database.ts):
// a member's digest preview while the partner's three deals are the only deals in the database,
// one claimable, one not for the member, one coming soon.
import type { PartnerScope } from "@/server/scope";
import { listClaimableDealIds } from "@/server/services/deals";
import { db } from "../helpers/db";
import { seedOwnDeal } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";
import { seedPortalPartner } from "./portal-fixtures";

/** "0 …" and featured: first in the For-you order among any catalogue deals. */
export const ownDeal = (scope: PartnerScope, data: Record<string, unknown> = {}) => seedOwnDeal(scope, { tags: ["featured"], ...data }, { name: (slug) => `0 Digest ${slug}` });

export default async function scenario() {
  const p = await seedPortalPartner();
  const scope = { partnerId: p.partnerId, environment: "live" as const };
  // A member who joined before this period (one who joined in it gets no digest yet).
  const member = await db.member.update({ where: { id: (await createTestMember(scope)).id }, data: { createdAt: new Date(Date.now() - 40 * 86_400_000) } });
  const claimable = await ownDeal(scope, { perkDescription: "3 months free" });
  const notEligible = await ownDeal(scope, { eligibilityCompanyStage: ["Seed"] });
  const comingSoon = await ownDeal(scope, { status: "coming_soon" });
  const preview = await p.live.settings.previewDigest({ member_id: member.id });
  return {
    preview,
    memberEmail: member.email,
    deals: { claimable: { id: claimable.id, name: claimable.productName }, hidden: [notEligible.productName, comingSoon.productName] },
    claimableIds: await listClaimableDealIds(scope, member),
    otherDeals: await db.deal.count({ where: { NOT: { ownerPartnerId: p.partnerId } } }),
    digests: await db.memberDigest.count({ where: { memberId: member.id } }),
    emails: await db.emailMessage.count({ where: { toAddress: member.email } }),
  };
}
