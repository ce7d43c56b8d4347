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
  const [total, rows] = await Promise.all([
    db.member.count({ where }),
    query.count === 0 ? Promise.resolve([]) : db.member.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], skip: query.startIndex - 1, take: query.count }),
  ]);
  return { total, members: rows.map(serializeDirectoryMember) };
}
