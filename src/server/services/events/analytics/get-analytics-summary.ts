// GET /v1/analytics: the summary of the last days×24 hours, exact, from the rollups (see
// analytics-window.ts for how the window is covered). One statement; its cost depends on the number
// of deals and buckets in the window, not on the number of events.
import { readDb } from "@/server/db/read-db";
import { requireScope, type PartnerScope } from "@/server/scope";
import type { AnalyticsSummary } from "@/server/schemas/analytics.schema";
import { analyticsWindow } from "./analytics-window";
import { TYPE_COUNTS_CTE, WINDOW_CTES, windowParams } from "./window-counts-sql";

const SUMMARY_SQL = `
WITH ${WINDOW_CTES},
${TYPE_COUNTS_CTE},
deal_counts AS (
  SELECT deal_id, sum(views) AS views, sum(redemptions) AS redemptions FROM (
    SELECT t.deal_id, t.views, t.redemptions
    FROM ranges r CROSS JOIN LATERAL (
      SELECT deal_id, views, redemptions FROM deal_event_rollups
      WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND grain = r.grain AND bucket_start >= r.lo AND bucket_start < r.hi
    ) t
    UNION ALL
    SELECT deal_id, (event_type = 'deal_detail_viewed')::int, (event_type = 'deal_redeemed')::int FROM edge
    WHERE deal_id IS NOT NULL AND event_type IN ('deal_detail_viewed', 'deal_redeemed')
  ) x GROUP BY deal_id
  HAVING sum(views) > 0 OR sum(redemptions) > 0
),
named AS MATERIALIZED (
  -- A primary-key lookup per deal for its name (deals of the caller's scope only); a scalar
  -- subquery so the plan cannot turn into a scan of deals.
  SELECT c.deal_id AS id, c.views, c.redemptions,
         (SELECT product_name FROM deals
           WHERE id = c.deal_id AND (deal_type = 'servicepass' OR (owner_partner_id = $1::uuid AND environment = $2::"Environment"))) AS product_name
  FROM deal_counts c
),
top AS (
  SELECT id, product_name, views, redemptions FROM named
  WHERE product_name IS NOT NULL
  ORDER BY views DESC, redemptions DESC, lower(product_name) COLLATE "C", product_name COLLATE "C", id
  LIMIT 10
)
SELECT json_build_object(
  'total_users', (SELECT count(*) FROM members WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND active),
  'active_users', (SELECT count(*) FROM member_activity
                    WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND last_event_at >= $3::timestamptz),
  'confirmed_redemptions', (SELECT count(*) FROM redemptions
                    WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND confirmed AND reversed_at IS NULL AND confirmed_at >= $3::timestamptz),
  'type_counts', (SELECT coalesce(json_object_agg(event_type, n), '{}'::json) FROM type_counts),
  'top_deals', (SELECT coalesce(json_agg(json_build_object('deal_id', id, 'product_name', product_name, 'views', views, 'redemptions', redemptions)
                  ORDER BY views DESC, redemptions DESC, lower(product_name) COLLATE "C", product_name COLLATE "C", id), '[]'::json) FROM top)
)::text AS summary`;

type Raw = {
  total_users: number;
  active_users: number;
  confirmed_redemptions: number;
  type_counts: Record<string, number>;
  top_deals: { deal_id: string; product_name: string; views: number; redemptions: number }[];
};

export async function getAnalyticsSummary(scope: PartnerScope, opts: { days: number; now?: Date }): Promise<AnalyticsSummary> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const w = analyticsWindow(opts.now ?? new Date(), opts.days);
  const [row] = await readDb(scope).$queryRawUnsafe<{ summary: string }[]>(SUMMARY_SQL, ...windowParams(partnerId, environment, w));
  const raw = JSON.parse(row.summary) as Raw;
  const n = (t: string) => Number(raw.type_counts[t] ?? 0);
  return {
    total_users: Number(raw.total_users),
    active_users: Number(raw.active_users),
    total_deal_views: n("deal_detail_viewed"),
    total_redemptions: n("deal_redeemed"),
    confirmed_redemptions: Number(raw.confirmed_redemptions),
    upgrade_cta_clicks: n("upgrade_cta_clicked"),
    top_deals: raw.top_deals.map((d) => ({ deal_id: d.deal_id, product_name: d.product_name, views: Number(d.views), redemptions: Number(d.redemptions) })),
    event_counts: {
      deal_list_viewed: n("deal_list_viewed"),
      deal_detail_viewed: n("deal_detail_viewed"),
      deal_redeemed: n("deal_redeemed"),
    },
  };
}
