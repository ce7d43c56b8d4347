import { describe, expect, it } from "vitest";
import { passesUserTypeGate } from "./user-type-gate";
import type { VisibilityRuleInput } from "./types";
import type { RuleType, UserType } from "@/server/domain/enums";

const rule = (rule_type: RuleType, rule_value: string[], priority = 0): VisibilityRuleInput => ({
  rule_type,
  rule_value,
  priority,
});
const pass = (rules: VisibilityRuleInput[], types: UserType[]) => {
  const a = passesUserTypeGate(rules, types);
  expect(passesUserTypeGate([...rules].reverse(), [...types].reverse())).toBe(a);
  return a;
};

describe("user-type dimension", () => {
  it("no user-type rules: everyone passes, also a member without user_types", () => {
    expect(pass([], [])).toBe(true);
    expect(pass([rule("include_region", ["Europe"]), rule("include_partner_type", ["Bank"])], [])).toBe(true);
    expect(pass([], ["SME"])).toBe(true);
  });
  it("include: members holding at least one included type", () => {
    const rules = [rule("include_user_type", ["SME", "Scale-up"])];
    expect(pass(rules, ["SME"])).toBe(true);
    expect(pass(rules, ["Idea stage", "Scale-up"])).toBe(true);
    expect(pass(rules, ["Idea stage"])).toBe(false);
  });
  it("include present: a member with no user_types fails", () => {
    expect(pass([rule("include_user_type", ["SME"])], [])).toBe(false);
    expect(pass([rule("include_user_type", ["SME"]), rule("exclude_user_type", ["Idea stage"], 5)], [])).toBe(false);
  });
  it("only excludes: a member with no user_types passes", () => {
    expect(pass([rule("exclude_user_type", ["SME"])], [])).toBe(true);
  });
  it("exclude: fails only when every type of the member is excluded", () => {
    const rules = [rule("exclude_user_type", ["SME"])];
    expect(pass(rules, ["SME"])).toBe(false);
    expect(pass(rules, ["SME", "Scale-up"])).toBe(true);
    expect(pass(rules, ["Scale-up"])).toBe(true);
  });
  it("tie: exclude wins for that type", () => {
    const rules = [rule("include_user_type", ["SME"], 1), rule("exclude_user_type", ["SME"], 1)];
    expect(pass(rules, ["SME"])).toBe(false);
  });
  it("mixed priorities", () => {
    const rules = [rule("include_user_type", ["SME", "Idea stage"], 0), rule("exclude_user_type", ["SME"], 1)];
    expect(pass(rules, ["SME"])).toBe(false);
    expect(pass(rules, ["Idea stage"])).toBe(true);
    expect(pass(rules, ["SME", "Idea stage"])).toBe(true);
    expect(pass(rules, ["Scale-up"])).toBe(false); // unmatched while an include exists
    const rules2 = [rule("exclude_user_type", ["SME"], 0), rule("include_user_type", ["SME"], 2)];
    expect(pass(rules2, ["SME"])).toBe(true);
    expect(pass(rules2, ["Growth-stage startup"])).toBe(false);
  });
});
