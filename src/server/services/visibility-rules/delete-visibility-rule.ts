// DELETE /v1/partner-deals/{id}/visibility-rules/{rule_id}: remove a rule of an own deal. Touches the
// deal's updated_at.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { findOwnDealOrThrow } from "@/server/services/partner-deals/own-deal";
import { findRuleOrThrow } from "./rule-data";

export async function deleteVisibilityRule(scope: PartnerScope, dealId: string, ruleId: string): Promise<{ id: string; deleted: true }> {
  const deal = await findOwnDealOrThrow(scope, dealId);
  const current = await findRuleOrThrow(deal.id, ruleId);
  await db.$transaction(async (tx) => {
    await tx.visibilityRule.delete({ where: { id: current.id } });
    await tx.deal.update({ where: { id: deal.id }, data: { updatedAt: new Date() } });
  });
  return { id: current.id, deleted: true };
}
