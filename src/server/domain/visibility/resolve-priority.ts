// The one priority rule shared by the three dimensions (docs/api.md, Visibility and eligibility):
//   among the rules that match a value, the highest priority decides (include shows, exclude hides;
//   on equal priority exclude wins); if no rule matches, the value is hidden when the dimension has
//   at least one include rule, and shown otherwise (only exclude rules, or none).
// The result depends only on the set of rules, never on their order.
//
// decideByPriority says WHICH rule decided (the portal's "why"); resolveByPriority is the boolean
// the API uses. Both run the same loop (resolve below), so the reasons can never disagree with what
// /v1 does.
//
// Note: an include rule counts as "an include rule of the dimension" even when its rule_value is
// empty (it then matches nothing and hides every unmatched value). Rule validation should reject
// empty rule_value arrays so this never surprises anyone.
import { isIncludeRule } from "./rule-dimensions";
import type { VisibilityRuleInput } from "./types";

type RuleLike = Pick<VisibilityRuleInput, "rule_type" | "priority">;

/** No rule matched and the dimension has an include rule: hidden. */
export const NO_MATCH_HIDDEN = Symbol("no matching rule; include rules exist");
/** No rule matched and the dimension has no include rule: shown. */
export const NO_MATCH_SHOWN = Symbol("no matching rule; no include rule");

/** The deciding rule (highest priority match, exclude on ties), or why no rule decided. */
export type PriorityDecision<R> = R | typeof NO_MATCH_HIDDEN | typeof NO_MATCH_SHOWN;

// What the last resolution found (read right after it, synchronously): decideByPriority reports it,
// resolveByPriority does not need it. One loop serves both, without allocating per call.
let foundRule: RuleLike | null = null;
let foundHasInclude = false;

function resolve<R extends RuleLike>(rules: readonly R[], matches: (rule: R) => boolean): boolean {
  let hasInclude = false;
  let best: R | null = null;
  let bestIsExclude = false;
  for (const rule of rules) {
    const include = isIncludeRule(rule);
    if (include) hasInclude = true;
    if (!matches(rule)) continue;
    if (best === null || rule.priority > best.priority) {
      best = rule;
      bestIsExclude = !include;
    } else if (rule.priority === best.priority && !include && !bestIsExclude) {
      best = rule; // tie: exclude wins
      bestIsExclude = true;
    }
  }
  foundRule = best;
  foundHasInclude = hasInclude;
  return best === null ? !hasInclude : !bestIsExclude;
}

/**
 * The deciding rule (highest priority match, exclude on ties), or why no rule decided.
 * @param rules the rules of ONE dimension (see rulesOfDimension)
 * @param matches whether a rule matches the value being resolved
 */
export function decideByPriority<R extends RuleLike>(rules: readonly R[], matches: (rule: R) => boolean): PriorityDecision<R> {
  resolve(rules, matches);
  const rule = foundRule as R | null;
  foundRule = null;
  if (rule === null) return foundHasInclude ? NO_MATCH_HIDDEN : NO_MATCH_SHOWN;
  return rule;
}

/** Is the decision "shown"? */
export function isShown<R extends RuleLike>(decision: PriorityDecision<R>): boolean {
  if (decision === NO_MATCH_SHOWN) return true;
  if (decision === NO_MATCH_HIDDEN) return false;
  return isIncludeRule(decision);
}

/**
 * @param rules the rules of ONE dimension (see rulesOfDimension)
 * @param matches whether a rule matches the value being resolved
 * @returns true when the value is shown (included)
 */
export function resolveByPriority<R extends RuleLike>(rules: readonly R[], matches: (rule: R) => boolean): boolean {
  const shown = resolve(rules, matches);
  foundRule = null; // never keep a rule object alive
  return shown;
}
