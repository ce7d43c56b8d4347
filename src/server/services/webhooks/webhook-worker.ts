// The delivery worker, one per server process (scripts/start.ts starts it after the server).
// It keeps up to `concurrency` deliveries in flight: claims due rows when slots are free, sends
// them, and records results in batches. Woken by NOTIFY when the outbox gets rows (sent at commit
// of the change), and by a short poll for retries that come due and for missed notifications.
// At least once: a row is only done when its result is recorded; a worker that dies mid-delivery
// leaves a lease that expires, and any worker then sends the event again.
import pg from "pg";
import { claimDueDeliveries, recordAttempts, type AttemptRecord, type ClaimedDelivery } from "./webhook-delivery-store";
import { WEBHOOK_NOTIFY_CHANNEL } from "./enqueue-webhook-event";
import { nextAttemptAt } from "./retry-schedule";
import { sendWebhookRequest } from "./send-webhook-request";
import { readWebhookConfig, type WebhookConfig } from "./webhook-config";
import { decryptWebhookSecret } from "./webhook-secret";

const FLUSH_EVERY_MS = 10;
const FLUSH_AT = 200;
const MAX_CLAIM = 100;

export type WebhookWorker = { stop(opts?: { graceMs?: number }): Promise<void>; wake(): void };

type Log = (message: string) => void;

export function startWebhookWorker(config: WebhookConfig, opts: { databaseUrl?: string; log?: Log } = {}): WebhookWorker {
  const log: Log = opts.log ?? ((m) => console.error(`[webhooks] ${m}`));
  // The lease covers the longest attempt plus the time to record it.
  const leaseMs = config.timeoutMs + 5_000;
  let stopped = false;
  let claiming = false;
  let again = false;
  let inFlight = 0;
  let results: AttemptRecord[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let idleBackoff = 0;

  const poll = setInterval(() => wake(), config.pollMs);
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
        const free = config.concurrency - inFlight;
        if (free <= 0) break;
        let rows: ClaimedDelivery[];
        try {
          rows = await claimDueDeliveries(Math.min(free, MAX_CLAIM), leaseMs);
          idleBackoff = 0;
        } catch (err) {
          // Database away: the poll tries again; log once per streak.
          if (idleBackoff++ === 0) log(`claiming deliveries failed: ${(err as Error).message}`);
          break;
        }
        for (const row of rows) start(row);
        if (rows.length === Math.min(free, MAX_CLAIM)) again = true; // more may be due
      } while (again && !stopped);
    } finally {
      claiming = false;
    }
  }

  function start(row: ClaimedDelivery) {
    inFlight++;
    void attempt(row)
      .then((record) => {
        results.push(record);
        scheduleFlush();
      })
      .finally(() => {
        inFlight--;
        wake();
      });
  }

  async function attempt(row: ClaimedDelivery): Promise<AttemptRecord> {
    let result;
    try {
      result = await sendWebhookRequest(
        { url: row.url, secret: decryptWebhookSecret(row.secret_encrypted), body: row.body },
        { timeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate },
      );
    } catch (err) {
      result = { ok: false, status: null, latencyMs: 0, error: (err as Error).message };
    }
    const base = { id: row.id, attempts: row.attempts, endpoint_id: row.endpoint_id, code: result.status, latency: result.latencyMs, error: result.error };
    if (result.ok) return { ...base, status: "delivered", next_attempt_at: null };
    const next = nextAttemptAt(row.attempts, new Date(row.cycle_started_at), new Date(), config);
    return next ? { ...base, status: "pending", next_attempt_at: next.toISOString() } : { ...base, status: "failed", next_attempt_at: null };
  }

  function scheduleFlush() {
    if (results.length >= FLUSH_AT) return void flush();
    flushTimer ??= setTimeout(() => void flush(), FLUSH_EVERY_MS);
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

  async function write(batch: AttemptRecord[], tries = 0): Promise<void> {
    try {
      await recordAttempts(batch);
    } catch (err) {
      // Not recorded: the leases expire and the events are sent again (at least once). Retry a few
      // times first so that a blip of the database does not cause repeats.
      if (tries < 5 && !stopped) {
        await new Promise((r) => setTimeout(r, 200 * 2 ** tries));
        return write(batch, tries + 1);
      }
      log(`recording ${batch.length} delivery attempts failed: ${(err as Error).message}`);
    }
  }

  // LISTEN on its own connection (not from the pool). Optional: without it the poll still runs.
  let listener: pg.Client | null = null;
  if (opts.databaseUrl) {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    client.on("notification", () => wake());
    client.on("error", (err) => log(`LISTEN connection lost (${err.message}); polling every ${config.pollMs} ms`));
    client
      .connect()
      .then(() => client.query(`LISTEN ${WEBHOOK_NOTIFY_CHANNEL}`))
      .then(() => {
        listener = client;
        if (stopped) void client.end().catch(() => {});
      })
      .catch((err: Error) => {
        log(`LISTEN unavailable (${err.message}); polling every ${config.pollMs} ms`);
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

/** For the server start: the worker configured by `env` (WEBHOOK_WORKER=0 turns it off in this process). */
export function startWebhookWorkerFromEnv(env: Record<string, string | undefined>): WebhookWorker | null {
  if (env.WEBHOOK_WORKER === "0") return null;
  return startWebhookWorker(readWebhookConfig(env), { databaseUrl: env.DATABASE_URL });
}
