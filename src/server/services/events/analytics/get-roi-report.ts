// The portal's ROI report (issue 29): the funnel listed → viewed → clicked → redeemed → confirmed per
// deal and overall, and the estimated value delivered (est_value of redeemed deals, confirmed by the
// provider and self-reported apart) per period, over the last `days`×24 hours. Listing, views and
// clicks come from the deal rollups; redeemed and confirmed from the redemption records
// (a provider confirmation is not an event: docs/decisions/provider-conversions.md), by redeemed_at
// and confirmed_at. One statement, beside the member digests' figures of the same window.
import { db } from "@/server/db/client";
import type { RoiReport } from "@/server/schemas/analytics-portal.schema";
import { requireScope, type PartnerScope } from "@/server/scope";
import { analyticsWindow } from "./analytics-window";
import { getDigestFigures } from "./get-digest-figures";
import { dealsOfRows } from "../event-rollup-sql";
import { windowCtes, windowParams } from "./window-counts-sql";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Day buckets up to a month, weeks up to a quarter, months beyond. */
function roiGrain(days: number): RoiReport["grain"] {
  return days <= 31 ? "day" : days <= 92 ? "week" : "month";
}

// Listed, viewed and clicked per deal come from the deal rollups over the window's buckets plus the
// raw events of its first partial hour (analytics-window.ts), so the report reads a bounded number of
// rows whatever the volume (reading the window's raw events took seconds at millions of events).
// Parameters: $1–$6 as windowParams (window-counts-sql.ts), $7 the end of the period, $8 the grain.
const ROI_SQL = `
WITH ${windowCtes("partner_id, environment, event_type, occurred_at, deal_id, deal_ids")},
counts AS (
  SELECT t.deal_id, t.listed, t.views AS viewed, t.clicks AS clicked
  FROM ranges r CROSS JOIN LATERAL (
    SELECT deal_id, listed, views, clicks FROM deal_event_rollups
    WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND grain = r.grain AND bucket_start >= r.lo AND bucket_start < r.hi
  ) t
  UNION ALL
  -- The first partial hour, expanded to deals by the rollups' own rule (event-rollup-sql.ts).
  SELECT deal_id, (event_type = 'deal_list_viewed')::int, (event_type = 'deal_detail_viewed')::int, (event_type = 'redeem_url_clicked')::int
  FROM (${dealsOfRows("edge")}) e
),
ev_deals AS (
  SELECT deal_id, sum(listed)::int AS listed, sum(viewed)::int AS viewed, sum(clicked)::int AS clicked FROM counts
  GROUP BY deal_id HAVING sum(listed) > 0 OR sum(viewed) > 0 OR sum(clicked) > 0
),
red AS (
  SELECT deal_id, confirmed, redeemed_at, confirmed_at FROM redemptions
  WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND reversed_at IS NULL
    AND ((redeemed_at >= $3 AND redeemed_at < $7) OR (confirmed AND confirmed_at >= $3 AND confirmed_at < $7))
),
red_deals AS (
  SELECT deal_id,
         count(*) FILTER (WHERE redeemed_at >= $3 AND redeemed_at < $7)::int AS redeemed,
         count(*) FILTER (WHERE confirmed AND confirmed_at >= $3 AND confirmed_at < $7)::int AS confirmed,
         count(*) FILTER (WHERE NOT confirmed AND redeemed_at >= $3 AND redeemed_at < $7)::int AS self_reported
  FROM red GROUP BY deal_id
),
per_deal AS (
  SELECT d.id AS deal_id, d.product_name, d.est_value, d.tracking_enabled,
         coalesce(e.listed, 0) AS listed, coalesce(e.viewed, 0) AS viewed, coalesce(e.clicked, 0) AS clicked,
         coalesce(r.redeemed, 0) AS redeemed, coalesce(r.confirmed, 0) AS confirmed,
         coalesce(r.confirmed, 0) * coalesce(d.est_value, 0) AS value_confirmed,
         coalesce(r.self_reported, 0) * coalesce(d.est_value, 0) AS value_self_reported
  FROM (SELECT deal_id FROM ev_deals UNION SELECT deal_id FROM red_deals) ids
  JOIN deals d ON d.id = ids.deal_id AND (d.deal_type = 'servicepass' OR (d.owner_partner_id = $1::uuid AND d.environment = $2::"Environment"))
  LEFT JOIN ev_deals e ON e.deal_id = ids.deal_id
  LEFT JOIN red_deals r ON r.deal_id = ids.deal_id
),
periods AS (
  SELECT date_trunc($8, at, 'UTC') AS period_start,
         count(*) FILTER (WHERE kind = 'redeemed')::int AS redeemed,
         count(*) FILTER (WHERE kind = 'confirmed')::int AS confirmed,
         coalesce(sum(value) FILTER (WHERE kind = 'confirmed'), 0) AS value_confirmed,
         coalesce(sum(value) FILTER (WHERE kind = 'redeemed' AND NOT confirmed), 0) AS value_self_reported
  FROM (
    SELECT 'redeemed' AS kind, r.redeemed_at AS at, r.confirmed, coalesce(d.est_value, 0) AS value FROM red r JOIN deals d ON d.id = r.deal_id
      WHERE r.redeemed_at >= $3 AND r.redeemed_at < $7
    UNION ALL
    SELECT 'confirmed', r.confirmed_at, true, coalesce(d.est_value, 0) FROM red r JOIN deals d ON d.id = r.deal_id
      WHERE r.confirmed AND r.confirmed_at >= $3 AND r.confirmed_at < $7
  ) x GROUP BY 1
)
SELECT json_build_object(
  'deals', (SELECT coalesce(json_agg(p ORDER BY p.confirmed DESC, p.redeemed DESC, p.clicked DESC, p.viewed DESC, lower(p.product_name), p.deal_id), '[]'::json) FROM per_deal p),
  'periods', (SELECT coalesce(json_agg(json_build_object(
      'period_start', to_char(period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'redeemed', redeemed, 'confirmed', confirmed,
      'value_confirmed', value_confirmed, 'value_self_reported', value_self_reported) ORDER BY period_start), '[]'::json) FROM periods)
)::text AS report`;

