import { describe, expect, it } from "vitest";
import { checkMemberAccess, isVisibleToMemberInList } from "./member-access";
import type { DealFacts, MemberContext, PartnerContext, VisibilityRuleInput } from "./types";
import type { AudienceRegion, EligibilityDimension, RuleType } from "@/server/domain/enums";

const P = "aaaaaaaa-0000-4000-8000-000000000001";
const partner = (extra: Partial<PartnerContext> = {}): PartnerContext => ({
  id: P,
  type: "Accelerator",
  regions: ["Europe"],
  freemium_enabled: false,
  ...extra,
});
const rule = (rule_type: RuleType, rule_value: string[], priority = 0): VisibilityRuleInput => ({
  rule_type,
  rule_value,
  priority,
});
const noElig = (): Record<EligibilityDimension, string[]> => ({
  customer_type: [],
  company_stage: [],
  company_size: [],
  business_type: [],
  geography: [],
  incorporation: [],
  funding: [],
});
const deal = (extra: Partial<DealFacts> = {}, elig: Partial<Record<EligibilityDimension, string[]>> = {}): DealFacts => ({
  deal_type: "servicepass",
  owner_partner_id: null,
  status: "live",
  tier: "free",
  eligibility: { ...noElig(), ...elig },
  rules: [],
  ...extra,
});
const member = (extra: Partial<MemberContext> = {}, elig: Partial<Record<EligibilityDimension, string[]>> = {}): MemberContext => ({
  tier: "free",
  user_types: [],
  regions: [],
  eligibility: { ...noElig(), ...elig },
  ...extra,
});
const reason = (d: DealFacts, p: PartnerContext, m: MemberContext) => {
  const r = checkMemberAccess(d, p, m);
  return r.ok ? "ok" : r.reason;
};

describe("checkMemberAccess: each gate", () => {
  it("a plain live deal: ok", () => {
    expect(reason(deal(), partner(), member())).toBe("ok");
  });
  it("coming_soon", () => {
    expect(reason(deal({ status: "coming_soon" }), partner(), member())).toBe("coming_soon");
  });
  describe("tier", () => {
    const premium = deal({ tier: "premium" });
    it("freemium on: premium deal, free member → tier", () => {
      expect(reason(premium, partner({ freemium_enabled: true }), member())).toBe("tier");
    });
    it("freemium on: premium member passes; free deal passes for a free member", () => {
      expect(reason(premium, partner({ freemium_enabled: true }), member({ tier: "premium" }))).toBe("ok");
      expect(reason(deal(), partner({ freemium_enabled: true }), member())).toBe("ok");
    });
    it("freemium off: tier is ignored", () => {
      expect(reason(premium, partner({ freemium_enabled: false }), member())).toBe("ok");
    });
  });
  describe("region", () => {
    const eu = deal({ rules: [rule("include_region", ["Europe"])] });
    it("untargeted: anyone, also without regions under a partner without regions", () => {
      expect(reason(deal(), partner({ regions: [] }), member())).toBe("ok");
    });
    it("member regions intersect: ok; disjoint: region", () => {
      expect(reason(eu, partner(), member({ regions: ["Asia", "Europe"] }))).toBe("ok");
      expect(reason(eu, partner(), member({ regions: ["Asia"] }))).toBe("region");
    });
    it("the member's own regions win over the partner's", () => {
      expect(reason(eu, partner({ regions: ["Europe"] }), member({ regions: ["Asia"] }))).toBe("region");
      expect(reason(eu, partner({ regions: ["Asia"] }), member({ regions: ["Europe"] }))).toBe("ok");
    });
    it("a member without regions is evaluated with the partner's regions", () => {
      expect(reason(eu, partner({ regions: ["Europe"] }), member())).toBe("ok");
      expect(reason(eu, partner({ regions: ["Asia"] }), member())).toBe("region");
    });
    it("a member without regions under a partner without regions fails a targeted deal", () => {
      expect(reason(eu, partner({ regions: [] }), member())).toBe("region");
      expect(reason(deal({ rules: [rule("exclude_region", ["Asia"])] }), partner({ regions: [] }), member())).toBe("region");
    });
    it("available_regions [] fails everyone", () => {
      const all: AudienceRegion[] = ["North America", "South America", "Europe", "Middle East", "Asia", "Africa", "Oceania"];
      const nowhere = deal({ rules: [rule("exclude_region", all)] });
      expect(reason(nowhere, partner({ regions: all }), member({ regions: all }))).toBe("region");
    });
  });
  describe("user_type", () => {
    it("include rules: matching member ok, other or none → user_type", () => {
      const d = deal({ rules: [rule("include_user_type", ["SME"])] });
      expect(reason(d, partner(), member({ user_types: ["SME"] }))).toBe("ok");
      expect(reason(d, partner(), member({ user_types: ["Scale-up"] }))).toBe("user_type");
      expect(reason(d, partner(), member())).toBe("user_type");
    });
    it("exclude only: member without user_types ok; excluded-only member → user_type", () => {
      const d = deal({ rules: [rule("exclude_user_type", ["SME"])] });
      expect(reason(d, partner(), member())).toBe("ok");
      expect(reason(d, partner(), member({ user_types: ["SME"] }))).toBe("user_type");
    });
  });
  describe("eligibility:<dimension>", () => {
    const cases: [EligibilityDimension, string, string][] = [
      ["customer_type", "New customer", "Existing customer"],
      ["company_stage", "Seed", "Idea"],
      ["company_size", "1-10", "1000+"],
      ["business_type", "B2B", "B2C"],
      ["geography", "US", "DE"],
      ["incorporation", "Incorporated", "Not incorporated"],
      ["funding", "Angel", "Bootstrapped"],
    ];
    for (const [d, need, other] of cases) {
      it(d, () => {
        const dl = deal({}, { [d]: [need] });
        expect(reason(dl, partner(), member({}, { [d]: [other, need] }))).toBe("ok");
        expect(reason(dl, partner(), member({}, { [d]: [other] }))).toBe(`eligibility:${d}`);
        expect(reason(dl, partner(), member({}, { [d]: [] }))).toBe(`eligibility:${d}`);
      });
    }
  });
});

