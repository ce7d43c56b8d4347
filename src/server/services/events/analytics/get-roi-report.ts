// The portal's ROI report (issues 29, 53.2): per deal and overall over the last `days`×24 hours —
// the redemption funnel (member × deal pairs, nested: viewed → started → redeemed → confirmed,
// redemption-funnel-sql.ts), and beside it figures that are not funnel steps: times shown in a list
// and redeem-link clicks (events, from the deal rollups plus the window's first partial hour), the
// redemption records made in the window (any source, not reversed: the key figure "Redemption
// records"), and the estimated value delivered (est_value, in EST_VALUE_CURRENCY, of those records;
// confirmed by the provider and self-reported apart) per period. One statement, beside the member
// digests' figures of the same window.
import { readDb } from "@/server/db/read-db";
import type { RoiReport } from "@/server/schemas/analytics-portal.schema";
import { requireScope, type PartnerScope } from "@/server/scope";
import { analyticsWindow } from "./analytics-window";
import { getDigestFigures } from "./get-digest-figures";
import { dealsOfRows } from "../event-rollup-sql";
import { funnelPairsCte } from "./redemption-funnel-sql";
import { windowCtes, windowParams } from "./window-counts-sql";

/** est_value has no currency in the spec; the catalogue's values are US dollars (docs/portal.md, Analytics figures). */
export const EST_VALUE_CURRENCY = "USD";

/** Day buckets up to a month, weeks up to a quarter, months beyond. */
function roiGrain(days: number): RoiReport["grain"] {
  return days <= 31 ? "day" : days <= 92 ? "week" : "month";
}

// Parameters: $1–$6 as windowParams (window-counts-sql.ts), $7 the end of the period, $8 the grain.
const ROI_SQL = `
WITH ${windowCtes("partner_id, environment, event_type, occurred_at, deal_id, deal_ids")},
counts AS (
  SELECT t.deal_id, t.listed, t.clicks AS clicked
  FROM ranges r CROSS JOIN LATERAL (
    SELECT deal_id, listed, clicks FROM deal_event_rollups
    WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND grain = r.grain AND bucket_start >= r.lo AND bucket_start < r.hi
  ) t
  UNION ALL
  -- The first partial hour, expanded to deals by the rollups' own rule (event-rollup-sql.ts).
  SELECT deal_id, (event_type = 'deal_list_viewed')::int, (event_type = 'redeem_url_clicked')::int
  FROM (${dealsOfRows("edge")}) e
),
ev_deals AS (
  SELECT deal_id, sum(listed)::int AS listed, sum(clicked)::int AS clicked FROM counts
  GROUP BY deal_id HAVING sum(listed) > 0 OR sum(clicked) > 0
),
${funnelPairsCte("$3", "$7")},
funnel_deals AS (
  SELECT deal_id, count(*)::int AS viewed, count(*) FILTER (WHERE started)::int AS started,
         count(*) FILTER (WHERE redeemed)::int AS redeemed, count(*) FILTER (WHERE confirmed)::int AS confirmed
  FROM funnel_pairs GROUP BY deal_id
),
red AS (
  SELECT deal_id, confirmed, redeemed_at, confirmed_at FROM redemptions
  WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND reversed_at IS NULL
    AND ((redeemed_at >= $3 AND redeemed_at < $7) OR (confirmed AND confirmed_at >= $3 AND confirmed_at < $7))
),
red_deals AS (
  SELECT deal_id,
         count(*) FILTER (WHERE redeemed_at >= $3 AND redeemed_at < $7)::int AS records,
         count(*) FILTER (WHERE confirmed AND confirmed_at >= $3 AND confirmed_at < $7)::int AS confirmed_records,
         count(*) FILTER (WHERE NOT confirmed AND redeemed_at >= $3 AND redeemed_at < $7)::int AS self_reported
  FROM red GROUP BY deal_id
),
per_deal AS (
  SELECT d.id AS deal_id, d.product_name, d.est_value, d.tracking_enabled,
         coalesce(e.listed, 0) AS listed, coalesce(e.clicked, 0) AS clicked,
         coalesce(f.viewed, 0) AS viewed, coalesce(f.started, 0) AS started, coalesce(f.redeemed, 0) AS redeemed, coalesce(f.confirmed, 0) AS confirmed,
         coalesce(r.records, 0) AS records,
         coalesce(r.confirmed_records, 0) * coalesce(d.est_value, 0) AS value_confirmed,
         coalesce(r.self_reported, 0) * coalesce(d.est_value, 0) AS value_self_reported
  FROM (SELECT deal_id FROM ev_deals UNION SELECT deal_id FROM funnel_deals UNION SELECT deal_id FROM red_deals) ids
  JOIN deals d ON d.id = ids.deal_id AND (d.deal_type = 'servicepass' OR (d.owner_partner_id = $1::uuid AND d.environment = $2::"Environment"))
  LEFT JOIN ev_deals e ON e.deal_id = ids.deal_id
  LEFT JOIN funnel_deals f ON f.deal_id = ids.deal_id
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
  'deals', (SELECT coalesce(json_agg(p ORDER BY p.confirmed DESC, p.redeemed DESC, p.records DESC, p.viewed DESC, lower(p.product_name), p.deal_id), '[]'::json) FROM per_deal p),
  'periods', (SELECT coalesce(json_agg(json_build_object(
      'period_start', to_char(period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'redeemed', redeemed, 'confirmed', confirmed,
      'value_confirmed', value_confirmed, 'value_self_reported', value_self_reported) ORDER BY period_start), '[]'::json) FROM periods)
)::text AS report`;

type RawDeal = RoiReport["deals"][number];
const ROI_COUNTS = ["listed", "viewed", "started", "redeemed", "confirmed", "clicked", "records", "value_confirmed", "value_self_reported"] as const;
type RoiCount = (typeof ROI_COUNTS)[number];

export async function getRoiReport(scope: PartnerScope, opts: { days: number; now?: Date }): Promise<RoiReport> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const to = opts.now ?? new Date();
  const w = analyticsWindow(to, opts.days);
  const from = w.start;
  const grain = roiGrain(opts.days);
  const [[row], digests] = await Promise.all([
    readDb(scope).$queryRawUnsafe<{ report: string }[]>(ROI_SQL, ...windowParams(partnerId, environment, w), to.toISOString(), grain),
    getDigestFigures(scope, { from, to }),
  ]);
  const raw = JSON.parse(row.report) as { deals: RawDeal[]; periods: RoiReport["periods"] };
  const deals = raw.deals.map((d) => ({
    deal_id: d.deal_id,
    product_name: d.product_name,
    est_value: d.est_value === null ? null : Number(d.est_value),
    tracking_enabled: d.tracking_enabled,
    ...(Object.fromEntries(ROI_COUNTS.map((k) => [k, Number(d[k])])) as Record<RoiCount, number>),
  }));
  const overall = Object.fromEntries(ROI_COUNTS.map((k) => [k, deals.reduce((n, d) => n + d[k], 0)])) as Record<RoiCount, number>;
  return {
    days: opts.days,
    grain,
    currency: EST_VALUE_CURRENCY,
    from: from.toISOString(),
    to: to.toISOString(),
    overall,
    deals,
    periods: raw.periods.map((p) => ({ ...p, value_confirmed: Number(p.value_confirmed), value_self_reported: Number(p.value_self_reported) })),
    digests,
  };
}
