// The low-stock warning of a code pool (Deal.codeLowStockThreshold): set by the partner's admins in
// the portal, read by the code pool tab. null = no warning.
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { findPartnerDealOrThrow, partnerDealsWhere } from "@/server/services/deals/partner-deals/find-partner-deal";
import { countCodes } from "./code-pool";
import { writesCachedRows } from "@/server/services/cache";

export const setCodeLowStockThreshold = writesCachedRows(async function setCodeLowStockThreshold(scope: PartnerScope, dealId: string, threshold: number | null, opts: { actor?: ActivityActor } = {}) {
  const deal = await findPartnerDealOrThrow(scope, dealId);
  await db.$transaction(async (tx) => {
    // Not a deal change members can see: updated_at stays (updated_since must not report it).
    await tx.deal.updateMany({ where: { ...partnerDealsWhere(scope), id: deal.id }, data: { codeLowStockThreshold: threshold } });
    if (opts.actor) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId: scope.partnerId,
          environment: scope.environment,
          action: "codes.threshold_changed",
          target: { type: "deal", id: deal.id },
          summary: threshold === null ? `Turned off the low-stock warning of "${deal.productName}"` : `Set the low-stock warning of "${deal.productName}" to ${threshold} codes`,
          changes: { before: { threshold: deal.codeLowStockThreshold }, after: { threshold } },
        },
        tx,
      );
    }
  });
  return getCodePool(scope, dealId);
});

/** Counts plus the low-stock state: low when available codes are at or below the threshold. */
export async function getCodePool(scope: PartnerScope, dealId: string) {
  const [deal, counts] = await Promise.all([findPartnerDealOrThrow(scope, dealId), countCodes(scope, dealId)]);
  const threshold = deal.codeLowStockThreshold;
  return { ...counts, low_stock_threshold: threshold, low_stock: threshold !== null && counts.available <= threshold };
}
