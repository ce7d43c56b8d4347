// GET /Users (SCIM): the scope's members matching a filter, in creation order (stable for
// startIndex paging), with the total the filter matches.
import type { Filter } from "scim2-parse-filter";
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { directoryFilterWhere } from "./directory-filter";
import { serializeDirectoryMember, type DirectoryMember } from "./directory-members";
import { memberScopeWhere } from "./member-scope";

export async function listDirectoryMembers(
  scope: PartnerScope,
  query: { filter: Filter | null; startIndex: number; count: number },
): Promise<{ total: number; members: DirectoryMember[] }> {
  const where = { AND: [memberScopeWhere(scope), ...(query.filter ? [directoryFilterWhere(query.filter)] : [])] };
  const rows = query.count === 0 ? [] : await db.member.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], skip: query.startIndex - 1, take: query.count });
  // A first page that is not full is the whole answer (the directories' userName lookups): no count.
  const total = query.startIndex === 1 && rows.length < query.count ? rows.length : await db.member.count({ where });
  return { total, members: rows.map(serializeDirectoryMember) };
}
