// The loop every outbox worker shares (webhook deliveries, emails): keep up to `concurrency` rows
// in flight, claim due rows when slots are free (the store claims with FOR UPDATE SKIP LOCKED and a
// lease, so any number of instances share the queue), run each, and record the results (batched,
// retried a few times: a result that is never recorded leaves a lease that expires, and the row is
// run again — at least once). Woken by NOTIFY on `channel` (its own connection, optional) and by a
// poll for retries that come due and for missed notifications.
import pg from "pg";

export type OutboxLoop = { wake(): void; stop(opts?: { graceMs?: number }): Promise<void> };

type OutboxLoopOptions<Row, Result> = {
  /** What the rows are, for log lines ("deliveries", "emails"). */
  noun: string;
  concurrency: number;
  /** At most this many rows per claim. */
  maxClaim?: number;
  pollMs: number;
  claim(limit: number): Promise<Row[]>;
  /** Runs one row; never throws (a failure is a result). */
  run(row: Row): Promise<Result>;
  record(results: Result[]): Promise<unknown>;
  /** Results are written after this many ms, or at once when `flushAt` are waiting. */
  flushEveryMs?: number;
  flushAt?: number;
  listen?: { databaseUrl: string; channel: string };
  log(message: string): void;
};

export function startOutboxLoop<Row, Result>(o: OutboxLoopOptions<Row, Result>): OutboxLoop {
  const maxClaim = o.maxClaim ?? Number.POSITIVE_INFINITY;
  const flushEveryMs = o.flushEveryMs ?? 0;
  const flushAt = o.flushAt ?? 1;
  let stopped = false;
  let claiming = false;
  let again = false;
  let inFlight = 0;
  let failures = 0;
  let results: Result[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  const poll = setInterval(() => wake(), o.pollMs);
  poll.unref();

  function wake() {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    void fill();
  }

  async function fill() {
    claiming = true;
    try {
      do {
        again = false;
        const free = Math.min(o.concurrency - inFlight, maxClaim);
        if (free <= 0) break;
        let rows: Row[];
        try {
          rows = await o.claim(free);
          failures = 0;
        } catch (err) {
          // Database away: the poll tries again; log once per streak.
          if (failures++ === 0) o.log(`claiming ${o.noun} failed: ${(err as Error).message}`);
          break;
        }
        for (const row of rows) start(row);
        if (rows.length === free) again = true; // more may be due
      } while (again && !stopped);
    } finally {
      claiming = false;
    }
  }

  function start(row: Row) {
    inFlight++;
    void o
      .run(row)
      .then((result) => {
        results.push(result);
        scheduleFlush();
      })
      .finally(() => {
        inFlight--;
        wake();
      });
  }

  function scheduleFlush() {
    if (results.length >= flushAt) return void flush();
    flushTimer ??= setTimeout(() => void flush(), flushEveryMs);
  }

  function flush(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const batch = results;
    results = [];
    if (batch.length === 0) return flushing;
    flushing = flushing.then(() => write(batch));
    return flushing;
  }

  async function write(batch: Result[], tries = 0): Promise<void> {
    try {
      await o.record(batch);
    } catch (err) {
      // Not recorded: the leases expire and the rows run again (at least once). Retry a few times
      // first so that a blip of the database does not cause repeats.
      if (tries < 5 && !stopped) {
        await new Promise((r) => setTimeout(r, 200 * 2 ** tries));
        return write(batch, tries + 1);
      }
      o.log(`recording ${batch.length} ${o.noun} failed: ${(err as Error).message}`);
    }
  }

  // LISTEN on its own connection (not from the pool). Optional: without it the poll still runs.
  let listener: pg.Client | null = null;
  if (o.listen) {
    const client = new pg.Client({ connectionString: o.listen.databaseUrl });
    client.on("notification", () => wake());
    client.on("error", (err) => o.log(`LISTEN connection lost (${err.message}); polling every ${o.pollMs} ms`));
    client
      .connect()
      .then(() => client.query(`LISTEN ${o.listen!.channel}`))
      .then(() => {
        listener = client;
        if (stopped) void client.end().catch(() => {});
      })
      .catch((err: Error) => {
        o.log(`LISTEN unavailable (${err.message}); polling every ${o.pollMs} ms`);
        void client.end().catch(() => {});
      });
  }

  wake();

  return {
    wake,
    async stop({ graceMs = 5_000 } = {}) {
      stopped = true;
      clearInterval(poll);
      const deadline = Date.now() + graceMs;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await flush();
      await listener?.end().catch(() => {});
    },
  };
}
