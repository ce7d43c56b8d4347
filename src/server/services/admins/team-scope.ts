// The one tenant filter of the Team page's queries: a partner's own admins (never super admins).
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import { db, type Tx } from "@/server/db/client";

export function teamWhere(scope: { partnerId: string }): { partnerId: string; role: "partner_admin" } {
  if (!scope?.partnerId || !isUuid(scope.partnerId)) throw new Error("team: a partner scope is required");
  return { partnerId: scope.partnerId, role: "partner_admin" };
}

const adminNotFound = () => new AppError("admin_not_found", "No admin with this id in your team");

/** One admin of the partner's team, or 404 (another partner's admin or a super admin too). */
export async function findTeamAdminOrThrow(scope: { partnerId: string }, adminId: string, client: Tx = db) {
  if (!isUuid(adminId)) throw adminNotFound();
  const admin = await client.admin.findFirst({ where: { ...teamWhere(scope), id: adminId.toLowerCase() } });
  if (!admin) throw adminNotFound();
  return admin;
}
