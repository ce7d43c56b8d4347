// Session helpers for server components and the tRPC context. Authorization for data lives in the
// tRPC procedures; these helpers only decide what a page renders or where it redirects.
import { cache } from "react";
import { getServerSession, type Session } from "next-auth";
import { redirect } from "next/navigation";
import type { AdminActor } from "@/server/scope";
import { adminHasAccess } from "@/server/services/admins/admin-has-access";
import { authOptions } from "./next-auth-options";

export type AdminSession = {
  actor: AdminActor;
  email: string;
  name: string | null;
};

/**
 * The signed-in admin, or null: also null once the account is gone or changed, or its partner
 * deactivated (the session JWT lives 12 hours). Deduplicated per request.
 */
export const getAdminSession = cache(async (): Promise<AdminSession | null> => {
  const session = adminSessionFrom(await getServerSession(authOptions));
  return session && (await adminHasAccess(session.actor)) ? session : null;
});

/** For pages that need a signed-in admin: redirects to /login otherwise. */
export async function requireAdminSession(): Promise<AdminSession> {
  const session = await getAdminSession();
  if (!session) redirect("/login");
  return session;
}

function adminSessionFrom(session: Session | null): AdminSession | null {
  const user = session?.user;
  if (!user?.adminId || (user.role !== "super_admin" && user.role !== "partner_admin")) return null;
  return {
    actor: { adminId: user.adminId, role: user.role, partnerId: user.partnerId ?? null },
    email: user.email ?? "",
    name: user.name ?? null,
  };
}
