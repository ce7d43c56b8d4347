// Visibility rules of partner deals: serialization, validation of rule values, and the
// scope of rule queries.
import type { VisibilityRule } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { RuleType } from "@/server/domain/enums";
import { AppError } from "@/server/errors/app-error";
import { isPartnerRuleType, ruleValueProblems, type VisibilityRuleDto } from "@/server/schemas/visibility-rule.schema";
import { isUuid } from "@/server/domain/ids";

export function serializeRule(r: VisibilityRule): VisibilityRuleDto {
  return {
    id: r.id,
    deal_id: r.dealId,
    rule_type: r.ruleType,
    rule_value: r.ruleValue,
    priority: r.priority,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const ruleNotFound = () => new AppError("visibility_rule_not_found", "No visibility rule with this id exists on this deal");

/**
 * rule_value against the rule_type's vocabulary (partner ids: UUIDs, lower-cased). Whether a partner
 * id exists is deliberately not checked: the answer would tell one partner which ids are other
 * partners (issue 10); an id that names no partner simply never matches.
 * `prefix` names the field in the 400 (`rule_value` or `[3].visibility_rules[0].rule_value`).
 */
export async function assertRuleValue(type: RuleType, values: readonly string[], prefix = "rule_value"): Promise<string[]> {
  const problems = ruleValueProblems(type, values).map((p) => ({ param: `${prefix}[${p.index}]`, message: `${prefix}[${p.index}]: ${p.message}` }));
  const normalized = isPartnerRuleType(type) ? values.map((v) => v.toLowerCase()) : [...values];
  if (problems.length) {
    throw new AppError("parameter_invalid", problems[0].message, { param: problems[0].param, errors: problems.length > 1 ? problems : undefined });
  }
  return [...new Set(normalized)];
}

/** A rule of the given (already scope-checked) deal, or 404. */
export async function findRuleOrThrow(dealId: string, ruleId: string) {
  if (!isUuid(ruleId)) throw ruleNotFound();
  const rule = await db.visibilityRule.findFirst({ where: { id: ruleId.toLowerCase(), dealId } });
  if (!rule) throw ruleNotFound();
  return rule;
}
