// GET /Users (SCIM): the scope's members matching a filter, in creation order (stable for
// startIndex paging), with the total the filter matches.
import type { Filter } from "scim2-parse-filter";
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { directoryFilterWhere } from "./directory-filter";
import { serializeDirectoryMember, type DirectoryMember } from "./directory-members";
import { memberScopeWhere } from "./member-scope";
import { AppError } from "@/server/errors/app-error";

const MAX_ID_MATCHES = 10_000;

export async function listDirectoryMembers(
  scope: PartnerScope,
  query: { filter: Filter | null; startIndex: number; count: number },
): Promise<{ total: number; members: DirectoryMember[] }> {
  const scoped = memberScopeWhere(scope);
  // id co / ew: the scope's ids matching the text, from the database (bounded: a broader filter is refused).
  const ids = {
    like: async (pattern: string) => {
      const rows = await db.$queryRaw<{ id: string }[]>`
        SELECT id FROM members WHERE partner_id = ${scoped.partnerId}::uuid AND environment = ${scoped.environment}::"Environment"
          AND id::text LIKE ${pattern} LIMIT ${MAX_ID_MATCHES + 1}`;
      if (rows.length > MAX_ID_MATCHES) throw new AppError("scim_invalid_filter", `The id filter matches more than ${MAX_ID_MATCHES} users: narrow it`);
      return rows.map((r) => r.id);
    },
  };
  const where = { AND: [scoped, ...(query.filter ? [await directoryFilterWhere(query.filter, ids)] : [])] };
  const rows = query.count === 0 ? [] : await db.member.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], skip: query.startIndex - 1, take: query.count });
  // A first page that is not full is the whole answer (the directories' userName lookups): no count.
  const total = query.startIndex === 1 && rows.length < query.count ? rows.length : await db.member.count({ where });
  return { total, members: rows.map(serializeDirectoryMember) };
}
