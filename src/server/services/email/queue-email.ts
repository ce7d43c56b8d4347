// The outbox writer. Call it with the transaction of the change that causes the email: the email
// lands with the change or not at all, already rendered (a retry sends the same bytes, the mailbox
// page shows exactly what was sent). Committed rows wake the workers through NOTIFY.
import type { Tx } from "@/server/db/client";
import type { Environment } from "@/server/scope";
import type { RenderedEmail } from "@/emails";

export const EMAIL_NOTIFY_CHANNEL = "perkway_email";

export const EMAIL_KINDS = ["member_sign_in", "admin_invitation", "password_reset", "password_changed", "notification", "digest", "access_decision", "inquiry_reply", "member_digest", "ending_soon", "provider_notice"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export type QueuedEmail = RenderedEmail & {
  kind: EmailKind;
  to: string;
  /** The partner the email is about (member emails, notifications); null for platform emails. */
  partnerId?: string | null;
  /** "test": the subject starts with "[Sandbox] ". */
  environment?: Environment | null;
  /** Display name of From; empty: MAIL_FROM's own name (platform emails). */
  fromName?: string;
  replyTo?: string | null;
  headers?: Record<string, string>;
};

export const SANDBOX_PREFIX = "[Sandbox] ";

/** The subject as sent: sandbox emails say so first. */
export function subjectFor(subject: string, environment: Environment | null | undefined): string {
  return environment === "test" && !subject.startsWith(SANDBOX_PREFIX) ? SANDBOX_PREFIX + subject : subject;
}

/** Writes one email to the outbox in `tx`; returns its id. */
export async function queueEmail(tx: Tx, email: QueuedEmail): Promise<string> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO email_messages (id, partner_id, environment, kind, to_address, from_name, reply_to, subject, html, text, headers, links, status, attempts, next_attempt_at, created_at)
    VALUES (gen_random_uuid(), ${email.partnerId ?? null}::uuid, ${email.environment ?? null}::"Environment", ${email.kind}, ${email.to}, ${email.fromName ?? ""},
      ${email.replyTo ?? null}, ${subjectFor(email.subject, email.environment)}, ${email.html}, ${email.text}, ${JSON.stringify(email.headers ?? {})}::jsonb,
      ${email.links}::text[], 'pending', 0, now(), now())
    RETURNING id::text, (pg_notify(${EMAIL_NOTIFY_CHANNEL}, '') IS NULL) AS notified`;
  return row.id;
}
