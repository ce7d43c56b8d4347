// `npm run cli -- events:prune [--older-than-days N]`: removes raw events older than the retention
// (all partners). Summaries never change: a window reaches back at most 365 days and reads raw
// events only for its first partial hour, so raw events older than 365 days + 1 hour are never
// read; the minimum retention, 366 days, keeps a day of margin. Hour rollups that no window can use
// any more are dropped with them; day and month rollups (anonymous counts) are kept.
//
// events is partitioned by UTC month (event-partitions.ts): a month wholly older than the cutoff is
// detached and dropped as a whole (no row-by-row delete, no bloat); the rows older than the cutoff
// in the month that holds it, and in the DEFAULT partition, are deleted in small batches, so the
// retention keeps its precision to the millisecond. The client event ids of removed events go too,
// exactly as the unique index entries of deleted rows did before partitioning: that table is not
// partitioned (its key has no time in it), so its rows go by batched deletes.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { DAY_MS } from "@/server/services/events/analytics/analytics-window";

const MIN_EVENT_RETENTION_DAYS = 366;
const DEFAULT_EVENT_RETENTION_DAYS = 366;
const HOUR_MS = 60 * 60 * 1000;

export async function pruneEvents(
  opts: { olderThanDays?: number; now?: Date; batchSize?: number } = {},
): Promise<{ deleted: number; dropped_partitions: string[]; older_than_days: number; cutoff: string }> {
  const days = opts.olderThanDays ?? DEFAULT_EVENT_RETENTION_DAYS;
  if (!Number.isInteger(days) || days < MIN_EVENT_RETENTION_DAYS) {
    throw new AppError("parameter_invalid",
      `older_than_days must be an integer of at least ${MIN_EVENT_RETENTION_DAYS} (analytics windows reach back 365 days and read raw events at their edge)`,
      { param: "older_than_days" },
    );
  }
  const cutoff = new Date((opts.now ?? new Date()).getTime() - days * DAY_MS);
  const batchSize = opts.batchSize ?? 5000;
  let deleted = 0;
  const dropped: string[] = [];
  for (const p of await listExpiredPartitions(cutoff)) {
    deleted += await dropPartition(p.name, p.attached);
    dropped.push(p.name);
  }
  const batches = [
    // (id, occurred_at) is the primary key; the occurred_at bound keeps both scans to the partitions
    // that can still hold such rows (the month of the cutoff and DEFAULT).
    `DELETE FROM events WHERE occurred_at < $1::timestamptz AND (id, occurred_at) IN (
       SELECT id, occurred_at FROM events WHERE occurred_at < $1::timestamptz LIMIT $2::int)`,
    `DELETE FROM event_client_ids WHERE ctid = ANY(ARRAY(
       SELECT ctid FROM event_client_ids WHERE occurred_at < $1::timestamptz LIMIT $2::int))`,
  ];
  for (const [i, sql] of batches.entries()) {
    for (;;) {
      const n = await db.$executeRawUnsafe(sql, cutoff.toISOString(), batchSize);
      if (i === 0) deleted += n;
      if (n < batchSize) break;
    }
  }
  // An hour bucket that ends at or before the cutoff lies entirely before every possible window.
  const lastDeadHour = new Date(cutoff.getTime() - HOUR_MS).toISOString();
  for (const table of ["event_type_rollups", "deal_event_rollups"]) {
    await db.$executeRawUnsafe(`DELETE FROM ${table} WHERE grain = 'hour' AND bucket_start <= $1::timestamptz`, lastDeadHour);
  }
  return { deleted, dropped_partitions: dropped, older_than_days: days, cutoff: cutoff.toISOString() };
}

/**
 * Monthly partitions that end at or before the cutoff, attached or not (a prune interrupted
 * between detaching and dropping leaves a detached one behind).
 */
async function listExpiredPartitions(cutoff: Date): Promise<{ name: string; attached: boolean }[]> {
  const rows = await db.$queryRawUnsafe<{ name: string; attached: boolean }[]>(
    `SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = c.oid AND i.inhparent = 'events'::regclass) AS attached
     FROM pg_class c
     WHERE c.relkind = 'r' AND c.relname ~ '^events_[0-9]{4}_[0-9]{2}$'
       AND c.relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = 'events'::regclass)`,
  );
  return rows
    .filter((r) => monthEnd(r.name) <= cutoff.getTime())
    .sort((a, b) => a.name.localeCompare(b.name));
}

function monthEnd(partition: string): number {
  const [, y, m] = partition.split("_").map(Number);
  return Date.UTC(y, m, 1); // m is 1-based: this is the first instant of the next month
}

/** Detaches (a brief exclusive lock on events, given up after 5 s), counts and drops one month. */
async function dropPartition(name: string, attached: boolean): Promise<number> {
  if (attached) {
    await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '5s'`);
      await tx.$executeRawUnsafe(`ALTER TABLE events DETACH PARTITION "${name}"`);
    });
  }
  // Detached, the month is no one's but this job's: counting it may take longer than the app's
  // per-statement timeout (meant for requests) and blocks nobody.
  return db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = 0`);
      const [{ n }] = await tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${name}"`);
      await tx.$executeRawUnsafe(`DROP TABLE "${name}"`);
      return n;
    },
    { timeout: 30 * 60 * 1000, maxWait: 60 * 1000 },
  );
}
