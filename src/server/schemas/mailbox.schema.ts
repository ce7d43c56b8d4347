// The super admins' mailbox page (superAdmin.mailbox / superAdmin.mailboxEmail).
import { z } from "zod";

export const MAILBOX_STATUSES = ["pending", "sent", "failed", "kept"] as const;
export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];

export const mailboxListInputSchema = z.object({
  status: z.enum(MAILBOX_STATUSES).nullish(),
  q: z.string().max(200).nullish(),
  cursor: z.string().max(64).nullish(),
  limit: z.number().int().min(1).max(100).optional(),
});

export const mailboxEmailInputSchema = z.object({ id: z.string().max(64) });

const mailboxRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  fromName: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  partnerName: z.string().nullable(),
  environment: z.string().nullable(),
});
export type MailboxRow = z.output<typeof mailboxRowSchema>;

export const mailboxListSchema = z.object({
  data: z.array(mailboxRowSchema),
  next_cursor: z.string().nullable(),
  counts: z.object({ pending: z.number().int(), sent: z.number().int(), failed: z.number().int(), kept: z.number().int() }),
});

export const mailboxEmailSchema = mailboxRowSchema.extend({
  replyTo: z.string().nullable(),
  html: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  headers: z.record(z.string(), z.string()),
  lastAttemptAt: z.string().nullable(),
});
export type MailboxEmail = z.output<typeof mailboxEmailSchema>;
