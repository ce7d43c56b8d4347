// claimable_without_eligibility (docs/api.md, Visibility and eligibility), relative to the calling partner.
import { computeAvailableRegions, regionsAllow } from "./available-regions";
import { defaultMemberEligibility, eligibilityFailures } from "./eligibility-gate";
import type { DealFacts, MemberContext, PartnerContext } from "./types";
import type { AudienceRegion, EligibilityDimension } from "@/server/domain/enums";

/**
 * The member a partner gets from POST /v1/users with only an email: free tier, no user_types,
 * the partner account's regions as region default, default eligibility.
 */
export function defaultMember(partner: Pick<PartnerContext, "regions">): MemberContext {
  return {
    tier: "free",
    user_types: [],
    regions: [...partner.regions],
    eligibility: defaultMemberEligibility(),
  };
}

/**
 * true unless
 * - status is coming_soon (not redeemable yet), or
 * - a default member fails an eligibility dimension. A default member holds [] for company_stage,
 *   business_type, geography and funding, so any non-empty requirement there blocks. It holds the
 *   whole vocabulary of customer_type, company_size and incorporation, so a requirement there blocks
 *   only if none of its values is in the vocabulary — impossible for validated deals (which use
 *   vocabulary values only), so for them this is exactly the contract's "requires any of
 *   company_stage, business_type, geography, funding". Evaluating the default member instead of
 *   hard-coding the four dimensions keeps rule 1 ("a default member can redeem it now") true even for
 *   an off-vocabulary legacy value.
 * - or the region dimension is targeted (available_regions defined) and the partner account's
 *   regions do not intersect available_regions (a partner with no regions fails every targeted deal;
 *   available_regions [] fails everyone).
 * Tier (rule 4) and user types (rule 5) do not count. Other statuses (paused, expired) do not count
 * either: status filtering is the caller's job.
 */
export function isClaimableWithoutEligibility(
  deal: Pick<DealFacts, "status" | "eligibility" | "rules">,
  partner: Pick<PartnerContext, "regions">,
  availableRegions: AudienceRegion[] | undefined = computeAvailableRegions(deal.rules),
): boolean {
  return blockers(deal, partner, availableRegions, null);
}

/** Why claimable_without_eligibility is false (empty when true): the same checks, all of them. */
type ClaimableBlocker = "coming_soon" | "region" | `eligibility:${EligibilityDimension}`;

export function claimableBlockers(
  deal: Pick<DealFacts, "status" | "eligibility" | "rules">,
  partner: Pick<PartnerContext, "regions">,
  availableRegions: AudienceRegion[] | undefined = computeAvailableRegions(deal.rules),
): ClaimableBlocker[] {
  const out: ClaimableBlocker[] = [];
  blockers(deal, partner, availableRegions, out);
  return out;
}

// true when claimable. With `out` null it stops at the first blocker (the API's path, no
// allocation); otherwise it collects every blocker there.
function blockers(
  deal: Pick<DealFacts, "status" | "eligibility" | "rules">,
  partner: Pick<PartnerContext, "regions">,
  availableRegions: AudienceRegion[] | undefined,
  out: ClaimableBlocker[] | null,
): boolean {
  if (deal.status === "coming_soon") {
    if (out === null) return false;
    out.push("coming_soon");
  }
  const dims = out === null ? null : ([] as EligibilityDimension[]);
  if (eligibilityFailures(deal.eligibility, defaultMemberEligibility(), dims) !== null) {
    if (out === null) return false;
    for (const d of dims!) out.push(`eligibility:${d}`);
  }
  if (!regionsAllow(availableRegions, partner.regions)) {
    if (out === null) return false;
    out.push("region");
  }
  return out === null || out.length === 0;
}