describe("checkMemberAccess: order of checks", () => {
  // A deal failing every gate for this member; fixing gates one by one reveals the next reason.
  const p = partner({ freemium_enabled: true, regions: ["Asia"] });
  const d = deal(
    { status: "coming_soon", tier: "premium", rules: [rule("include_region", ["Europe"]), rule("include_user_type", ["SME"])] },
    { customer_type: ["New customer"], company_stage: ["Seed"], funding: ["Angel"] },
  );
  it("coming_soon > tier > region > user_type > eligibility in dimension order", () => {
    let m = member({}, { customer_type: ["Existing customer"] });
    expect(reason(d, p, m)).toBe("coming_soon");
    const live = { ...d, status: "live" as const };
    expect(reason(live, p, m)).toBe("tier");
    m = { ...m, tier: "premium" };
    expect(reason(live, p, m)).toBe("region");
    m = { ...m, regions: ["Europe"] };
    expect(reason(live, p, m)).toBe("user_type");
    m = { ...m, user_types: ["SME"] };
    expect(reason(live, p, m)).toBe("eligibility:customer_type");
    m = { ...m, eligibility: { ...m.eligibility, customer_type: ["New customer"] } };
    expect(reason(live, p, m)).toBe("eligibility:company_stage");
    m = { ...m, eligibility: { ...m.eligibility, company_stage: ["Seed"] } };
    expect(reason(live, p, m)).toBe("eligibility:funding");
    m = { ...m, eligibility: { ...m.eligibility, funding: ["Angel"] } };
    expect(reason(live, p, m)).toBe("ok");
    expect(reason(d, p, m)).toBe("coming_soon");
  });
});

describe("isVisibleToMemberInList", () => {
  it("a coming_soon deal the member could otherwise redeem stays listed", () => {
    expect(isVisibleToMemberInList(deal({ status: "coming_soon" }), partner(), member())).toBe(true);
  });
  it("a coming_soon deal failing another gate is not listed", () => {
    const d = deal({ status: "coming_soon", tier: "premium" });
    expect(isVisibleToMemberInList(d, partner({ freemium_enabled: true }), member())).toBe(false);
    expect(isVisibleToMemberInList(d, partner({ freemium_enabled: false }), member())).toBe(true);
  });
  it("freemium on hides premium deals from free members only", () => {
    const d = deal({ tier: "premium" });
    expect(isVisibleToMemberInList(d, partner({ freemium_enabled: true }), member())).toBe(false);
    expect(isVisibleToMemberInList(d, partner({ freemium_enabled: true }), member({ tier: "premium" }))).toBe(true);
  });
  it("region, user-type and eligibility gates hide", () => {
    expect(isVisibleToMemberInList(deal({ rules: [rule("include_region", ["Asia"])] }), partner(), member())).toBe(false);
    expect(isVisibleToMemberInList(deal({ rules: [rule("include_user_type", ["SME"])] }), partner(), member())).toBe(false);
    expect(isVisibleToMemberInList(deal({}, { geography: ["US"] }), partner(), member())).toBe(false);
    expect(isVisibleToMemberInList(deal({}, { geography: ["US"] }), partner(), member({}, { geography: ["US"] }))).toBe(
      true,
    );
  });
});
