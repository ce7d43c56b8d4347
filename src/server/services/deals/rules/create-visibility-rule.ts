// POST /v1/partner-deals/{id}/visibility-rules: a rule on a partner deal (rule_value checked against
// its vocabulary, partner ids against existing partners). Touches the deal's updated_at.
import { db } from "@/server/db/client";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { type VisibilityRuleCreateInput, type VisibilityRuleDto } from "@/server/schemas/visibility-rule.schema";
import type { PartnerScope } from "@/server/scope";
import { findPartnerDealOrThrow, touchPartnerDeal } from "@/server/services/deals/partner-deals/find-partner-deal";
import { assertRuleValue, serializeRule } from "./rule-data";
import { writesCachedRows } from "@/server/services/cache";

/** opts.actor (portal): recorded in the activity log, in the same transaction. */
export const createVisibilityRule = writesCachedRows(async function createVisibilityRule(
  scope: PartnerScope,
  dealId: string,
  input: VisibilityRuleCreateInput,
  opts: { actor?: ActivityActor } = {},
): Promise<VisibilityRuleDto> {
  const deal = await findPartnerDealOrThrow(scope, dealId);
  const values = await assertRuleValue(input.rule_type, input.rule_value);
  const rule = await db.$transaction(async (tx) => {
    await touchPartnerDeal(tx, scope, deal.id);
    const created = await tx.visibilityRule.create({
      data: { dealId: deal.id, partnerId: scope.partnerId, environment: scope.environment, ruleType: input.rule_type, ruleValue: values, priority: input.priority },
    });
    if (opts.actor) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "rule.created",
          target: { type: "visibility_rule", id: created.id },
          summary: `Added a visibility rule ${created.ruleType} (priority ${created.priority}) to "${deal.productName}"`,
          changes: { after: { deal_id: deal.id, rule_type: created.ruleType, rule_value: created.ruleValue, priority: created.priority } },
        },
        tx,
      );
    }
    return created;
  });
  return serializeRule(rule);
});
