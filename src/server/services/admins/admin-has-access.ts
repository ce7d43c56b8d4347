// Whether a signed-in portal admin (claims from the 12-hour session JWT) may still use the portal,
// and the portal state kept on the account: the account still exists with the same role, partner and
// session version (a password change signs out other sessions), and a partner_admin's partner is
// active. Checked on every request, so removing an admin or deactivating a partner takes effect from
// the next request on, as it does for the partner's API tokens.
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import type { AdminActor, Environment } from "@/server/scope";

export type AdminPortalState = {
  /** the Live / Sandbox switch */
  environment: Environment;
  /** super_admin "view as": the partner whose portal is shown read-only, or null */
  viewAsPartnerId: string | null;
};

/**
 * `sessionId`: the admin_sessions row a portal cookie names (admin-sessions.ts); it must still be
 * open. Omitted only by server-side callers that build claims themselves (tests, the tRPC caller).
 */
export async function loadAdminPortalState(actor: AdminActor, sessionVersion = 0, sessionId?: string, now = new Date()): Promise<AdminPortalState | null> {
  if (!isUuid(actor.adminId)) return null;
  if (sessionId !== undefined && !isUuid(sessionId)) return null;
  const admin = await db.admin.findUnique({
    where: { id: actor.adminId },
    select: {
      role: true,
      partnerId: true,
      sessionVersion: true,
      portalEnvironment: true,
      viewAsPartnerId: true,
      partner: { select: { active: true } },
      ...(sessionId !== undefined ? { sessions: { where: { id: sessionId, endedAt: null, expiresAt: { gt: now } }, select: { id: true } } } : {}),
    },
  });
  if (!admin || admin.role !== actor.role || admin.partnerId !== actor.partnerId) return null;
  if (admin.sessionVersion !== sessionVersion) return null;
  if (sessionId !== undefined && !("sessions" in admin && Array.isArray(admin.sessions) && admin.sessions.length === 1)) return null;
  if (admin.role !== "super_admin" && admin.partner?.active !== true) return null;
  return {
    environment: admin.portalEnvironment,
    viewAsPartnerId: admin.role === "super_admin" ? admin.viewAsPartnerId : null,
  };
}

export async function adminHasAccess(actor: AdminActor, sessionVersion = 0): Promise<boolean> {
  return (await loadAdminPortalState(actor, sessionVersion)) !== null;
}
