// User-type dimension (contract §4).
import type { UserType } from "@/server/domain/enums";
import { resolveByPriority } from "./resolve-priority";
import { isIncludeRule, rulesOfDimension } from "./rule-dimensions";
import type { VisibilityRuleInput } from "./types";

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
  return userTypes.some((t) => resolveByPriority(typeRules, (r) => r.rule_value.includes(t)));
}
