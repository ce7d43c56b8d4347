// The portal inbox (access requests and inquiries together), newest first, keyset pages on
// (created_at, id) across both tables: each branch takes its own first limit+1 rows through the
// (partner_id, environment[, status], created_at, id) indexes, the union keeps the newest.
import { Prisma } from "@/generated/prisma/client";
import { readDb } from "@/server/db/read-db";
import type { InboxFilter, InboxItem, InboxList, InboxListInput, InboxStatus } from "@/server/schemas/inbox.schema";
import { requireScope, type PartnerScope } from "@/server/scope";
import { decodeCreatedAtCursor, encodeCreatedAtCursor, type CreatedAtCursor } from "@/server/services/list-cursors";

type Row = {
  kind: "access_request" | "inquiry";
  id: string;
  request_type: "deal" | "membership" | null;
  status: InboxStatus;
  deal_id: string | null;
  deal_name: string | null;
  member_id: string | null;
  email: string | null;
  message: string | null;
  fields: unknown;
  response: string | null;
  responded_at: Date | null;
  created_at: Date;
};

const ACCESS_STATUSES: Partial<Record<InboxStatus, string>> = { new: "pending", approved: "approved", declined: "declined", withdrawn: "withdrawn" };
const INQUIRY_STATUSES: Partial<Record<InboxStatus, string>> = { new: "new", replied: "replied", closed: "closed" };

type Search = { like: string; dealIds: string[] } | null;

const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search's pattern, and the ids of the deals (shared or the partner's own) whose name matches. */
async function resolveSearch(scope: PartnerScope, filter: InboxFilter): Promise<Search> {
  const typed = filter.search?.trim();
  if (!typed) return null;
  const like = likePattern(typed);
  const deals = await readDb(scope).$queryRaw<{ id: string }[]>`
    SELECT id::text FROM deals WHERE product_name ILIKE ${like} AND (owner_partner_id IS NULL OR owner_partner_id = ${scope.partnerId}::uuid)`;
  return { like, dealIds: deals.map((d) => d.id) };
}

/** The SQL of both branches for a filter, a cursor and a row limit. */
function branches(scope: PartnerScope, filter: InboxFilter, search: Search, after: CreatedAtCursor | null, take: number) {
  const { partnerId, environment } = requireScope(scope, "inbox");
  // ILIKE '%…%' over trigram indexes (pg_trgm, migration *_inbox_search_trgm). The matching deals
  // come as a literal list (resolveSearch): PostgreSQL then estimates the search's selectivity and
  // picks per query between ORing the index scans (rare matches) and walking the newest rows
  // (frequent ones). A subquery in its place made it always walk, 160 ms at 100,000 requests.
  const textMatch = (email: string, message: string, dealCol: string) => {
    if (!search) return Prisma.empty;
    const deals = search.dealIds.length ? Prisma.sql` OR ${Prisma.raw(dealCol)} = ANY(${search.dealIds}::uuid[])` : Prisma.empty;
    return Prisma.sql`AND (${Prisma.raw(email)} ILIKE ${search.like} OR ${Prisma.raw(message)} ILIKE ${search.like}${deals})`;
  };
  const parts: Prisma.Sql[] = [];
  const keyset = (alias: string) =>
    after ? Prisma.sql`AND (${Prisma.raw(alias)}.created_at, ${Prisma.raw(alias)}.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty;
  const wantAccess = filter.kind !== "inquiry" && (!filter.status || ACCESS_STATUSES[filter.status]);
  const wantInquiry = filter.kind !== "access_request" && (!filter.status || INQUIRY_STATUSES[filter.status]);
  if (wantAccess) {
    const status = filter.status ? Prisma.sql`AND a.status = ${ACCESS_STATUSES[filter.status]}::"AccessRequestStatus"` : Prisma.empty;
    const like = textMatch("a.email", "a.message", "a.deal_id");
    parts.push(Prisma.sql`(SELECT 'access_request' AS kind, a.id::text AS id, a.type::text AS request_type,
        CASE WHEN a.status = 'pending' THEN 'new' ELSE a.status::text END AS status,
        a.deal_id::text AS deal_id, d.product_name AS deal_name, a.member_id::text AS member_id, a.email, a.message,
        NULL::jsonb AS fields, a.decision_note AS response, a.decided_at AS responded_at, a.created_at
      FROM access_requests a LEFT JOIN deals d ON d.id = a.deal_id
      WHERE a.partner_id = ${partnerId}::uuid AND a.environment = ${environment}::"Environment" ${status} ${like} ${keyset("a")}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${take})`);
  }
  if (wantInquiry) {
    const status = filter.status ? Prisma.sql`AND i.status = ${INQUIRY_STATUSES[filter.status]}::"InquiryStatus"` : Prisma.empty;
    const like = textMatch("i.member_email", "i.message", "i.deal_id");
    parts.push(Prisma.sql`(SELECT 'inquiry' AS kind, i.id::text AS id, NULL AS request_type, i.status::text AS status,
        i.deal_id::text AS deal_id, d.product_name AS deal_name, i.member_id::text AS member_id, i.member_email AS email, i.message,
        i.fields::jsonb AS fields, i.reply_text AS response, i.replied_at AS responded_at, i.created_at
      FROM inquiries i JOIN deals d ON d.id = i.deal_id
      WHERE i.partner_id = ${partnerId}::uuid AND i.environment = ${environment}::"Environment" ${status} ${like} ${keyset("i")}
      ORDER BY i.created_at DESC, i.id DESC LIMIT ${take})`);
  }
  return parts;
}

function toItem(r: Row): InboxItem {
  const f = (r.fields ?? {}) as { company?: unknown; role?: unknown };
  return {
    kind: r.kind,
    id: r.id,
    request_type: r.request_type,
    status: r.status,
    deal_id: r.deal_id,
    deal_name: r.deal_name,
    member_id: r.member_id,
    email: r.email,
    message: r.message,
    company: typeof f.company === "string" ? f.company : null,
    role: typeof f.role === "string" ? f.role : null,
    response: r.response,
    responded_at: r.responded_at ? new Date(r.responded_at).toISOString() : null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

async function queryRows(scope: PartnerScope, filter: InboxFilter, after: CreatedAtCursor | null, take: number): Promise<Row[]> {
  const parts = branches(scope, filter, await resolveSearch(scope, filter), after, take);
  if (parts.length === 0) return [];
  return readDb(scope).$queryRaw<Row[]>`SELECT * FROM (${Prisma.join(parts, " UNION ALL ")}) u ORDER BY u.created_at DESC, u.id DESC LIMIT ${take}`;
}

export async function listInbox(scope: PartnerScope, input: InboxListInput = {}): Promise<InboxList> {
  const limit = input.limit ?? 25;
  const after = input.cursor ? decodeCreatedAtCursor(input.cursor, "inbox") : null;
  const rows = await queryRows(scope, input, after, limit + 1);
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = page[page.length - 1];
  return {
    data: page.map(toItem),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCreatedAtCursor({ createdAt: new Date(last.created_at), id: last.id }, "inbox") : null,
  };
}

const INBOX_EXPORT_MAX = 10_000;

/** Every item of a filter (newest first, up to INBOX_EXPORT_MAX) for the CSV export. */
export async function exportInbox(scope: PartnerScope, filter: InboxFilter = {}): Promise<{ data: InboxItem[]; truncated: boolean }> {
  const rows = await queryRows(scope, filter, null, INBOX_EXPORT_MAX + 1);
  return { data: rows.slice(0, INBOX_EXPORT_MAX).map(toItem), truncated: rows.length > INBOX_EXPORT_MAX };
}
