-- AlterTable
ALTER TABLE "deal_event_rollups" ADD COLUMN     "clicks" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "listed" BIGINT NOT NULL DEFAULT 0;

-- Backfill listed and clicks from the raw events still kept (buckets whose events were pruned keep 0).
-- The same rule as dealRollupInsert in src/server/services/events/event-rollup-sql.ts.
INSERT INTO "deal_event_rollups" AS r (partner_id, environment, grain, bucket_start, deal_id, listed, clicks)
SELECT s.partner_id, s.environment, g.grain, date_trunc(g.grain::text, s.occurred_at, 'UTC'), s.deal_id,
       count(*) FILTER (WHERE s.event_type = 'deal_list_viewed'),
       count(*) FILTER (WHERE s.event_type = 'redeem_url_clicked')
FROM (
  SELECT e.partner_id, e.environment, e.event_type, e.occurred_at, e.deal_id FROM events e
  WHERE e.deal_id IS NOT NULL AND e.event_type = 'redeem_url_clicked'
  UNION ALL
  SELECT e.partner_id, e.environment, e.event_type, e.occurred_at, d.id FROM events e
  CROSS JOIN LATERAL unnest(e.deal_ids || CASE WHEN e.deal_id IS NOT NULL AND NOT e.deal_id = ANY(e.deal_ids) THEN ARRAY[e.deal_id] ELSE '{}'::uuid[] END) AS d(id)
  WHERE e.event_type = 'deal_list_viewed'
) s CROSS JOIN unnest(enum_range(NULL::"RollupGrain")) AS g(grain)
GROUP BY 1, 2, 3, 4, 5
ORDER BY 1, 2, 3, 4, 5
ON CONFLICT (partner_id, environment, grain, bucket_start, deal_id) DO UPDATE SET listed = excluded.listed, clicks = excluded.clicks;
