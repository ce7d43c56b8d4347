// The email worker, one per server process (scripts/start.ts starts it after the server), the same
// design as the webhook worker (src/server/services/webhooks/webhook-worker.ts): claims due rows
// (SKIP LOCKED + lease, so several instances share the queue), sends them, records each result
// only if its attempt still holds the row. Woken by NOTIFY at commit and by a short poll.
// At least once: an email is done only when its result is recorded; a worker that dies mid-send
// leaves a lease that expires and any worker sends it again, with the same Message-ID. The loop
// itself is the one every outbox shares (src/server/background/outbox-loop.ts).
// Without SMTP_URL the worker sends nothing: it marks each email "kept" and logs one line with its
// subject and links, so a laptop without a mail server still works end to end.
import { startOutboxLoop, type OutboxLoop } from "@/server/background/outbox-loop";
import { claimDueEmails, recordEmailAttempts, type ClaimedEmail, type EmailAttempt } from "./email-store";
import type { MailConfig } from "@/server/config/mail-config";
import { createMailTransport, messageIdOf, type MailTransport } from "./mail-transport";
import { EMAIL_NOTIFY_CHANNEL } from "./queue-email";
import { nextRetryAt } from "@/server/background/retry-backoff";
import { sendDueDigests } from "./send-digests";
import { preloadEmailTemplates } from "@/emails";
import { metrics } from "@/server/observability/metrics";

export type EmailWorker = OutboxLoop;

type Log = (message: string) => void;

const DIGEST_CHECK_MS = 60_000;

export function startEmailWorker(
  config: MailConfig,
  opts: { databaseUrl?: string; log?: Log; transport?: MailTransport | null; baseUrl?: string } = {},
): EmailWorker {
  const log: Log = opts.log ?? ((m) => console.log(`[email] ${m}`));
  const transport = opts.transport === undefined ? createMailTransport(config) : opts.transport;
  const leaseMs = config.timeoutMs * 3 + 1_000; // connect, greet, answer: each may take the timeout
  // Digests are rendered inside their transaction: load the templates before the first one.
  if (opts.baseUrl) void preloadEmailTemplates().catch((err: Error) => log(`loading the email templates failed: ${err.message}`));

  const digests = opts.baseUrl
    ? setInterval(() => void sendDueDigests(config, opts.baseUrl!).catch((err: Error) => log(`digests failed: ${err.message}`)), DIGEST_CHECK_MS)
    : null;
  digests?.unref();

  async function attempt(row: ClaimedEmail): Promise<EmailAttempt> {
    const base = { id: row.id, attempts: row.attempts };
    if (!transport) {
      // The laptop's delivery: printed whole, links usable (docs/email.md, "Links in the log").
      log(`not sent (no SMTP_URL) to ${row.to_address}: "${row.subject}"${row.links.length ? ` links: ${row.links.join(" ")}` : ""}`);
      return { ...base, status: "kept", next_attempt_at: null, error: null };
    }
    try {
      await transport.send({
        messageId: messageIdOf(row.id, config),
        to: row.to_address,
        fromName: row.from_name || config.fromName,
        replyTo: row.reply_to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers ?? {},
      });
      metrics().emailsSent.inc({ outcome: "sent" });
      return { ...base, status: "sent", next_attempt_at: null, error: null };
    } catch (err) {
      const error = String((err as Error).message ?? err).slice(0, 500);
      const next = nextRetryAt(row.attempts, new Date(row.created_at), new Date(), config);
      metrics().emailsSent.inc({ outcome: next ? "retry" : "failed" });
      if (!next) log(`giving up on email ${row.id} to ${row.to_address} after ${row.attempts} attempts: ${error}`);
      return next ? { ...base, status: "pending", next_attempt_at: next.toISOString(), error } : { ...base, status: "failed", next_attempt_at: null, error };
    }
  }

  const loop = startOutboxLoop<ClaimedEmail, EmailAttempt>({
    noun: "emails",
    concurrency: config.concurrency,
    pollMs: config.pollMs,
    claim: (limit) => claimDueEmails(limit, leaseMs),
    run: attempt,
    record: recordEmailAttempts,
    listen: opts.databaseUrl ? { databaseUrl: opts.databaseUrl, channel: EMAIL_NOTIFY_CHANNEL } : undefined,
    log,
  });

  return {
    wake: loop.wake,
    async stop(stopOpts) {
      if (digests) clearInterval(digests);
      await loop.stop(stopOpts);
      transport?.close();
    },
  };
}
