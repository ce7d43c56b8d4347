import { describe, expect, it } from "vitest";
import { computeAvailableRegions, effectiveMemberRegions, regionsAllow } from "./available-regions";
import type { VisibilityRuleInput } from "./types";
import type { AudienceRegion, RuleType } from "@/server/domain/enums";

const rule = (rule_type: RuleType, rule_value: string[], priority = 0): VisibilityRuleInput => ({
  rule_type,
  rule_value,
  priority,
});
const regions = (rules: VisibilityRuleInput[]) => {
  const a = computeAvailableRegions(rules);
  expect(computeAvailableRegions([...rules].reverse())).toEqual(a);
  return a;
};

describe("computeAvailableRegions", () => {
  it("no rules: undefined (field omitted = all regions)", () => {
    expect(regions([])).toBeUndefined();
  });
  it("only rules of other dimensions: undefined", () => {
    expect(regions([rule("include_partner_type", ["Bank"]), rule("exclude_user_type", ["SME"])])).toBeUndefined();
  });
  it("include: the included regions, in the enumeration's order regardless of rule_value order", () => {
    expect(regions([rule("include_region", ["Oceania", "Asia", "North America"])])).toEqual([
      "North America",
      "Asia",
      "Oceania",
    ]);
  });
  it("only excludes: start from all seven", () => {
    expect(regions([rule("exclude_region", ["Europe"])])).toEqual([
      "North America",
      "South America",
      "Middle East",
      "Asia",
      "Africa",
      "Oceania",
    ]);
    expect(regions([rule("exclude_region", ["Europe"], 1), rule("exclude_region", ["Asia", "Africa"], 0)])).toEqual([
      "North America",
      "South America",
      "Middle East",
      "Oceania",
    ]);
  });
  it("excluding all seven: [] (not omitted)", () => {
    const all = ["Oceania", "Africa", "Asia", "Middle East", "Europe", "South America", "North America"];
    expect(regions([rule("exclude_region", all)])).toEqual([]);
  });
  it("include and exclude of the same region at equal priority: excluded", () => {
    expect(regions([rule("include_region", ["Europe"], 0), rule("exclude_region", ["Europe"], 0)])).toEqual([]);
  });
  it("mixed: higher exclude removes from an include", () => {
    expect(regions([rule("include_region", ["Europe", "Asia"], 0), rule("exclude_region", ["Asia"], 1)])).toEqual([
      "Europe",
    ]);
  });
  it("mixed: higher include beats an exclude; unmatched regions stay out because an include exists", () => {
    expect(regions([rule("include_region", ["Asia"], 2), rule("exclude_region", ["Asia", "Europe"], 1)])).toEqual([
      "Asia",
    ]);
    expect(regions([rule("exclude_region", ["Europe"], 0), rule("include_region", ["Europe"], 1)])).toEqual(["Europe"]);
  });
  it("an include with an empty rule_value resolves to no region at all", () => {
    expect(regions([rule("include_region", [])])).toEqual([]);
  });
  it("several includes and excludes at mixed priorities", () => {
    const rules = [
      rule("include_region", ["Europe", "Africa", "Asia"], 0),
      rule("exclude_region", ["Africa", "Asia", "Oceania"], 1),
      rule("include_region", ["Asia", "Oceania"], 1), // tie with the exclude: Asia and Oceania stay out
      rule("include_region", ["Africa"], 2),
    ];
    expect(regions(rules)).toEqual(["Europe", "Africa"]);
  });
});

describe("regionsAllow", () => {
  it("untargeted allows anyone, even with no regions", () => {
    expect(regionsAllow(undefined, [])).toBe(true);
  });
  it("targeted needs an intersection", () => {
    expect(regionsAllow(["Europe"], ["Asia", "Europe"])).toBe(true);
    expect(regionsAllow(["Europe"], ["Asia"])).toBe(false);
    expect(regionsAllow(["Europe"], [])).toBe(false);
  });
  it("[] allows nobody", () => {
    const all: AudienceRegion[] = ["North America", "South America", "Europe", "Middle East", "Asia", "Africa", "Oceania"];
    expect(regionsAllow([], all)).toBe(false);
  });
});

describe("effectiveMemberRegions", () => {
  it("member's own regions when set, else the partner's", () => {
    expect(effectiveMemberRegions({ regions: ["Asia"] }, { regions: ["Europe"] })).toEqual(["Asia"]);
    expect(effectiveMemberRegions({ regions: [] }, { regions: ["Europe"] })).toEqual(["Europe"]);
    expect(effectiveMemberRegions({ regions: [] }, { regions: [] })).toEqual([]);
  });
});
