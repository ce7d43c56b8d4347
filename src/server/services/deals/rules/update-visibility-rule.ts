// PATCH /v1/partner-deals/{id}/visibility-rules/{rule_id}: any of rule_type, rule_value, priority of
// a rule of a partner deal. Touches the deal's updated_at.
import { db } from "@/server/db/client";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { type VisibilityRuleDto, type VisibilityRuleUpdateInput } from "@/server/schemas/visibility-rule.schema";
import type { PartnerScope } from "@/server/scope";
import { findPartnerDealOrThrow, touchPartnerDeal } from "@/server/services/deals/partner-deals/find-partner-deal";
import { assertRuleValue, findRuleOrThrow, ruleNotFound, serializeRule } from "./rule-data";
import { writesCachedRows } from "@/server/services/cache";

/** opts.actor (portal): recorded in the activity log, in the same transaction. */
export const updateVisibilityRule = writesCachedRows(async function updateVisibilityRule(
  scope: PartnerScope,
  dealId: string,
  ruleId: string,
  input: VisibilityRuleUpdateInput,
  opts: { actor?: ActivityActor } = {},
): Promise<VisibilityRuleDto> {
  const deal = await findPartnerDealOrThrow(scope, dealId);
  const current = await findRuleOrThrow(deal.id, ruleId);
  const type = input.rule_type ?? current.ruleType;
  // A new rule_type must fit the stored values too, and new values the (new or stored) type.
  const values = input.rule_type !== undefined || input.rule_value !== undefined ? await assertRuleValue(type, input.rule_value ?? current.ruleValue) : undefined;
  if (input.rule_type === undefined && input.rule_value === undefined && input.priority === undefined) return serializeRule(current);
  const rule = await db.$transaction(async (tx) => {
    await touchPartnerDeal(tx, scope, deal.id);
    // updateMany: a rule deleted concurrently is this resource's 404, not a generic missing-row one.
    const { count } = await tx.visibilityRule.updateMany({
      where: { id: current.id, dealId: deal.id },
      data: { ruleType: type, ...(values ? { ruleValue: values } : {}), ...(input.priority !== undefined ? { priority: input.priority } : {}) },
    });
    if (count === 0) throw ruleNotFound();
    const updated = await tx.visibilityRule.findUniqueOrThrow({ where: { id: current.id } });
    if (opts.actor) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "rule.updated",
          target: { type: "visibility_rule", id: current.id },
          summary: `Changed a visibility rule of "${deal.productName}" to ${updated.ruleType} (priority ${updated.priority})`,
          changes: {
            before: { rule_type: current.ruleType, rule_value: current.ruleValue, priority: current.priority },
            after: { rule_type: updated.ruleType, rule_value: updated.ruleValue, priority: updated.priority },
          },
        },
        tx,
      );
    }
    return updated;
  });
  return serializeRule(rule);
});