type RawDeal = RoiReport["deals"][number];

export async function getRoiReport(scope: PartnerScope, opts: { days: number; now?: Date }): Promise<RoiReport> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const to = opts.now ?? new Date();
  const from = new Date(to.getTime() - opts.days * DAY_MS);
  const grain = roiGrain(opts.days);
  const w = analyticsWindow(to, opts.days);
  const [[row], digests] = await Promise.all([
    db.$queryRawUnsafe<{ report: string }[]>(ROI_SQL, ...windowParams(partnerId, environment, w), to.toISOString(), grain),
    getDigestFigures(scope, { from, to }),
  ]);
  const raw = JSON.parse(row.report) as { deals: RawDeal[]; periods: RoiReport["periods"] };
  const deals = raw.deals.map((d) => ({
    deal_id: d.deal_id,
    product_name: d.product_name,
    est_value: d.est_value === null ? null : Number(d.est_value),
    tracking_enabled: d.tracking_enabled,
    listed: Number(d.listed),
    viewed: Number(d.viewed),
    clicked: Number(d.clicked),
    redeemed: Number(d.redeemed),
    confirmed: Number(d.confirmed),
    value_confirmed: Number(d.value_confirmed),
    value_self_reported: Number(d.value_self_reported),
  }));
  const sum = (k: keyof typeof overallZero) => deals.reduce((n, d) => n + d[k], 0);
  const overallZero = { listed: 0, viewed: 0, clicked: 0, redeemed: 0, confirmed: 0, value_confirmed: 0, value_self_reported: 0 };
  const overall = Object.fromEntries(Object.keys(overallZero).map((k) => [k, sum(k as keyof typeof overallZero)])) as typeof overallZero;
  return {
    days: opts.days,
    grain,
    from: from.toISOString(),
    to: to.toISOString(),
    overall,
    deals,
    periods: raw.periods.map((p) => ({ ...p, value_confirmed: Number(p.value_confirmed), value_self_reported: Number(p.value_self_reported) })),
    digests,
  };
}
