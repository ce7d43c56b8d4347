// Monthly partitions of `events` (UTC month of occurred_at; docs/decisions/events-partitioning.md).
// Every app process makes sure, at start and then every hour, that the partitions of the months it
// may write exist: from the oldest occurred_at that /events/track accepts to a few months ahead,
// plus every month that has landed in the DEFAULT partition (history written by tools, a month not
// created in time), which is moved out into its own partition. The work is done by the database
// function perkway_ensure_event_partition (migration events_partitioned_by_month): idempotent,
// serialized between instances by an advisory lock, one short transaction per month.
import { db } from "@/server/db/client";

export const EVENT_PARTITION_MONTHS_AHEAD = 3;
/** /events/track accepts occurred_at up to 7 days back (validate-events.ts): the month of that day. */
const WRITABLE_PAST_MS = 7 * 24 * 60 * 60 * 1000;
const PARTITION_NAME = /^events_(\d{4})_(\d{2})$/;

type EventPartition = { name: string; from: Date; to: Date };

/** Months (their first instant, UTC) from the month of `from` to the month of `to`, inclusive. */
function monthsBetween(from: Date, to: Date): Date[] {
  const months: Date[] = [];
  for (let y = from.getUTCFullYear(), m = from.getUTCMonth(); Date.UTC(y, m, 1) <= to.getTime(); m++) {
    months.push(new Date(Date.UTC(y, m, 1)));
  }
  return months;
}

/**
 * Creates the missing monthly partitions; returns the names it created (empty when another
 * instance did it first). `from` reaches further back for tools that write history.
 */
export async function ensureEventPartitions(opts: { now?: Date; from?: Date; monthsAhead?: number } = {}): Promise<string[]> {
  const now = opts.now ?? new Date();
  const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + (opts.monthsAhead ?? EVENT_PARTITION_MONTHS_AHEAD), 1));
  const wanted = monthsBetween(opts.from ?? new Date(now.getTime() - WRITABLE_PAST_MS), ahead);
  // The DEFAULT partition is empty in normal operation, so this look is cheap.
  const stray = await db.$queryRawUnsafe<{ m: Date }[]>(
    `SELECT DISTINCT date_trunc('month', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS m FROM events_default`,
  );
  const existing = new Set((await listEventPartitions()).map((p) => p.name));
  const months = [...new Map([...wanted, ...stray.map((r) => r.m)].map((m) => [partitionName(m), m])).entries()]
    .filter(([name]) => !existing.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const created: string[] = [];
  for (const [name, month] of months) {
    const [{ made }] = await db.$queryRawUnsafe<{ made: boolean }[]>(
      `SELECT perkway_ensure_event_partition($1::timestamptz) AS made`,
      month.toISOString(),
    );
    if (made) created.push(name);
  }
  return created;
}

/** The monthly partitions, oldest first (the DEFAULT partition is not listed). */
export async function listEventPartitions(): Promise<EventPartition[]> {
  const rows = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'events'::regclass`,
  );
  return rows
    .map((r) => PARTITION_NAME.exec(r.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => {
      const [y, mo] = [Number(m[1]), Number(m[2]) - 1];
      return { name: m[0], from: new Date(Date.UTC(y, mo, 1)), to: new Date(Date.UTC(y, mo + 1, 1)) };
    })
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

function partitionName(month: Date): string {
  return `events_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

export type EventPartitionKeeper = { stop(): void };

/** Runs ensureEventPartitions now and every `everyMs` (default one hour) in this process. */
export function startEventPartitionKeeper(opts: { everyMs?: number; log(message: string): void }): EventPartitionKeeper {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const created = await ensureEventPartitions();
      if (created.length > 0) opts.log(`events: created partitions ${created.join(", ")}`);
    } catch (err) {
      // A lock wait that timed out or the database away: the next tick tries again.
      opts.log(`events: ensuring partitions failed (${(err as Error).message}); trying again at the next tick`);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), opts.everyMs ?? 60 * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
