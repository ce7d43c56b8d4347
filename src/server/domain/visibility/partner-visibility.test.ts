import { describe, expect, it } from "vitest";
import { DEFAULT_LISTED_STATUSES, isDealVisibleToPartner, isListableStatus } from "./partner-visibility";
import type { DealFacts, PartnerContext, VisibilityRuleInput } from "./types";
import type { PartnerType, RuleType } from "@/server/domain/enums";

const A = "aaaaaaaa-0000-4000-8000-000000000001";
const B = "bbbbbbbb-0000-4000-8000-000000000002";
const C = "cccccccc-0000-4000-8000-000000000003";
const partner = (id: string, type: PartnerType): PartnerContext => ({ id, type, regions: [], freemium_enabled: false });
const bankA = partner(A, "Bank");
const bankB = partner(B, "Bank");
const vcC = partner(C, "VC fund");
const rule = (rule_type: RuleType, rule_value: string[], priority = 0): VisibilityRuleInput => ({
  rule_type,
  rule_value,
  priority,
});
const deal = (rules: VisibilityRuleInput[], extra: Partial<DealFacts> = {}): DealFacts => ({
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
  },
  rules,
  ...extra,
});
const seenBy = (d: DealFacts) => {
  const fwd = [bankA, bankB, vcC].map((p) => isDealVisibleToPartner(d, p));
  const rev = [bankA, bankB, vcC].map((p) => isDealVisibleToPartner({ ...d, rules: [...d.rules].reverse() }, p));
  expect(rev).toEqual(fwd);
  return fwd; // [A (Bank), B (Bank), C (VC fund)]
};

describe("partner dimension (servicepass)", () => {
  it("no rules: visible to every partner", () => {
    expect(seenBy(deal([]))).toEqual([true, true, true]);
  });
  it("include_partner: only the listed partners", () => {
    expect(seenBy(deal([rule("include_partner", [A, C])]))).toEqual([true, false, true]);
  });
  it("exclude_partner: everyone but the listed partners", () => {
    expect(seenBy(deal([rule("exclude_partner", [A])]))).toEqual([false, true, true]);
  });
  it("include_partner_type: only partners of the listed types", () => {
    expect(seenBy(deal([rule("include_partner_type", ["Bank"])]))).toEqual([true, true, false]);
  });
  it("exclude_partner_type: everyone but partners of the listed types", () => {
    expect(seenBy(deal([rule("exclude_partner_type", ["Bank"])]))).toEqual([false, false, true]);
  });
  it("type include + higher id exclude (one dimension)", () => {
    const d = deal([rule("include_partner_type", ["Bank"], 0), rule("exclude_partner", [A], 1)]);
    expect(seenBy(d)).toEqual([false, true, false]);
  });
  it("type exclude + higher id include: the id rule wins for that partner; others unmatched are hidden (an include exists)", () => {
    const d = deal([rule("exclude_partner_type", ["Bank"], 0), rule("include_partner", [A], 1)]);
    expect(seenBy(d)).toEqual([true, false, false]);
  });
  it("id include vs type exclude at equal priority: exclude wins", () => {
    const d = deal([rule("include_partner", [A], 1), rule("exclude_partner_type", ["Bank"], 1)]);
    expect(seenBy(d)).toEqual([false, false, false]);
  });
  it("type include with higher priority than id exclude: visible", () => {
    const d = deal([rule("include_partner_type", ["Bank"], 2), rule("exclude_partner", [A], 1)]);
    expect(seenBy(d)).toEqual([true, true, false]);
  });
  it("id exclude vs type include at equal priority: exclude wins for the excluded id only", () => {
    const d = deal([rule("exclude_partner", [A], 0), rule("include_partner_type", ["Bank"], 0)]);
    expect(seenBy(d)).toEqual([false, true, false]);
  });
  it("exclude-only, partner matches nothing: shown", () => {
    const d = deal([rule("exclude_partner", [B]), rule("exclude_partner_type", ["Accelerator"])]);
    expect(seenBy(d)).toEqual([true, false, true]);
  });
  it("region and user-type rules (even includes) do not belong to the partner dimension", () => {
    const d = deal([rule("include_region", ["Europe"]), rule("include_user_type", ["SME"])]);
    expect(seenBy(d)).toEqual([true, true, true]);
    const d2 = deal([rule("include_region", ["Europe"]), rule("exclude_partner", [C])]);
    expect(seenBy(d2)).toEqual([true, true, false]);
  });
});

describe("partner_private deals", () => {
  it("visible only to the owner", () => {
    expect(seenBy(deal([], { deal_type: "partner_private", owner_partner_id: B }))).toEqual([false, true, false]);
  });
  it("partner rules cannot open it to another partner", () => {
    const d = deal([rule("include_partner", [A, C], 5), rule("include_partner_type", ["VC fund"], 5)], {
      deal_type: "partner_private",
      owner_partner_id: B,
    });
    expect(seenBy(d)).toEqual([false, true, false]);
  });
  it("without an owner nobody sees it", () => {
    expect(seenBy(deal([], { deal_type: "partner_private", owner_partner_id: null }))).toEqual([false, false, false]);
  });
  it("an owner on a servicepass deal does not restrict it", () => {
    expect(seenBy(deal([], { owner_partner_id: A }))).toEqual([true, true, true]);
  });
});

describe("status helpers", () => {
  it("draft is never listable; every other status is", () => {
    expect(isListableStatus("draft")).toBe(false);
    for (const s of ["live", "coming_soon", "paused", "expired"] as const) expect(isListableStatus(s)).toBe(true);
  });
  it("default list statuses are live and coming_soon", () => {
    expect([...DEFAULT_LISTED_STATUSES].sort()).toEqual(["coming_soon", "live"]);
  });
});
