// The one priority rule shared by the three dimensions (contract §4):
//   among the rules that match a value, the highest priority decides (include shows, exclude hides;
//   on equal priority exclude wins); if no rule matches, the value is hidden when the dimension has
//   at least one include rule, and shown otherwise (only exclude rules, or none).
// The result depends only on the set of rules, never on their order.
//
// Note: an include rule counts as "an include rule of the dimension" even when its rule_value is
// empty (it then matches nothing and hides every unmatched value). Rule validation should reject
// empty rule_value arrays so this never surprises anyone.
import { isIncludeRule } from "./rule-dimensions";
import type { VisibilityRuleInput } from "./types";

type RuleLike = Pick<VisibilityRuleInput, "rule_type" | "priority">;

/**
 * @param rules the rules of ONE dimension (see rulesOfDimension)
 * @param matches whether a rule matches the value being resolved
 * @returns true when the value is shown (included)
 */
export function resolveByPriority<R extends RuleLike>(
  rules: readonly R[],
  matches: (rule: R) => boolean,
): boolean {
  let hasInclude = false;
  let matched = false;
  let bestPriority = -Infinity;
  let bestIsExclude = false;
  for (const rule of rules) {
    const include = isIncludeRule(rule);
    if (include) hasInclude = true;
    if (!matches(rule)) continue;
    if (!matched || rule.priority > bestPriority) {
      matched = true;
      bestPriority = rule.priority;
      bestIsExclude = !include;
    } else if (rule.priority === bestPriority && !include) {
      bestIsExclude = true; // tie: exclude wins
    }
  }
  if (!matched) return !hasInclude;
  return !bestIsExclude;
}
