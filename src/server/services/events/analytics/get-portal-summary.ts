// The portal's key figures (Overview and Analytics): the GET /v1/analytics summary, unchanged, plus
// the redemption records of the same window (get-redemption-counts.ts), which is what the portal
// calls "redemptions" everywhere. The event-based figures keep their event names on the pages.
import type { PortalSummary } from "@/server/schemas/analytics-portal.schema";
import type { PartnerScope } from "@/server/scope";
import { analyticsWindow } from "./analytics-window";
import { getAnalyticsSummary } from "./get-analytics-summary";
import { getRedemptionCounts } from "./get-redemption-counts";

export async function getPortalSummary(scope: PartnerScope, opts: { days: number; now?: Date }): Promise<PortalSummary> {
  const now = opts.now ?? new Date();
  const { start } = analyticsWindow(now, opts.days);
  const [summary, records] = await Promise.all([getAnalyticsSummary(scope, { days: opts.days, now }), getRedemptionCounts(scope, { from: start, to: now })]);
  return {
    ...summary,
    redemptions_recorded: records.recorded,
    codes_claimed_recorded: records.with_code,
    top_deals: summary.top_deals.map((d) => ({ ...d, redemptions_recorded: records.by_deal[d.deal_id] ?? 0 })),
  };
}
