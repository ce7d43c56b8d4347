// Session helpers for server components and the tRPC context. Authorization for data lives in the
// tRPC procedures; these helpers only decide what a page renders or where it redirects.
import { cache } from "react";
import { getServerSession, type Session } from "next-auth";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import { PORTAL_PATH_HEADER, signInUrlFor } from "@perkway/server/auth/portal-path";
import type { AdminActor, Environment, PartnerScope, ProviderScope } from "@perkway/server/scope";
import { loadAdminPortalState } from "@perkway/server/services/admins";
import { authOptions } from "@perkway/server/auth/next-auth-options";
import type { TeamRole } from "@perkway/server/domain/team-roles";
import { setting } from "@perkway/server/config/env";

export type AdminSession = {
  actor: AdminActor;
  email: string;
  name: string | null;
  /** the portal's Live / Sandbox switch (kept on the admin account) */
  environment: Environment;
  /**
   * The partner scope the portal's partner pages work in: the admin's own partner and the selected
   * environment; for a super_admin, the partner being viewed read-only ("view as"), else null.
   */
  scope: PartnerScope | null;
  /** true when a super_admin views a partner's portal: every change is refused */
  readOnly: boolean;
  /** role provider: the provider area's scope; null or absent for every other role */
  provider?: ProviderScope | null;
  /**
   * partner_admin: the role on the team, read from the database on every request; null for super
   * admins. Absent only in sessions built by hand on the server (tests): treated as owner, the role
   * every admin from before roles holds (docs/decisions/admin-roles.md).
   */
  teamRole?: TeamRole | null;
  /** the admin confirmed a TOTP setup */
  twoFactorEnabled?: boolean;
  /** 2FA is required for this admin (partner setting, or SUPER_ADMIN_REQUIRE_2FA / PROVIDER_REQUIRE_2FA) */
  twoFactorRequired?: boolean;
  /** 2FA is required for this admin and not set up yet: only /account works until it is */
  twoFactorSetupRequired?: boolean;
  /** the admin_sessions row of this cookie (absent for server-built sessions) */
  sessionId?: string;
};

/**
 * The signed-in admin, or null: also null once the account is gone or changed, its password changed
 * elsewhere, or its partner deactivated (the session JWT lives 12 hours). Deduplicated per request.
 */
export const getAdminSession = cache(async (): Promise<AdminSession | null> => {
  const claims = claimsFrom(await getServerSession(authOptions));
  return claims ? adminSessionFromClaims(claims) : null;
});

/** What the session cookie says about the admin (checked against the database on every request). */
export type AdminClaims = {
  actor: AdminActor;
  email: string;
  name: string | null;
  sessionVersion: number;
  /** the server-side session a cookie names; every real cookie has one (claimsFrom) */
  sessionId?: string;
};

/** The session of these claims as the portal sees it now (environment switch, view-as), or null
 *  when the account no longer allows it. Tests build the tRPC context of a seeded admin with it. */
export async function adminSessionFromClaims(claims: AdminClaims): Promise<AdminSession | null> {
  const state = await loadAdminPortalState(claims.actor, claims.sessionVersion, claims.sessionId, new Date(), {
    superAdminRequire2fa: setting("superAdminRequire2fa"),
    providerRequire2fa: setting("providerRequire2fa"),
  });
  if (!state) return null;
  const partnerId = claims.actor.role === "super_admin" ? state.viewAsPartnerId : claims.actor.partnerId;
  return {
    actor: claims.actor,
    email: claims.email,
    name: claims.name,
    environment: state.environment,
    scope: partnerId ? { partnerId, environment: state.environment } : null,
    readOnly: claims.actor.role === "super_admin",
    provider: claims.actor.role === "provider" && state.providerId ? { providerId: state.providerId, adminId: claims.actor.adminId } : null,
    teamRole: state.teamRole,
    twoFactorEnabled: state.twoFactorEnabled,
    twoFactorRequired: state.twoFactorRequired,
    twoFactorSetupRequired: state.twoFactorSetupRequired,
    ...(claims.sessionId ? { sessionId: claims.sessionId } : {}),
  };
}

/**
 * For partner and super-admin pages: redirects to /login when signed out, with the way back to this
 * page; an admin who must still set up two-factor authentication goes to /account (the one page that
 * passes `allowTwoFactorSetup`). A provider user reaches only the provider area (contract section 18).
 */
export async function requireAdminSession(options: { allowTwoFactorSetup?: boolean } = {}): Promise<AdminSession> {
  const session = await requireSignedInSession(options);
  if (session.actor.role === "provider") redirect("/provider");
  return session;
}

/** Any signed-in portal user, providers included (the provider area and account pages). */
async function requireSignedInSession(options: { allowTwoFactorSetup?: boolean } = {}): Promise<AdminSession> {
  const session = await getAdminSession();
  if (!session) redirect(signInUrlFor((await headers()).get(PORTAL_PATH_HEADER), (v) => safeCallbackUrl(v)));
  // A provider user's account page is in the provider area (the partner shell's /account is not theirs).
  if (session.twoFactorSetupRequired && !options.allowTwoFactorSetup) redirect(session.actor.role === "provider" ? "/provider/account" : "/account");
  return session;
}

/** The provider area's pages: provider users only; anyone else gets the 404 page. */
export async function requireProviderSession(options: { allowTwoFactorSetup?: boolean } = {}): Promise<AdminSession & { provider: ProviderScope }> {
  const session = await requireSignedInSession(options);
  if (!session.provider) notFound();
  return session as AdminSession & { provider: ProviderScope };
}

function claimsFrom(session: Session | null): AdminClaims | null {
  const user = session?.user;
  if (!user?.adminId || (user.role !== "super_admin" && user.role !== "partner_admin" && user.role !== "provider")) return null;
  // Cookies from before server-side sessions name none: they sign in again.
  if (typeof user.sessionId !== "string") return null;
  return {
    actor: { adminId: user.adminId, role: user.role, partnerId: user.partnerId ?? null } as AdminActor,
    email: user.email ?? "",
    name: user.name ?? null,
    sessionVersion: user.sessionVersion ?? 0,
    sessionId: user.sessionId,
  };
}
