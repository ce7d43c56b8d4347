// GET /v1/access-requests: newest first, keyset pages on (created_at, id); filters status, type,
// deal_id, user_id. An id filter that is not a uuid matches nothing (an empty page, not a 400).
import type { Prisma } from "@/generated/prisma/client";
import { readDb } from "@/server/db/read-db";
import { isUuid } from "@/server/domain/ids";
import type { AccessRequestList, AccessRequestListQuery } from "@/server/schemas/access-request.schema";
import { DEFAULT_LIST_LIMIT } from "@/server/schemas/list.schema";
import type { PartnerScope } from "@/server/scope";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";
import { accessRequestScopeWhere, serializeAccessRequest } from "./access-request-scope";

export async function listAccessRequests(scope: PartnerScope, query: AccessRequestListQuery = {}): Promise<AccessRequestList> {
  const where: Prisma.AccessRequestWhereInput = { ...accessRequestScopeWhere(scope) };
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  const after = query.cursor ? decodeCreatedAtCursor(query.cursor, "access_requests") : null;
  if (query.status) where.status = query.status;
  if (query.type) where.type = query.type;
  for (const [param, column] of [["deal_id", "dealId"], ["user_id", "memberId"]] as const) {
    const value = query[param];
    if (value === undefined) continue;
    if (!isUuid(value)) return { data: [], has_more: false, next_cursor: null };
    where[column] = value.toLowerCase();
  }
  if (after) where.OR = [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }];
  const rows = await readDb(scope).accessRequest.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = page[page.length - 1];
  return { data: page.map(serializeAccessRequest), has_more: hasMore, next_cursor: hasMore && last ? encodeCreatedAtCursor(last, "access_requests") : null };
}

