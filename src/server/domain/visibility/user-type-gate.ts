// User-type dimension (docs/api.md, Visibility and eligibility).
import type { UserType } from "@/server/domain/enums";
import { decideByPriority, resolveByPriority, type PriorityDecision } from "./resolve-priority";
import { isIncludeRule, rulesOfDimension } from "./rule-dimensions";
import type { VisibilityRuleInput } from "./types";

/** Does a user-type rule name the user type? (The one match of the user-type dimension.) */
const namesUserType = (userType: UserType) => (r: Pick<VisibilityRuleInput, "rule_value">) => r.rule_value.includes(userType);

/** The priority decision for one user type, given the deal's user-type rules. */
export function decideUserType<R extends VisibilityRuleInput>(typeRules: readonly R[], userType: UserType): PriorityDecision<R> {
  return decideByPriority(typeRules, namesUserType(userType));
}

/**
 * A member passes when the priority rule includes at least one of their user_types.
 * - no user-type rules: everyone passes;
 * - include rules present: a member with no user_types fails;
 * - only exclude rules: a member with no user_types passes (nothing of theirs is excluded).
 */
export function passesUserTypeGate(
  rules: readonly VisibilityRuleInput[],
  userTypes: readonly UserType[],
): boolean {
  const typeRules = rulesOfDimension(rules, "user_type");
  if (typeRules.length === 0) return true;
  if (userTypes.length === 0) return !typeRules.some(isIncludeRule);
  return userTypes.some((t) => resolveByPriority(typeRules, namesUserType(t)));
}
