// The delivery worker, one per server process (scripts/start.ts starts it after the server).
// It keeps up to `concurrency` deliveries in flight: claims due rows when slots are free, sends
// them, and records results in batches. Woken by NOTIFY when the outbox gets rows (sent at commit
// of the change), and by a short poll for retries that come due and for missed notifications.
// At least once: a row is only done when its result is recorded; a worker that dies mid-delivery
// leaves a lease that expires, and any worker then sends the event again. The loop (claim, run,
// record, LISTEN, stop) is the one every outbox shares: src/server/background/outbox-loop.ts.
import { startOutboxLoop, type OutboxLoop } from "@/server/background/outbox-loop";
import { claimDueDeliveries, recordAttempts, type AttemptRecord, type ClaimedDelivery } from "./webhook-delivery-store";
import { WEBHOOK_NOTIFY_CHANNEL } from "./enqueue-webhook-event";
import { nextRetryAt } from "@/server/background/retry-backoff";
import { sendWebhookRequest } from "./send-webhook-request";
import { readWebhookConfig, type WebhookConfig } from "@/server/config/webhook-config";
import { decryptWebhookSecret } from "./webhook-secret";
import { componentLogger } from "@/server/observability/logger";
import { metrics } from "@/server/observability/metrics";

const FLUSH_EVERY_MS = 10;
const FLUSH_AT = 200;
const MAX_CLAIM = 100;

export type WebhookWorker = OutboxLoop;

type Log = (message: string) => void;

export function startWebhookWorker(config: WebhookConfig, opts: { databaseUrl?: string; log?: Log } = {}): WebhookWorker {
  const logger = componentLogger("webhooks");
  const log: Log = opts.log ?? ((m) => logger.warn(m));
  // The lease covers the longest attempt plus the time to record it.
  const leaseMs = config.timeoutMs + 5_000;

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
    const next = result.ok ? null : nextRetryAt(row.attempts, new Date(row.cycle_started_at), new Date(), config);
    const outcome = result.ok ? "delivered" : next ? "retry" : "failed";
    observe(row, outcome, result);
    if (result.ok) return { ...base, status: "delivered", next_attempt_at: null };
    return next ? { ...base, status: "pending", next_attempt_at: next.toISOString() } : { ...base, status: "failed", next_attempt_at: null };
  }

  /** One log line per attempt, with the id of the request that caused the event; the metrics. */
  function observe(row: ClaimedDelivery, outcome: "delivered" | "retry" | "failed", result: { status: number | null; latencyMs: number; error: string | null }) {
    const m = metrics();
    m.webhookDeliveries.inc({ outcome });
    m.webhookLatency.observe(result.latencyMs / 1000);
    if (outcome === "delivered") m.webhookEndToEnd.observe(Math.max(0, Date.now() - new Date(row.event_created_at).getTime()) / 1000);
    const line = {
      request_id: row.request_id,
      event_id: row.event_id,
      delivery_id: row.id,
      endpoint_id: row.endpoint_id,
      attempt: row.attempts,
      outcome,
      response_status: result.status,
      duration_ms: result.latencyMs,
      ...(result.error ? { error: result.error } : {}),
    };
    if (outcome === "failed") logger.warn(line, "webhook_delivery");
    else logger.info(line, "webhook_delivery");
  }

  return startOutboxLoop<ClaimedDelivery, AttemptRecord>({
    noun: "deliveries",
    concurrency: config.concurrency,
    maxClaim: MAX_CLAIM,
    pollMs: config.pollMs,
    claim: (limit) => claimDueDeliveries(limit, leaseMs),
    run: attempt,
    record: recordAttempts,
    flushEveryMs: FLUSH_EVERY_MS,
    flushAt: FLUSH_AT,
    listen: opts.databaseUrl ? { databaseUrl: opts.databaseUrl, channel: WEBHOOK_NOTIFY_CHANNEL } : undefined,
    log,
  });
}

/** For the server start: the worker configured by `env` (WEBHOOK_WORKER=0 turns it off in this process). */
export function startWebhookWorkerFromEnv(env: Record<string, string | undefined>): WebhookWorker | null {
  if (env.WEBHOOK_WORKER === "0") return null;
  return startWebhookWorker(readWebhookConfig(env), { databaseUrl: env.DATABASE_URL });
}
