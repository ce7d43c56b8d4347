// DELETE /v1/partner-deals/{id}/visibility-rules/{rule_id}: remove a rule of an own deal. Touches the
// deal's updated_at.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { findOwnDealOrThrow, touchOwnDeal } from "@/server/services/partner-deals/own-deal";
import { findRuleOrThrow, ruleNotFound } from "./rule-data";

export async function deleteVisibilityRule(scope: PartnerScope, dealId: string, ruleId: string): Promise<{ id: string; deleted: true }> {
  const deal = await findOwnDealOrThrow(scope, dealId);
  const current = await findRuleOrThrow(deal.id, ruleId);
  await db.$transaction(async (tx) => {
    await touchOwnDeal(tx, scope, deal.id);
    // deleteMany: a concurrent DELETE of the same rule is a 404, not a missing-row 500.
    const { count } = await tx.visibilityRule.deleteMany({ where: { id: current.id, dealId: deal.id } });
    if (count === 0) throw ruleNotFound();
  });
  return { id: current.id, deleted: true };
}
