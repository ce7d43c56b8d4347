// The portal's funnel (analytics.funnel and the ROI report): member × deal pairs, each step a
// subset of the one before (redemption-funnel-sql.ts), so every rate is at most 100%.
import { readDb } from "@/server/db/read-db";
import { requireScope, type PartnerScope } from "@/server/scope";
import { analyticsWindow } from "./analytics-window";
import { funnelPairsCte } from "./redemption-funnel-sql";
import { FUNNEL_STEP_KEYS as FUNNEL_STEPS, type FunnelStepKey } from "@/server/schemas/analytics-portal.schema";

type FunnelCounts = Record<FunnelStepKey, number>;

type FunnelStep = { step: FunnelStepKey; count: number; rate_from_previous: number | null };

/** The steps with their rate from the step before (null for the first step and after a zero). */
function funnelSteps(counts: FunnelCounts): FunnelStep[] {
  return FUNNEL_STEPS.map((step, i) => {
    const prev = i === 0 ? 0 : counts[FUNNEL_STEPS[i - 1]];
    return { step, count: counts[step], rate_from_previous: i === 0 || prev === 0 ? null : counts[step] / prev };
  });
}

const FUNNEL_SQL = `WITH ${funnelPairsCte("$3", "$4")}
SELECT count(*)::int AS viewed, count(*) FILTER (WHERE started)::int AS started,
       count(*) FILTER (WHERE redeemed)::int AS redeemed, count(*) FILTER (WHERE confirmed)::int AS confirmed
FROM funnel_pairs`;

/** The funnel over the last days×24 hours (the window of the key figures). */
export async function getRedemptionFunnel(scope: PartnerScope, opts: { days: number; now?: Date }): Promise<FunnelStep[]> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const now = opts.now ?? new Date();
  const { start } = analyticsWindow(now, opts.days);
  const [row] = await readDb(scope).$queryRawUnsafe<FunnelCounts[]>(FUNNEL_SQL, partnerId, environment, start.toISOString(), now.toISOString());
  return funnelSteps(row);
}
