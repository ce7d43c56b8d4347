// The email queue's SQL, the same pattern as webhook deliveries (webhook-delivery-store.ts): claim
// due rows with FOR UPDATE SKIP LOCKED and a lease in locked_until (many workers, many instances; a
// worker that dies mid-send only delays its rows until the lease ends), record results only for the
// attempt that still holds the row.
import { db } from "@/server/db/client";

export type ClaimedEmail = {
  id: string;
  attempts: number;
  created_at: Date;
  to_address: string;
  from_name: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  links: string[];
};

/** Up to `limit` due emails, leased for `leaseMs`; the attempt is counted now. */
export async function claimDueEmails(limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
  return db.$queryRaw<ClaimedEmail[]>`
    WITH due AS (
      SELECT id FROM email_messages
      WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until <= now())
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE email_messages m
    SET locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = m.attempts + 1, last_attempt_at = now()
    FROM due WHERE m.id = due.id
    RETURNING m.id, m.attempts, m.created_at, m.to_address, m.from_name, m.reply_to, m.subject, m.html, m.text, m.headers, m.links`;
}

export type EmailAttempt = {
  id: string;
  /** The attempt this result belongs to: the result of an attempt that lost its lease is dropped. */
  attempts: number;
  status: "pending" | "sent" | "failed" | "kept";
  next_attempt_at: string | null;
  error: string | null;
};

export async function recordEmailAttempts(records: EmailAttempt[]): Promise<number> {
  if (records.length === 0) return 0;
  const [row] = await db.$queryRaw<{ updated: number }[]>`
    WITH r AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        AS x(id uuid, attempts int, status text, next_attempt_at timestamptz, error text)
    ),
    upd AS (
      UPDATE email_messages m
      SET status = r.status,
          next_attempt_at = coalesce(r.next_attempt_at, m.next_attempt_at),
          locked_until = NULL,
          last_error = r.error,
          sent_at = CASE WHEN r.status = 'sent' THEN now() ELSE m.sent_at END
      FROM r
      WHERE m.id = r.id AND m.status = 'pending' AND m.attempts = r.attempts
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM upd)::int AS updated`;
  return row?.updated ?? 0;
}
