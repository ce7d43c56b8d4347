// The rollup maintenance, as SQL fragments shared by the write path (event-writer.ts, over the rows
// just inserted) and the rebuild (rebuild-event-rollups.ts, over a scope's raw events). `src` is
// any relation with partner_id, environment, event_type, member_id, deal_id, occurred_at.
// Each fragment sorts its rows by the target key: concurrent writers lock rows in the same order.

/** Counts per (partner, environment, grain, bucket, event type), for every grain. */
export const typeRollupInsert = (src: string, onConflict: string) => `
  INSERT INTO event_type_rollups AS r (partner_id, environment, grain, bucket_start, event_type, count)
  SELECT s.partner_id, s.environment, g.grain, date_trunc(g.grain::text, s.occurred_at, 'UTC'), s.event_type, count(*)
  FROM ${src} s CROSS JOIN unnest(enum_range(NULL::"RollupGrain")) AS g(grain)
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ${onConflict}`;

export const TYPE_ROLLUP_ADD = "ON CONFLICT (partner_id, environment, grain, bucket_start, event_type) DO UPDATE SET count = r.count + excluded.count";

/** The deals a row counts for: its deal_id; for a list view, every deal it listed (deal_ids, and its
 *  deal_id when that is not among them). `src` needs deal_ids too. */
export const dealsOfRows = (src: string) => `
  SELECT s.partner_id, s.environment, s.event_type, s.occurred_at, s.deal_id FROM ${src} s
  WHERE s.deal_id IS NOT NULL AND s.event_type IN ('deal_detail_viewed', 'deal_redeemed', 'redeem_url_clicked')
  UNION ALL
  SELECT s.partner_id, s.environment, s.event_type, s.occurred_at, d.id FROM ${src} s
  CROSS JOIN LATERAL unnest(coalesce(s.deal_ids, '{}') || CASE WHEN s.deal_id IS NOT NULL AND NOT s.deal_id = ANY(coalesce(s.deal_ids, '{}')) THEN ARRAY[s.deal_id] ELSE '{}'::uuid[] END) AS d(id)
  WHERE s.event_type = 'deal_list_viewed'`;

/** Per deal and bucket: views (deal_detail_viewed), redemptions (deal_redeemed), listings
 *  (deal_list_viewed, once per deal listed) and clicks (redeem_url_clicked). */
export const dealRollupInsert = (src: string, onConflict: string) => `
  INSERT INTO deal_event_rollups AS r (partner_id, environment, grain, bucket_start, deal_id, views, redemptions, listed, clicks)
  SELECT s.partner_id, s.environment, g.grain, date_trunc(g.grain::text, s.occurred_at, 'UTC'), s.deal_id,
         count(*) FILTER (WHERE s.event_type = 'deal_detail_viewed'),
         count(*) FILTER (WHERE s.event_type = 'deal_redeemed'),
         count(*) FILTER (WHERE s.event_type = 'deal_list_viewed'),
         count(*) FILTER (WHERE s.event_type = 'redeem_url_clicked')
  FROM (${dealsOfRows(src)}) s CROSS JOIN unnest(enum_range(NULL::"RollupGrain")) AS g(grain)
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ${onConflict}`;

export const DEAL_ROLLUP_ADD =
  "ON CONFLICT (partner_id, environment, grain, bucket_start, deal_id) DO UPDATE SET views = r.views + excluded.views, redemptions = r.redemptions + excluded.redemptions, listed = r.listed + excluded.listed, clicks = r.clicks + excluded.clicks";

/** Latest occurred_at per member; never moves back. */
export const activityUpsert = (src: string) => `
  INSERT INTO member_activity AS a (partner_id, environment, member_id, last_event_at)
  SELECT s.partner_id, s.environment, s.member_id, max(s.occurred_at)
  FROM ${src} s
  WHERE s.member_id IS NOT NULL
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (partner_id, environment, member_id)
  DO UPDATE SET last_event_at = excluded.last_event_at WHERE a.last_event_at < excluded.last_event_at`;
