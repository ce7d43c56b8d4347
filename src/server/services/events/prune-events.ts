// `npm run cli -- events:prune [--older-than-days N]`: deletes raw events older than the retention
// (all partners), in small batches so ingestion never waits long. Summaries never change: a window
// reaches back at most 365 days and reads raw events only for its first partial hour, so raw events
// older than 365 days + 1 hour are never read; the minimum retention, 366 days, keeps a day of
// margin. Hour rollups that no window can use any more are dropped with them; day and month
// rollups (anonymous counts) are kept.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { DAY_MS } from "@/server/services/analytics/analytics-window";

export const MIN_EVENT_RETENTION_DAYS = 366;
export const DEFAULT_EVENT_RETENTION_DAYS = 366;
const HOUR_MS = 60 * 60 * 1000;

export async function pruneEvents(
  opts: { olderThanDays?: number; now?: Date; batchSize?: number } = {},
): Promise<{ deleted: number; older_than_days: number; cutoff: string }> {
  const days = opts.olderThanDays ?? DEFAULT_EVENT_RETENTION_DAYS;
  if (!Number.isInteger(days) || days < MIN_EVENT_RETENTION_DAYS) {
    throw new AppError(
      400,
      "parameter_invalid",
      `older_than_days must be an integer of at least ${MIN_EVENT_RETENTION_DAYS} (analytics windows reach back 365 days and read raw events at their edge)`,
      { param: "older_than_days" },
    );
  }
  const cutoff = new Date((opts.now ?? new Date()).getTime() - days * DAY_MS);
  const batchSize = opts.batchSize ?? 5000;
  let deleted = 0;
  for (;;) {
    const n = await db.$executeRawUnsafe(
      `DELETE FROM events WHERE id IN (SELECT id FROM events WHERE occurred_at < $1::timestamptz LIMIT $2::int)`,
      cutoff.toISOString(),
      batchSize,
    );
    deleted += n;
    if (n < batchSize) break;
  }
  // An hour bucket that ends at or before the cutoff lies entirely before every possible window.
  const lastDeadHour = new Date(cutoff.getTime() - HOUR_MS).toISOString();
  for (const table of ["event_type_rollups", "deal_event_rollups"]) {
    await db.$executeRawUnsafe(`DELETE FROM ${table} WHERE grain = 'hour' AND bucket_start <= $1::timestamptz`, lastDeadHour);
  }
  return { deleted, older_than_days: days, cutoff: cutoff.toISOString() };
}
