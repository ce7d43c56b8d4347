// Region dimension → available_regions (docs/api.md, Visibility and eligibility).
import { AUDIENCE_REGIONS, type AudienceRegion } from "@/server/domain/enums";
import { decideByPriority, resolveByPriority, type PriorityDecision } from "./resolve-priority";
import { rulesOfDimension } from "./rule-dimensions";
import type { MemberContext, PartnerContext, VisibilityRuleInput } from "./types";

/** Does a region rule name the region? (The one match of the region dimension.) */
const namesRegion = (region: AudienceRegion) => (r: Pick<VisibilityRuleInput, "rule_value">) => r.rule_value.includes(region);

/** The priority decision for one region, given the deal's region rules (rulesOfDimension "region"). */
export function decideRegion<R extends VisibilityRuleInput>(regionRules: readonly R[], region: AudienceRegion): PriorityDecision<R> {
  return decideByPriority(regionRules, namesRegion(region));
}

/**
 * undefined when the deal has no region rules (the field is omitted: all regions); otherwise the
 * regions that the priority rule includes, in AUDIENCE_REGIONS order. With only exclude rules every
 * unmatched region stays included (start from all seven). May be [] (redeemable nowhere), which must
 * never be read as "all regions".
 */
export function computeAvailableRegions(rules: readonly VisibilityRuleInput[]): AudienceRegion[] | undefined {
  const regionRules = rulesOfDimension(rules, "region");
  if (regionRules.length === 0) return undefined;
  return AUDIENCE_REGIONS.filter((region) => resolveByPriority(regionRules, namesRegion(region)));
}

/** Does a holder of `regions` pass a deal whose available_regions is `available`? */
export function regionsAllow(
  available: readonly AudienceRegion[] | undefined,
  regions: readonly AudienceRegion[],
): boolean {
  if (available === undefined) return true; // untargeted: all regions
  return regions.some((r) => available.includes(r));
}

/**
 * The regions a member is evaluated with. A member's region default is the partner account's
 * regions (docs/api.md, Visibility and eligibility; claimable_without_eligibility): a member created
 * with only an email must be able to redeem exactly what claimable_without_eligibility promises.
 * So a member with no regions of their own is evaluated with the partner's regions; a member with
 * no regions under a partner with no regions has no regions at all and fails every targeted deal
 * (as "a partner with no regions set fails any targeted deal").
 */
export function effectiveMemberRegions(
  member: Pick<MemberContext, "regions">,
  partner: Pick<PartnerContext, "regions">,
): readonly AudienceRegion[] {
  return member.regions.length > 0 ? member.regions : partner.regions;
}
