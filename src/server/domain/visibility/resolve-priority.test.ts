import { describe, expect, it } from "vitest";
import { resolveByPriority } from "./resolve-priority";
import type { VisibilityRuleInput } from "./types";
import type { RuleType } from "@/server/domain/enums";

const rule = (rule_type: RuleType, rule_value: string[], priority = 0): VisibilityRuleInput => ({
  rule_type,
  rule_value,
  priority,
});
/** Resolve value v over rules, in the given order and reversed; both must agree. */
function resolve(rules: VisibilityRuleInput[], v: string): boolean {
  const m = (r: VisibilityRuleInput) => r.rule_value.includes(v);
  const a = resolveByPriority(rules, m);
  const b = resolveByPriority([...rules].reverse(), m);
  expect(b).toBe(a);
  return a;
}

describe("resolveByPriority", () => {
  it("no rules: shown", () => {
    expect(resolve([], "x")).toBe(true);
  });
  it("include only: matching shown, unmatched hidden", () => {
    const rules = [rule("include_region", ["x"])];
    expect(resolve(rules, "x")).toBe(true);
    expect(resolve(rules, "y")).toBe(false);
  });
  it("exclude only: matching hidden, unmatched shown", () => {
    const rules = [rule("exclude_region", ["x"])];
    expect(resolve(rules, "x")).toBe(false);
    expect(resolve(rules, "y")).toBe(true);
  });
  it("equal priority: exclude wins, in either order", () => {
    expect(resolve([rule("include_region", ["x"], 1), rule("exclude_region", ["x"], 1)], "x")).toBe(false);
    expect(resolve([rule("exclude_region", ["x"], 1), rule("include_region", ["x"], 1)], "x")).toBe(false);
  });
  it("higher priority decides", () => {
    expect(resolve([rule("include_region", ["x"], 2), rule("exclude_region", ["x"], 1)], "x")).toBe(true);
    expect(resolve([rule("include_region", ["x"], 1), rule("exclude_region", ["x"], 2)], "x")).toBe(false);
  });
  it("negative priorities compare numerically", () => {
    expect(resolve([rule("include_region", ["x"], -1), rule("exclude_region", ["x"], -2)], "x")).toBe(true);
    expect(resolve([rule("include_region", ["x"], -3), rule("exclude_region", ["x"], -2)], "x")).toBe(false);
  });
  it("only matching rules compete: a higher unmatched include does not override a matching exclude", () => {
    const rules = [rule("exclude_region", ["x"], 0), rule("include_region", ["y"], 5)];
    expect(resolve(rules, "x")).toBe(false);
    expect(resolve(rules, "y")).toBe(true);
    expect(resolve(rules, "z")).toBe(false); // unmatched, an include exists
  });
  it("matching include beats a higher unmatched exclude", () => {
    const rules = [rule("include_region", ["x"], 0), rule("exclude_region", ["y"], 5)];
    expect(resolve(rules, "x")).toBe(true);
    expect(resolve(rules, "y")).toBe(false);
    expect(resolve(rules, "z")).toBe(false);
  });
  it("several matching rules: the single highest decides, lower ties are irrelevant", () => {
    const rules = [
      rule("exclude_region", ["x"], 1),
      rule("include_region", ["x"], 1),
      rule("include_region", ["x"], 3),
      rule("exclude_region", ["x"], 2),
    ];
    expect(resolve(rules, "x")).toBe(true);
    expect(resolve([...rules, rule("exclude_region", ["x"], 3)], "x")).toBe(false);
  });
  it("unmatched with excludes only: shown; unmatched with any include: hidden", () => {
    expect(resolve([rule("exclude_region", ["a"], 9), rule("exclude_region", ["b"])], "z")).toBe(true);
    expect(resolve([rule("exclude_region", ["a"], 9), rule("include_region", ["b"])], "z")).toBe(false);
  });
  it("an include rule with an empty rule_value still counts as an include (hides unmatched values)", () => {
    expect(resolve([rule("include_region", [])], "x")).toBe(false);
    expect(resolve([rule("exclude_region", [])], "x")).toBe(true);
  });
});
