// Session helpers for server components and the tRPC context. Authorization for data lives in the
// tRPC procedures; these helpers only decide what a page renders or where it redirects.
import { cache } from "react";
import { getServerSession, type Session } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import { PORTAL_PATH_HEADER, signInUrlFor } from "./portal-path";
import type { AdminActor, Environment, PartnerScope } from "@/server/scope";
import { loadAdminPortalState } from "@/server/services/admins";
import { authOptions } from "./next-auth-options";

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
  const state = await loadAdminPortalState(claims.actor, claims.sessionVersion, claims.sessionId);
  if (!state) return null;
  const partnerId = claims.actor.role === "super_admin" ? state.viewAsPartnerId : claims.actor.partnerId;
  return {
    actor: claims.actor,
    email: claims.email,
    name: claims.name,
    environment: state.environment,
    scope: partnerId ? { partnerId, environment: state.environment } : null,
    readOnly: claims.actor.role === "super_admin",
  };
}

/** For pages that need a signed-in admin: redirects to /login otherwise, with the way back to this page. */
export async function requireAdminSession(): Promise<AdminSession> {
  const session = await getAdminSession();
  if (!session) redirect(signInUrlFor((await headers()).get(PORTAL_PATH_HEADER), (v) => safeCallbackUrl(v)));
  return session;
}

function claimsFrom(session: Session | null): AdminClaims | null {
  const user = session?.user;
  if (!user?.adminId || (user.role !== "super_admin" && user.role !== "partner_admin")) return null;
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
