// DELETE /v1/partner-deals/{id}/visibility-rules/{rule_id}: remove a rule of a partner deal. Touches the
// deal's updated_at.
import { db } from "@/server/db/client";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import type { PartnerScope } from "@/server/scope";
import { findPartnerDealOrThrow, touchPartnerDeal } from "@/server/services/deals/partner-deals/find-partner-deal";
import { findRuleOrThrow, ruleNotFound } from "./rule-data";
import { writesCachedRows } from "@/server/services/cache";

/** opts.actor (portal): recorded in the activity log, in the same transaction. */
export const deleteVisibilityRule = writesCachedRows(async function deleteVisibilityRule(scope: PartnerScope, dealId: string, ruleId: string, opts: { actor?: ActivityActor } = {}): Promise<{ id: string; deleted: true }> {
  const deal = await findPartnerDealOrThrow(scope, dealId);
  const current = await findRuleOrThrow(deal.id, ruleId);
  await db.$transaction(async (tx) => {
    await touchPartnerDeal(tx, scope, deal.id);
    // deleteMany: a concurrent DELETE of the same rule is a 404, not a missing-row 500.
    const { count } = await tx.visibilityRule.deleteMany({ where: { id: current.id, dealId: deal.id } });
    if (count === 0) throw ruleNotFound();
    if (opts.actor) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "rule.deleted",
          target: { type: "visibility_rule", id: current.id },
          summary: `Removed the visibility rule ${current.ruleType} (priority ${current.priority}) from "${deal.productName}"`,
          changes: { before: { rule_type: current.ruleType, rule_value: current.ruleValue, priority: current.priority } },
        },
        tx,
      );
    }
  });
  return { id: current.id, deleted: true };
});
