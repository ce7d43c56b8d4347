// GET /v1/users: newest first (created_at desc, id desc), keyset pagination on that same key.
import type { Prisma } from "@/generated/prisma/client";
import { readDb } from "@/server/db/read-db";
import type { PartnerScope } from "@/server/scope";
import type { UserDto, UserListQuery } from "@/server/schemas/user.schema";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";
import { serializeMember } from "./member-data";
import { memberScopeWhere } from "./member-scope";
import { DEFAULT_LIST_LIMIT } from "@/server/schemas/list.schema";


export async function listMembers(scope: PartnerScope, query: UserListQuery): Promise<{ data: UserDto[]; has_more: boolean; next_cursor: string | null }> {
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  const and: Prisma.MemberWhereInput[] = [memberScopeWhere(scope)];
  if (query.email !== undefined) and.push({ email: query.email });
  if (query.external_user_id !== undefined) and.push({ externalUserId: query.external_user_id });
  if (query.tier !== undefined) and.push({ tier: query.tier });
  if (query.created_since !== undefined) and.push({ createdAt: { gte: new Date(query.created_since) } });
  if (query.updated_since !== undefined) and.push({ updatedAt: { gte: new Date(query.updated_since) } });
  if (query.cursor !== undefined) {
    const c = decodeCreatedAtCursor(query.cursor, "users");
    and.push({ OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] });
  }
  const rows = await readDb(scope).member.findMany({
    where: { AND: and },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const has_more = rows.length > limit;
  const last = page[page.length - 1];
  return {
    data: page.map(serializeMember),
    has_more,
    next_cursor: has_more && last ? encodeCreatedAtCursor({ createdAt: last.createdAt, id: last.id }, "users") : null,
  };
}
