// Per-member checks: redemption (GET /v1/deals/{id}/instructions) and user_id-filtered lists.
// Partner visibility (isDealVisibleToPartner) and status filtering are the caller's job and come
// first: an invisible deal is 404 deal_not_found, never 403.
import { computeAvailableRegions, effectiveMemberRegions, regionsAllow } from "./available-regions";
import { firstFailingEligibilityDimension } from "./eligibility-gate";
import { passesUserTypeGate } from "./user-type-gate";
import type { AccessResult, DealFacts, MemberContext, PartnerContext } from "./types";

/** Tier gating: only under freemium, a premium deal is closed to a free member. */
export function isTierBlocked(
  deal: Pick<DealFacts, "tier">,
  partner: Pick<PartnerContext, "freemium_enabled">,
  member: Pick<MemberContext, "tier">,
): boolean {
  return partner.freemium_enabled && deal.tier === "premium" && member.tier === "free";
}

function checkGates(
  deal: DealFacts,
  partner: PartnerContext,
  member: MemberContext,
  ignoreComingSoon: boolean,
): AccessResult {
  if (!ignoreComingSoon && deal.status === "coming_soon") return { ok: false, reason: "coming_soon" };
  if (isTierBlocked(deal, partner, member)) return { ok: false, reason: "tier" };
  // Region: a targeted deal (available_regions defined) needs the member's regions to intersect it.
  // Decision: a member without regions of their own is evaluated with the partner account's regions
  // (the spec's region default, see effectiveMemberRegions), so that claimable_without_eligibility
  // true means a default member can really redeem. A member without regions under a partner without
  // regions fails every targeted deal; available_regions [] fails everyone.
  if (!regionsAllow(computeAvailableRegions(deal.rules), effectiveMemberRegions(member, partner))) {
    return { ok: false, reason: "region" };
  }
  if (!passesUserTypeGate(deal.rules, member.user_types)) return { ok: false, reason: "user_type" };
  const failed = firstFailingEligibilityDimension(deal.eligibility, member.eligibility);
  return failed === null ? { ok: true } : { ok: false, reason: `eligibility:${failed}` };
}

/**
 * May this member redeem the deal now? Checks in this order, first failure wins:
 * coming_soon, tier, region, user_type, eligibility:<dimension> (ELIGIBILITY_DIMENSIONS order).
 */
export function checkMemberAccess(deal: DealFacts, partner: PartnerContext, member: MemberContext): AccessResult {
  return checkGates(deal, partner, member, false);
}

/**
 * Is the deal in this member's user_id-filtered list? The same gates as checkMemberAccess, except
 * that coming_soon does not remove it. Decision: a coming_soon deal is listable (GET /v1/deals shows
 * it by default) and only not redeemable yet; the member would be able to redeem it once it goes
 * live, so hiding it from their list would hide exactly the deals announced to them. Its
 * claimable_without_eligibility is false, which is how clients tell it is not claimable yet.
 */
export function isVisibleToMemberInList(deal: DealFacts, partner: PartnerContext, member: MemberContext): boolean {
  return checkGates(deal, partner, member, true).ok;
}
