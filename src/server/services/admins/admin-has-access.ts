// Whether a signed-in portal admin (claims from the 12-hour session JWT) may still use the portal,
// and the portal state kept on the account: the account still exists with the same role, partner and
// session version (a password change signs out other sessions), and a partner_admin's partner is
// active. Checked on every request, so removing an admin or deactivating a partner takes effect from
// the next request on, as it does for the partner's API tokens. The team role and the two-factor
// state are read here too, so a role change or a partner's "require 2FA" applies from the next request.
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import type { TeamRole } from "@/server/domain/team-roles";
import type { AdminActor, Environment } from "@/server/scope";

type AdminPortalState = {
  /** the Live / Sandbox switch */
  environment: Environment;
  /** super_admin "view as": the partner whose portal is shown read-only, or null */
  viewAsPartnerId: string | null;
  /** role provider: the provider the user works for (read from the account, not the cookie) */
  providerId: string | null;
  /** partner_admin: the role on the partner's team (owner for rows from before roles); super_admin: null */
  teamRole: TeamRole | null;
  /** true once the admin confirmed a TOTP setup */
  twoFactorEnabled: boolean;
  /** 2FA is required for this admin: the partner's setting, or the operator's for super admins */
  twoFactorRequired: boolean;
  /** true when 2FA is required and not set up yet */
  twoFactorSetupRequired: boolean;
};

/** Last-seen times are written at most this often per session (one UPDATE a minute, not per request). */
const LAST_SEEN_GRANULARITY_MS = 60_000;

/**
 * `sessionId`: the admin_sessions row a portal cookie names (admin-sessions.ts); it must still be
 * open. Omitted only by server-side callers that build claims themselves (tests, the tRPC caller).
 * `superAdminRequire2fa` / `providerRequire2fa`: the operator's SUPER_ADMIN_REQUIRE_2FA and
 * PROVIDER_REQUIRE_2FA, read by the caller's config.
 */
export async function loadAdminPortalState(
  actor: AdminActor,
  sessionVersion = 0,
  sessionId?: string,
  now = new Date(),
  options: { superAdminRequire2fa?: boolean; providerRequire2fa?: boolean } = {},
): Promise<AdminPortalState | null> {
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
      providerId: true,
      teamRole: true,
      totpEnabledAt: true,
      partner: { select: { active: true, requireAdmin2fa: true } },
      ...(sessionId !== undefined
        ? { sessions: { where: { id: sessionId, endedAt: null, expiresAt: { gt: now } }, select: { id: true, lastSeenAt: true, method: true } } }
        : {}),
    },
  });
  if (!admin || admin.role !== actor.role || admin.partnerId !== actor.partnerId) return null;
  if (admin.sessionVersion !== sessionVersion) return null;
  const sessions = "sessions" in admin && Array.isArray(admin.sessions) ? (admin.sessions as { id: string; lastSeenAt: Date | null; method: string }[]) : null;
  if (sessionId !== undefined && sessions?.length !== 1) return null;
  if (admin.role === "partner_admin" && admin.partner?.active !== true) return null;
  if (admin.role === "provider" && !admin.providerId) return null;
  const seen = sessions?.[0];
  if (seen && (!seen.lastSeenAt || now.getTime() - seen.lastSeenAt.getTime() >= LAST_SEEN_GRANULARITY_MS)) {
    await db.adminSession.updateMany({ where: { id: seen.id, endedAt: null }, data: { lastSeenAt: now } });
  }
  const twoFactorEnabled = admin.totpEnabledAt !== null;
  const required = twoFactorRequiredFor(admin.role, admin.partner?.requireAdmin2fa === true, options);
  return {
    environment: admin.portalEnvironment,
    viewAsPartnerId: admin.role === "super_admin" ? admin.viewAsPartnerId : null,
    providerId: admin.role === "provider" ? admin.providerId : null,
    teamRole: admin.role === "partner_admin" ? (admin.teamRole ?? "owner") : null,
    twoFactorEnabled,
    twoFactorRequired: required,
    // A session opened through the partner's IdP was not asked for a code (the IdP answers for the
    // second factor: docs/decisions/admin-roles.md, Admin single sign-on); the setup is asked of
    // password sign-ins.
    twoFactorSetupRequired: required && !twoFactorEnabled && seen?.method !== "sso",
  };
}

/** Whether 2FA is required of an account: its partner's setting, or the operator's for super admins and for provider users. */
export function twoFactorRequiredFor(role: string, partnerRequires: boolean, options: { superAdminRequire2fa?: boolean; providerRequire2fa?: boolean }): boolean {
  if (role === "super_admin") return options.superAdminRequire2fa === true;
  if (role === "provider") return options.providerRequire2fa === true;
  return role === "partner_admin" && partnerRequires;
}

export async function adminHasAccess(actor: AdminActor, sessionVersion = 0): Promise<boolean> {
  return (await loadAdminPortalState(actor, sessionVersion)) !== null;
}
