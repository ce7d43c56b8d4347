-- DropIndex
DROP INDEX "events_partner_id_environment_client_event_id_key";

-- CreateTable
CREATE TABLE "event_client_ids" (
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "client_event_id" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_client_ids_pkey" PRIMARY KEY ("partner_id","environment","client_event_id")
);

-- CreateIndex
CREATE INDEX "event_client_ids_occurred_at_idx" ON "event_client_ids"("occurred_at");

-- Issue 27 item 3. events becomes a table partitioned by UTC month of occurred_at (every reader and the
-- retention select by occurred_at, and the rollups bucket by it), with a DEFAULT partition so that an
-- insert never fails. Monthly partitions are named events_YYYY_MM and are created ahead by every app
-- process (ensureEventPartitions) through perkway_ensure_event_partition below. A partitioned table
-- cannot hold a unique index without its partition key, so the deduplication of client event ids
-- moved to event_client_ids (created above, filled from the existing events below).
-- See docs/decisions/events-partitioning.md. Same \073 convention as catalog_changes_and_notify:
-- the migration runner splits on every semicolon.

-- Creates the partition of the UTC month holding month_start unless it exists, moving that month
-- out of the DEFAULT partition first. Returns whether it created one. Safe from several instances
-- at once (an advisory lock, then a second look). Locks the parent before the DEFAULT partition,
-- the order every statement on events takes, so it cannot deadlock with writers or a rollup rebuild,
-- and gives up after 5 s of waiting for a lock rather than queue readers behind it (the caller
-- tries again later).
CREATE FUNCTION perkway_ensure_event_partition(month_start timestamptz) RETURNS boolean LANGUAGE plpgsql AS E'
DECLARE
  m timestamp := date_trunc(''month'', month_start AT TIME ZONE ''UTC'')\073
  lo timestamptz := m AT TIME ZONE ''UTC''\073
  hi timestamptz := (m + interval ''1 month'') AT TIME ZONE ''UTC''\073
  part text := ''events_'' || to_char(m, ''YYYY_MM'')\073
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN false\073 END IF\073
  PERFORM pg_advisory_xact_lock(727073691)\073
  -- A query of pg_class, not to_regclass: its cache may not have seen the table another instance
  -- created while this one waited for the lock.
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = part AND relnamespace = current_schema()::regnamespace) THEN RETURN false\073 END IF\073
  PERFORM set_config(''lock_timeout'', ''5s'', true)\073
  LOCK TABLE ONLY events IN SHARE UPDATE EXCLUSIVE MODE\073
  LOCK TABLE events_default IN ACCESS EXCLUSIVE MODE\073
  EXECUTE format(''CREATE TABLE %I (LIKE events INCLUDING DEFAULTS INCLUDING STORAGE)'', part)\073
  EXECUTE format(''WITH moved AS (DELETE FROM events_default WHERE occurred_at >= %L AND occurred_at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved'', lo, hi, part)\073
  EXECUTE format(''ALTER TABLE events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)'', part, lo, hi)\073
  RETURN true\073
END';

-- The move, as one statement so that it is one transaction: the old table is locked first, so a
-- writer still running waits and then writes into the new table (or fails unacknowledged), and
-- every row is copied. Partitions: every month that holds events, and this month and the next three.
DO E'
BEGIN
  LOCK TABLE events IN ACCESS EXCLUSIVE MODE\073
  ALTER TABLE events RENAME TO events_unpartitioned\073
  ALTER TABLE events_unpartitioned RENAME CONSTRAINT events_pkey TO events_unpartitioned_pkey\073
  ALTER INDEX events_partner_id_environment_occurred_at_idx RENAME TO events_unpartitioned_partner_env_occurred_idx\073
  ALTER INDEX events_occurred_at_idx RENAME TO events_unpartitioned_occurred_at_idx\073
  CREATE TABLE events (
    id UUID NOT NULL,
    partner_id UUID NOT NULL,
    environment "Environment" NOT NULL,
    event_type "EventType" NOT NULL,
    member_id UUID,
    deal_id UUID,
    deal_ids UUID[] DEFAULT ARRAY[]::UUID[],
    client_event_id TEXT,
    metadata JSONB,
    occurred_at TIMESTAMPTZ(3) NOT NULL,
    received_at TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT events_pkey PRIMARY KEY (id, occurred_at)
  ) PARTITION BY RANGE (occurred_at)\073
  CREATE INDEX events_partner_id_environment_occurred_at_idx ON events (partner_id, environment, occurred_at)\073
  CREATE INDEX events_occurred_at_idx ON events (occurred_at)\073
  CREATE TABLE events_default PARTITION OF events DEFAULT\073
  PERFORM perkway_ensure_event_partition(m)
  FROM (SELECT DISTINCT date_trunc(''month'', occurred_at AT TIME ZONE ''UTC'') AT TIME ZONE ''UTC'' AS m FROM events_unpartitioned
        UNION SELECT now() + make_interval(months => k) FROM generate_series(0, 3) AS k) AS months
  ORDER BY m\073
  INSERT INTO events (id, partner_id, environment, event_type, member_id, deal_id, deal_ids, client_event_id, metadata, occurred_at, received_at)
  SELECT id, partner_id, environment, event_type, member_id, deal_id, deal_ids, client_event_id, metadata, occurred_at, received_at
  FROM events_unpartitioned\073
  INSERT INTO event_client_ids (partner_id, environment, client_event_id, event_id, occurred_at)
  SELECT partner_id, environment, client_event_id, id, occurred_at FROM events_unpartitioned WHERE client_event_id IS NOT NULL\073
  DROP TABLE events_unpartitioned\073
END';
