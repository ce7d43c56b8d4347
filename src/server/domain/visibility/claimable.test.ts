import { describe, expect, it } from "vitest";
import { defaultMember, isClaimableWithoutEligibility } from "./claimable";
import { evaluateDealForPartner } from "./evaluate-deal";
import type { DealFacts, PartnerContext, VisibilityRuleInput } from "./types";
import type { AudienceRegion, DealStatus, EligibilityDimension, RuleType } from "@/server/domain/enums";

const P = "aaaaaaaa-0000-4000-8000-000000000001";
const Q = "bbbbbbbb-0000-4000-8000-000000000002";
const partner = (regions: AudienceRegion[], freemium = false): PartnerContext => ({
  id: P,
  type: "Accelerator",
  regions,
  freemium_enabled: freemium,
});
const rule = (rule_type: RuleType, rule_value: string[], priority = 0): VisibilityRuleInput => ({
  rule_type,
  rule_value,
  priority,
});
const deal = (extra: Partial<DealFacts> = {}, elig: Partial<Record<EligibilityDimension, string[]>> = {}): DealFacts => ({
  deal_type: "servicepass",
  owner_partner_id: null,
  status: "live",
  tier: "free",
  eligibility: {
    customer_type: [],
    company_stage: [],
    company_size: [],
    business_type: [],
    geography: [],
    incorporation: [],
    funding: [],
    ...elig,
  },
  rules: [],
  ...extra,
});
const claim = (d: DealFacts, p: PartnerContext) => isClaimableWithoutEligibility(d, p);

describe("claimable_without_eligibility", () => {
  it("a plain live deal is claimable, even for a partner without regions", () => {
    expect(claim(deal(), partner([]))).toBe(true);
  });
  it("coming_soon is never claimable; other statuses do not count", () => {
    expect(claim(deal({ status: "coming_soon" }), partner(["Europe"]))).toBe(false);
    for (const s of ["live", "paused", "expired", "draft"] as DealStatus[]) {
      expect(claim(deal({ status: s }), partner(["Europe"]))).toBe(true);
    }
  });
  it.each([
    ["company_stage", ["Seed"]],
    ["business_type", ["B2B"]],
    ["geography", ["US"]],
    ["funding", ["Angel"]],
  ] as const)("a requirement on %s makes it not claimable", (d, v) => {
    expect(claim(deal({}, { [d]: [...v] }), partner(["Europe"]))).toBe(false);
  });
  it.each([
    ["customer_type", ["New customer"]],
    ["customer_type", ["Existing customer"]],
    ["company_size", ["1000+"]],
    ["company_size", ["1-10", "11-50"]],
    ["incorporation", ["Not incorporated"]],
  ] as const)("a vocabulary requirement on %s (%j) keeps it claimable (default member holds the whole vocabulary)", (d, v) => {
    expect(claim(deal({}, { [d]: [...v] }), partner([]))).toBe(true);
  });
  it("an off-vocabulary value in a permissive dimension makes it not claimable (a default member could not redeem)", () => {
    expect(claim(deal({}, { customer_type: ["Returning customer"] }), partner([]))).toBe(false);
  });
  it("tier does not count, with or without freemium", () => {
    expect(claim(deal({ tier: "premium" }), partner([], true))).toBe(true);
    expect(claim(deal({ tier: "premium" }), partner([], false))).toBe(true);
  });
  it("user-type rules do not count", () => {
    expect(claim(deal({ rules: [rule("include_user_type", ["SME"])] }), partner([]))).toBe(true);
  });
  it("partner rules do not count", () => {
    expect(claim(deal({ rules: [rule("exclude_partner", [P])] }), partner([]))).toBe(true);
  });
  describe("region (relative to the partner account's regions)", () => {
    const eu = deal({ rules: [rule("include_region", ["Europe"])] });
    it("targeted and intersecting: claimable", () => {
      expect(claim(eu, partner(["Asia", "Europe"]))).toBe(true);
    });
    it("targeted and disjoint: not claimable", () => {
      expect(claim(eu, partner(["Asia"]))).toBe(false);
    });
    it("a partner without regions fails any targeted deal, also an exclude-only one", () => {
      expect(claim(eu, partner([]))).toBe(false);
      expect(claim(deal({ rules: [rule("exclude_region", ["Asia"])] }), partner([]))).toBe(false);
    });
    it("exclude-only targeting", () => {
      const notEu = deal({ rules: [rule("exclude_region", ["Europe"])] });
      expect(claim(notEu, partner(["Europe"]))).toBe(false);
      expect(claim(notEu, partner(["Europe", "Africa"]))).toBe(true);
    });
    it("available_regions [] is claimable by nobody", () => {
      const nowhere = deal({ rules: [rule("include_region", ["Europe"]), rule("exclude_region", ["Europe"])] });
      expect(claim(nowhere, partner(["Europe", "Asia", "Africa"]))).toBe(false);
    });
  });
  it("defaultMember: free, no user types, the partner's regions, default eligibility", () => {
    expect(defaultMember(partner(["Asia"]))).toEqual({
      tier: "free",
      user_types: [],
      regions: ["Asia"],
      eligibility: {
        customer_type: ["New customer", "Existing customer"],
        company_stage: [],
        company_size: ["1-10", "11-50", "51-200", "201-1000", "1000+"],
        business_type: [],
        geography: [],
        incorporation: ["Incorporated", "Not incorporated"],
        funding: [],
      },
    });
  });
});

describe("evaluateDealForPartner", () => {
  it("combines visibility, listability, regions and claimable", () => {
    const d = deal({ rules: [rule("include_region", ["Europe", "Asia"]), rule("exclude_partner", [Q])] });
    expect(evaluateDealForPartner(d, partner(["Asia"]))).toEqual({
      visible_to_partner: true,
      listable: true,
      available_regions: ["Europe", "Asia"],
      claimable_without_eligibility: true,
    });
    expect(evaluateDealForPartner(d, { ...partner(["Africa"]), id: Q })).toEqual({
      visible_to_partner: false,
      listable: false,
      available_regions: ["Europe", "Asia"],
      claimable_without_eligibility: false,
    });
  });
  it("own draft: visible to the owner but not listable; untargeted regions are omitted", () => {
    const d = deal({ deal_type: "partner_private", owner_partner_id: P, status: "draft" });
    const e = evaluateDealForPartner(d, partner([]));
    expect(e).toEqual({
      visible_to_partner: true,
      listable: false,
      available_regions: undefined,
      claimable_without_eligibility: true,
    });
    expect("available_regions" in e && e.available_regions === undefined).toBe(true);
  });
});
