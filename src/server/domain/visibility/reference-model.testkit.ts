// TEST-ONLY reference implementation of docs/api.md, Visibility and eligibility, written differently from the engine on purpose:
// instead of "find the highest-priority matching rule", it replays the rules in ascending priority
// (includes before excludes on equal priority) over an initial state, so the last rule that touches a
// value wins. Property tests compare the engine against it. Not exported from index.ts.
import type { AudienceRegion, EligibilityDimension, PartnerType, UserType } from "@/server/domain/enums";
import type { AccessDenialReason, DealFacts, MemberContext, PartnerContext, VisibilityRuleInput } from "./types";

const REF_REGIONS: readonly AudienceRegion[] = [
  "North America",
  "South America",
  "Europe",
  "Middle East",
  "Asia",
  "Africa",
  "Oceania",
];
const REF_DIMENSIONS: readonly EligibilityDimension[] = [
  "customer_type",
  "company_stage",
  "company_size",
  "business_type",
  "geography",
  "incorporation",
  "funding",
];

const PARTNER_RULE_TYPES = ["include_partner", "exclude_partner", "include_partner_type", "exclude_partner_type"];
const REGION_RULE_TYPES = ["include_region", "exclude_region"];
const USER_TYPE_RULE_TYPES = ["include_user_type", "exclude_user_type"];

const isInclude = (r: VisibilityRuleInput) => r.rule_type.slice(0, 8) === "include_";

/** Rules in replay order: ascending priority, includes before excludes on ties. */
function replayOrder(rules: readonly VisibilityRuleInput[]): VisibilityRuleInput[] {
  return [...rules].sort((a, b) =>
    a.priority !== b.priority ? a.priority - b.priority : (isInclude(a) ? 0 : 1) - (isInclude(b) ? 0 : 1),
  );
}

function replay(rules: readonly VisibilityRuleInput[], touches: (r: VisibilityRuleInput) => boolean): boolean {
  let state = rules.every((r) => !isInclude(r));
  for (const r of replayOrder(rules)) if (touches(r)) state = isInclude(r);
  return state;
}

export function refPartnerVisible(deal: DealFacts, partner: { id: string; type: PartnerType }): boolean {
  if (deal.deal_type === "partner_private") return deal.owner_partner_id != null && deal.owner_partner_id === partner.id;
  const rules = deal.rules.filter((r) => PARTNER_RULE_TYPES.includes(r.rule_type));
  return replay(rules, (r) =>
    r.rule_type.endsWith("_type") ? r.rule_value.indexOf(partner.type) >= 0 : r.rule_value.indexOf(partner.id) >= 0,
  );
}

export function refAvailableRegions(rules: readonly VisibilityRuleInput[]): AudienceRegion[] | undefined {
  const regionRules = rules.filter((r) => REGION_RULE_TYPES.includes(r.rule_type));
  if (!regionRules.length) return undefined;
  const set = new Set<string>(regionRules.some(isInclude) ? [] : REF_REGIONS);
  for (const r of replayOrder(regionRules)) {
    for (const v of r.rule_value) {
      if (isInclude(r)) set.add(v);
      else set.delete(v);
    }
  }
  return REF_REGIONS.filter((r) => set.has(r));
}

export function refUserTypePass(rules: readonly VisibilityRuleInput[], userTypes: readonly UserType[]): boolean {
  const typeRules = rules.filter((r) => USER_TYPE_RULE_TYPES.includes(r.rule_type));
  if (userTypes.length === 0) return !typeRules.some(isInclude);
  return userTypes.some((t) => replay(typeRules, (r) => r.rule_value.indexOf(t) >= 0));
}

const intersects = (a: readonly string[], b: readonly string[]) => {
  const s = new Set(a);
  return b.some((x) => s.has(x));
};

/** All denial reasons that apply (any order), then the engine's precedence picks the first. */
export function refDenialReasons(deal: DealFacts, partner: PartnerContext, member: MemberContext): Set<AccessDenialReason> {
  const out = new Set<AccessDenialReason>();
  for (const d of REF_DIMENSIONS) {
    const req = deal.eligibility[d];
    if (req.length > 0 && !intersects(req, member.eligibility[d])) out.add(`eligibility:${d}`);
  }
  if (!refUserTypePass(deal.rules, member.user_types)) out.add("user_type");
  const avail = refAvailableRegions(deal.rules);
  const memberRegions = member.regions.length ? member.regions : partner.regions;
  if (avail !== undefined && !intersects(avail, memberRegions)) out.add("region");
  if (partner.freemium_enabled && deal.tier === "premium" && member.tier === "free") out.add("tier");
  if (deal.status === "coming_soon") out.add("coming_soon");
  return out;
}

export const REF_REASON_ORDER: readonly AccessDenialReason[] = [
  "coming_soon",
  "tier",
  "region",
  "user_type",
  ...REF_DIMENSIONS.map((d) => `eligibility:${d}` as const),
];

export function refFirstReason(deal: DealFacts, partner: PartnerContext, member: MemberContext): AccessDenialReason | null {
  const reasons = refDenialReasons(deal, partner, member);
  return REF_REASON_ORDER.find((r) => reasons.has(r)) ?? null;
}

/** The contract's claimable formula, literally (valid for deals that use vocabulary values only). */
export function refClaimable(deal: DealFacts, partner: Pick<PartnerContext, "regions">): boolean {
  if (deal.status === "coming_soon") return false;
  for (const d of ["company_stage", "business_type", "geography", "funding"] as const) {
    if (deal.eligibility[d].length > 0) return false;
  }
  const avail = refAvailableRegions(deal.rules);
  return avail === undefined || intersects(avail, partner.regions);
}
