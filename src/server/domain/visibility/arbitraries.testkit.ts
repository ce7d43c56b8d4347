// TEST-ONLY fast-check arbitraries for the visibility engine. Small value pools so that rules
// match often and priorities tie often.
import fc from "fast-check";
import type { AudienceRegion, DealStatus, EligibilityDimension, PartnerType, RuleType, UserType } from "@/server/domain/enums";
import type { DealFacts, EligibilityMap, MemberContext, PartnerContext, VisibilityRuleInput } from "./types";

const PARTNER_IDS = [
  "11111111-1111-4111-8111-111111111111",
  "22222222-2222-4222-8222-222222222222",
  "33333333-3333-4333-8333-333333333333",
];
const SOME_PARTNER_TYPES: PartnerType[] = ["VC fund", "Accelerator", "Bank", "Other"];
export const ALL_REGIONS: AudienceRegion[] = [
  "North America",
  "South America",
  "Europe",
  "Middle East",
  "Asia",
  "Africa",
  "Oceania",
];
const ALL_USER_TYPES: UserType[] = ["Idea stage", "Early-stage startup", "Growth-stage startup", "Scale-up", "SME"];
export const VOCAB: Record<EligibilityDimension, string[]> = {
  customer_type: ["New customer", "Existing customer"],
  company_stage: ["Idea", "Pre-seed", "Seed", "Series A", "Series B", "Series C+"],
  company_size: ["1-10", "11-50", "51-200", "201-1000", "1000+"],
  business_type: ["B2B", "B2C", "B2B2C", "Marketplace", "Non-profit", "Agency"],
  geography: ["US", "DE", "FR", "GB", "NG"],
  incorporation: ["Incorporated", "Not incorporated"],
  funding: ["Bootstrapped", "Angel", "VC-backed", "Grant-funded"],
};
export const DIMS = Object.keys(VOCAB) as EligibilityDimension[];

const priorityArb = fc.integer({ min: -2, max: 3 });

function ruleArb(types: RuleType[], pool: string[]): fc.Arbitrary<VisibilityRuleInput> {
  return fc.record({
    rule_type: fc.constantFrom(...types),
    rule_value: fc.subarray(pool, { minLength: 1 }),
    priority: priorityArb,
  });
}

export const partnerRuleArb = fc.oneof(
  ruleArb(["include_partner", "exclude_partner"], PARTNER_IDS),
  ruleArb(["include_partner_type", "exclude_partner_type"], SOME_PARTNER_TYPES),
);
export const regionRuleArb = ruleArb(["include_region", "exclude_region"], ALL_REGIONS);
export const userTypeRuleArb = ruleArb(["include_user_type", "exclude_user_type"], ALL_USER_TYPES);
export const anyRuleArb = fc.oneof(partnerRuleArb, regionRuleArb, userTypeRuleArb);
export const rulesArb = fc.array(anyRuleArb, { maxLength: 8 });

const eligibilityArb = (emptyBias = 3): fc.Arbitrary<EligibilityMap> =>
  fc.record(
    Object.fromEntries(
      DIMS.map((d) => [d, fc.oneof({ weight: emptyBias, arbitrary: fc.constant([] as string[]) }, { weight: 1, arbitrary: fc.subarray(VOCAB[d]) })]),
    ) as Record<EligibilityDimension, fc.Arbitrary<string[]>>,
  );

const statusArb = fc.constantFrom<DealStatus>("draft", "live", "expired", "paused", "coming_soon");

export const dealArb: fc.Arbitrary<DealFacts> = fc.record({
  deal_type: fc.constantFrom("servicepass" as const, "partner_private" as const),
  owner_partner_id: fc.option(fc.constantFrom(...PARTNER_IDS), { nil: null }),
  status: statusArb,
  tier: fc.constantFrom("free" as const, "premium" as const),
  eligibility: eligibilityArb(),
  rules: rulesArb,
});

export const partnerArb: fc.Arbitrary<PartnerContext> = fc.record({
  id: fc.constantFrom(...PARTNER_IDS),
  type: fc.constantFrom(...SOME_PARTNER_TYPES),
  regions: fc.subarray(ALL_REGIONS),
  freemium_enabled: fc.boolean(),
});

export const memberArb: fc.Arbitrary<MemberContext> = fc.record({
  tier: fc.constantFrom("free" as const, "premium" as const),
  user_types: fc.subarray(ALL_USER_TYPES),
  regions: fc.subarray(ALL_REGIONS),
  eligibility: eligibilityArb(1),
});

/** A permutation of the given array. */
export const permutationOf = <T>(xs: readonly T[]): fc.Arbitrary<T[]> =>
  fc.shuffledSubarray([...xs], { minLength: xs.length, maxLength: xs.length });

/** A deal with the listing flags the catalogue filters on (explain.ts). */
export const listingDealArb = fc
  .record({
    deal: dealArb,
    active: fc.boolean(),
    hidden_globally: fc.boolean(),
    api_excluded: fc.boolean(),
    ended: fc.boolean(),
  })
  .map(({ deal, active, hidden_globally, api_excluded, ended }) => ({
    ...deal,
    rules: deal.rules.map((r, i) => ({ ...r, id: `rule-${i}` })),
    active,
    hidden_globally,
    api_excluded,
    ended,
    end_date: ended ? "2020-01-01" : null,
  }));
