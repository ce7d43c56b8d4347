// POST /v1/partner-deals/{id}/visibility-rules: a rule on an own deal (rule_value checked against
// its vocabulary, partner ids against existing partners). Touches the deal's updated_at.
import { db } from "@/server/db/client";
import { parseWith } from "@/server/http/read-json-body";
import { visibilityRuleCreateSchema, type VisibilityRuleCreateInput, type VisibilityRuleDto } from "@/server/schemas/visibility-rule.schema";
import type { PartnerScope } from "@/server/scope";
import { findOwnDealOrThrow, touchOwnDeal } from "@/server/services/partner-deals/own-deal";
import { assertRuleValue, serializeRule } from "./rule-data";

export async function createVisibilityRule(scope: PartnerScope, dealId: string, raw: VisibilityRuleCreateInput): Promise<VisibilityRuleDto> {
  const input = parseWith(visibilityRuleCreateSchema, raw);
  const deal = await findOwnDealOrThrow(scope, dealId);
  const values = await assertRuleValue(input.rule_type, input.rule_value);
  const rule = await db.$transaction(async (tx) => {
    await touchOwnDeal(tx, scope, deal.id);
    return tx.visibilityRule.create({
      data: { dealId: deal.id, partnerId: scope.partnerId, environment: scope.environment, ruleType: input.rule_type, ruleValue: values, priority: input.priority },
    });
  });
  return serializeRule(rule);
}
