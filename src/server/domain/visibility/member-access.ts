// Per-member checks: redemption (GET /v1/deals/{id}/instructions) and user_id-filtered lists.
// Partner visibility (isDealVisibleToPartner) and status filtering are the caller's job and come
// first: an invisible deal is 404 deal_not_found, never 403.
import { computeAvailableRegions, effectiveMemberRegions, regionsAllow } from "./available-regions";
import { eligibilityFailures } from "./eligibility-gate";
import type { EligibilityDimension } from "@/server/domain/enums";
import { passesUserTypeGate } from "./user-type-gate";
import type { AccessDenialReason, AccessResult, DealFacts, MemberContext, PartnerContext } from "./types";

/** Tier gating: only under freemium, a premium deal is closed to a free member. */
function isTierBlocked(
  deal: Pick<DealFacts, "tier">,
  partner: Pick<PartnerContext, "freemium_enabled">,
  member: Pick<MemberContext, "tier">,
): boolean {
  return partner.freemium_enabled && deal.tier === "premium" && member.tier === "free";
}

/**
 * The gates a member fails, in precedence order: coming_soon, tier, region, user_type,
 * eligibility:<dimension> (ELIGIBILITY_DIMENSIONS order). With `out` null it stops at the first and
 * returns it (the API's path, no allocation); with an array it collects every failure there (the
 * portal's reasons) and returns the first.
 */
function gateFailures(
  deal: DealFacts,
  partner: PartnerContext,
  member: MemberContext,
  ignoreComingSoon: boolean,
  out: AccessDenialReason[] | null,
): AccessDenialReason | null {
  if (!ignoreComingSoon && deal.status === "coming_soon") {
    if (out === null) return "coming_soon";
    out.push("coming_soon");
  }
  if (isTierBlocked(deal, partner, member)) {
    if (out === null) return "tier";
    out.push("tier");
  }
  // Region: a targeted deal (available_regions defined) needs the member's regions to intersect it.
  // Decision: a member without regions of their own is evaluated with the partner account's regions
  // (the spec's region default, see effectiveMemberRegions), so that claimable_without_eligibility
  // true means a default member can really redeem. A member without regions under a partner without
  // regions fails every targeted deal; available_regions [] fails everyone.
  if (!regionsAllow(computeAvailableRegions(deal.rules), effectiveMemberRegions(member, partner))) {
    if (out === null) return "region";
    out.push("region");
  }
  if (!passesUserTypeGate(deal.rules, member.user_types)) {
    if (out === null) return "user_type";
    out.push("user_type");
  }
  const dims = out === null ? null : ([] as EligibilityDimension[]);
  const failed = eligibilityFailures(deal.eligibility, member.eligibility, dims);
  if (out === null) return failed === null ? null : `eligibility:${failed}`;
  for (const d of dims!) out.push(`eligibility:${d}`);
  return out[0] ?? null;
}

/** Every gate the member fails, in precedence order (the portal's explanations). */
export function memberGateFailures(deal: DealFacts, partner: PartnerContext, member: MemberContext, opts: { ignoreComingSoon: boolean }): AccessDenialReason[] {
  const out: AccessDenialReason[] = [];
  gateFailures(deal, partner, member, opts.ignoreComingSoon, out);
  return out;
}

function checkGates(deal: DealFacts, partner: PartnerContext, member: MemberContext, ignoreComingSoon: boolean): AccessResult {
  const failed = gateFailures(deal, partner, member, ignoreComingSoon, null);
  return failed === null ? { ok: true } : { ok: false, reason: failed };
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
