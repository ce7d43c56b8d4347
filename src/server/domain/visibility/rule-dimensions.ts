// Which dimension each rule type belongs to, and whether it includes or excludes.
import type { RuleType } from "@/server/domain/enums";
import type { RuleDimension, VisibilityRuleInput } from "./types";

const RULE_DIMENSION: Readonly<Record<RuleType, RuleDimension>> = {
  include_partner: "partner",
  exclude_partner: "partner",
  include_partner_type: "partner",
  exclude_partner_type: "partner",
  include_region: "region",
  exclude_region: "region",
  include_user_type: "user_type",
  exclude_user_type: "user_type",
};

export function isIncludeRule(rule: Pick<VisibilityRuleInput, "rule_type">): boolean {
  return rule.rule_type.startsWith("include_");
}

export function rulesOfDimension<R extends Pick<VisibilityRuleInput, "rule_type">>(
  rules: readonly R[],
  dimension: RuleDimension,
): R[] {
  return rules.filter((r) => RULE_DIMENSION[r.rule_type] === dimension);
}
