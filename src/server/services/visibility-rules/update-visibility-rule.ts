// PATCH /v1/partner-deals/{id}/visibility-rules/{rule_id}: any of rule_type, rule_value, priority of
// a rule of an own deal. Touches the deal's updated_at.
import { db } from "@/server/db/client";
import { parseWith } from "@/server/http/read-json-body";
import { visibilityRuleUpdateSchema, type VisibilityRuleDto, type VisibilityRuleUpdateInput } from "@/server/schemas/visibility-rule.schema";
import type { PartnerScope } from "@/server/scope";
import { findOwnDealOrThrow, touchOwnDeal } from "@/server/services/partner-deals/own-deal";
import { assertRuleValue, findRuleOrThrow, serializeRule } from "./rule-data";

export async function updateVisibilityRule(scope: PartnerScope, dealId: string, ruleId: string, raw: VisibilityRuleUpdateInput): Promise<VisibilityRuleDto> {
  const input = parseWith(visibilityRuleUpdateSchema, raw);
  const deal = await findOwnDealOrThrow(scope, dealId);
  const current = await findRuleOrThrow(deal.id, ruleId);
  const type = input.rule_type ?? current.ruleType;
  // A new rule_type must fit the stored values too, and new values the (new or stored) type.
  const values = input.rule_type !== undefined || input.rule_value !== undefined ? await assertRuleValue(type, input.rule_value ?? current.ruleValue) : undefined;
  if (input.rule_type === undefined && input.rule_value === undefined && input.priority === undefined) return serializeRule(current);
  const rule = await db.$transaction(async (tx) => {
    await touchOwnDeal(tx, scope, deal.id);
    return tx.visibilityRule.update({
      where: { id: current.id },
      data: { ruleType: type, ...(values ? { ruleValue: values } : {}), ...(input.priority !== undefined ? { priority: input.priority } : {}) },
    });
  });
  return serializeRule(rule);
}
