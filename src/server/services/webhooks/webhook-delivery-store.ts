// The delivery queue's SQL: claim due deliveries (any number of workers, any number of app
// instances: FOR UPDATE SKIP LOCKED, then a lease in locked_until so that a worker that dies
// mid-delivery only delays its rows until the lease ends), and record attempts in batches.
import { db } from "@/server/db/client";

export type ClaimedDelivery = {
  id: string;
  attempts: number;
  cycle_started_at: Date;
  event_id: string;
  body: string;
  endpoint_id: string;
  url: string;
  secret_encrypted: string;
  /** The request whose change caused the event (log lines of its deliveries carry it), or null. */
  request_id: string | null;
  event_created_at: Date;
};

/** Up to `limit` due deliveries of enabled endpoints, leased for `leaseMs`; the attempt is counted now. */
export async function claimDueDeliveries(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  return db.$queryRaw<ClaimedDelivery[]>`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d
      JOIN webhook_endpoints w ON w.id = d.endpoint_id AND w.enabled
      WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until <= now())
      ORDER BY d.next_attempt_at
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_deliveries d
    SET locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = d.attempts + 1, last_attempt_at = now()
    FROM due, webhook_events e, webhook_endpoints w
    WHERE d.id = due.id AND e.id = d.event_id AND w.id = d.endpoint_id
    RETURNING d.id, d.attempts, d.created_at AS cycle_started_at, e.id AS event_id, e.payload #>> '{}' AS body,
      w.id AS endpoint_id, w.url, w.secret_encrypted, e.request_id, e.created_at AS event_created_at`;
}

export type AttemptRecord = {
  id: string;
  /** The attempt number this result belongs to: a result of an attempt that lost its lease is dropped. */
  attempts: number;
  endpoint_id: string;
  status: "pending" | "delivered" | "failed";
  next_attempt_at: string | null;
  code: number | null;
  latency: number;
  error: string | null;
};

/**
 * Writes many attempts in one statement; a delivered one clears its endpoint's failing_since, a
 * finally failed one sets it.
 */
export async function recordAttempts(records: AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.$queryRaw`
    WITH r AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        AS x(id uuid, attempts int, endpoint_id uuid, status text, next_attempt_at timestamptz, code int, latency int, error text)
    ),
    upd AS (
      UPDATE webhook_deliveries d
      SET status = r.status,
          next_attempt_at = coalesce(r.next_attempt_at, d.next_attempt_at),
          locked_until = NULL,
          last_response_status = r.code,
          last_latency_ms = r.latency,
          last_error = r.error,
          delivered_at = CASE WHEN r.status = 'delivered' THEN now() ELSE d.delivered_at END
      FROM r
      WHERE d.id = r.id AND d.status = 'pending' AND d.attempts = r.attempts
      RETURNING d.endpoint_id, d.status
    ),
    failing AS (
      UPDATE webhook_endpoints w SET failing_since = now()
      WHERE w.id IN (SELECT endpoint_id FROM upd WHERE status = 'failed') AND w.failing_since IS NULL
      RETURNING 1
    ),
    healthy AS (
      UPDATE webhook_endpoints w SET failing_since = NULL
      WHERE w.id IN (SELECT endpoint_id FROM upd WHERE status = 'delivered') AND w.failing_since IS NOT NULL
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM upd)::int AS updated`;
}
