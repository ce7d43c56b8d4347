import { describe, expect, it } from "vitest";
import { describeRuleSet } from "./describe-rule-set";
import type { VisibilityRuleInput } from "./types";

const rule = (rule_type: VisibilityRuleInput["rule_type"], rule_value: string[], priority = 0): VisibilityRuleInput => ({ rule_type, rule_value, priority });
const ID = "11111111-1111-4111-8111-111111111111";

describe("describeRuleSet", () => {
  it("no rules: every partner", () => {
    expect(describeRuleSet([])).toBe("Visible to every partner.");
  });
  it("partner type and region includes, with a named exclusion", () => {
    expect(describeRuleSet([rule("include_partner_type", ["Accelerator"]), rule("include_region", ["Europe"]), rule("exclude_partner", [ID], 5)])).toBe(
      "Visible to Accelerator partners, except 1 named partner; members can redeem it in Europe only.",
    );
  });
  it("excluded regions read as 'every region except'", () => {
    expect(describeRuleSet([rule("exclude_region", ["Asia"])])).toBe("Visible to every partner; members can redeem it in every region except Asia.");
  });
  it("priorities are honoured: a higher include brings a region back, and an include leaves out unnamed regions", () => {
    expect(describeRuleSet([rule("exclude_region", ["Europe", "Asia"], 1), rule("include_region", ["Asia"], 2)])).toBe("Visible to every partner; members can redeem it in Asia only.");
    expect(describeRuleSet([rule("exclude_region", ["Europe", "Asia"], 2), rule("include_region", ["Asia"], 1)])).toBe("Visible to every partner; members cannot redeem it in any region.");
  });
  it("region rules that include nothing say so", () => {
    expect(describeRuleSet([rule("include_region", ["Europe"], 0), rule("exclude_region", ["Europe"], 0)])).toBe(
      "Visible to every partner; members cannot redeem it in any region.",
    );
  });
  it("user types, and own deals", () => {
    expect(describeRuleSet([rule("include_user_type", ["SME", "Scale-up"])], "partner_private")).toBe("Visible to your members only for Scale-up or SME members.");
    expect(describeRuleSet([rule("exclude_user_type", ["SME"])], "partner_private")).toBe(
      "Visible to your members only for Idea stage, Early-stage startup, Growth-stage startup or Scale-up members (or with no user type).",
    );
  });
  it("an excluded partner type among many reads as 'every partner except'", () => {
    expect(describeRuleSet([rule("exclude_partner_type", ["Bank"])])).toBe("Visible to every partner except Bank partners.");
  });
});
