// The mailbox page (super admins): every email of the outbox, newest first, with its status,
// attempts and last error (a failing SMTP server's retries show here), and one email in full.
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import { MAILBOX_STATUSES, type MailboxEmail, type MailboxRow, type MailboxStatus } from "@/server/schemas/mailbox.schema";
import type { AdminActor } from "@/server/scope";

type MailboxListInput = { status?: MailboxStatus | null; q?: string | null; cursor?: string | null; limit?: number };

function requireSuperAdmin(actor: AdminActor): void {
  if (actor.role !== "super_admin") throw new AppError("forbidden", "Only a super admin can read the mailbox");
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const rowSelect = {
  id: true,
  kind: true,
  toAddress: true,
  fromName: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  nextAttemptAt: true,
  sentAt: true,
  createdAt: true,
  environment: true,
  partnerId: true,
} as const;

type RowOf = { id: string; kind: string; toAddress: string; fromName: string; subject: string; status: string; attempts: number; lastError: string | null; nextAttemptAt: Date; sentAt: Date | null; createdAt: Date; environment: string | null };

function toRow(r: RowOf, partnerName: string | null): MailboxRow {
  return {
    id: r.id,
    kind: r.kind,
    to: r.toAddress,
    fromName: r.fromName,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: r.status === "pending" ? iso(r.nextAttemptAt) : null,
    sentAt: iso(r.sentAt),
    createdAt: r.createdAt.toISOString(),
    partnerName,
    environment: r.environment,
  };
}

async function partnerNames(ids: (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (unique.length === 0) return new Map();
  const partners = await db.partner.findMany({ where: { id: { in: unique } }, select: { id: true, name: true } });
  return new Map(partners.map((p) => [p.id, p.name]));
}

/** Newest first, 25 a page (cursor: the last id of the previous page). */
export async function listMailbox(actor: AdminActor, input: MailboxListInput): Promise<{ data: MailboxRow[]; next_cursor: string | null; counts: Record<MailboxStatus, number> }> {
  requireSuperAdmin(actor);
  const limit = Math.min(Math.max(input.limit ?? 25, 1), 100);
  const q = input.q?.trim().slice(0, 200);
  const where = {
    ...(input.status ? { status: input.status } : {}),
    ...(q ? { OR: [{ toAddress: { contains: q, mode: "insensitive" as const } }, { subject: { contains: q, mode: "insensitive" as const } }] } : {}),
  };
  const cursor = input.cursor && isUuid(input.cursor) ? { id: input.cursor } : undefined;
  const [rows, grouped] = await Promise.all([
    db.emailMessage.findMany({ where, select: rowSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1, ...(cursor ? { cursor, skip: 1 } : {}) }),
    db.emailMessage.groupBy({ by: ["status"], _count: { _all: true } }),
  ]);
  const page = rows.slice(0, limit);
  const names = await partnerNames(page.map((r) => r.partnerId));
  const counts = Object.fromEntries(MAILBOX_STATUSES.map((s) => [s, grouped.find((g) => g.status === s)?._count._all ?? 0])) as Record<MailboxStatus, number>;
  return { data: page.map((r) => toRow(r, r.partnerId ? (names.get(r.partnerId) ?? null) : null)), next_cursor: rows.length > limit ? page[page.length - 1].id : null, counts };
}

export async function getMailboxEmail(actor: AdminActor, id: string): Promise<MailboxEmail> {
  requireSuperAdmin(actor);
  const row = isUuid(id) ? await db.emailMessage.findUnique({ where: { id } }) : null;
  if (!row) throw new AppError("email_not_found", "No such email in the mailbox");
  const names = await partnerNames([row.partnerId]);
  return {
    ...toRow(row, row.partnerId ? (names.get(row.partnerId) ?? null) : null),
    replyTo: row.replyTo,
    html: row.html,
    text: row.text,
    links: row.links,
    headers: (row.headers ?? {}) as Record<string, string>,
    lastAttemptAt: iso(row.lastAttemptAt),
  };
}
