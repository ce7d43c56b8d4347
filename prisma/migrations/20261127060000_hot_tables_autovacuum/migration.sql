-- Every event write rewrites the rollup rows of the current hour, day and month and the
-- member_activity rows (src/server/services/events/event-writer.ts). At the PostgreSQL default
-- autovacuum_vacuum_scale_factor (0.2), a million-row table carries 200,000 dead versions before
-- autovacuum starts on it. On a benchmark database member_activity was seen with twice as many dead
-- versions as live rows, and every upsert walks past them. These tables are vacuumed after 1% instead.
-- fillfactor 90 leaves room on each page for the next version of a rollup row, so that its update
-- stays on the page (HOT, no index entry). Updates of member_activity change an indexed column
-- (last_event_at) and cannot be HOT, so it keeps the default.
ALTER TABLE "event_type_rollups" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000, fillfactor = 90);
ALTER TABLE "deal_event_rollups" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000, fillfactor = 90);
ALTER TABLE "member_activity" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
