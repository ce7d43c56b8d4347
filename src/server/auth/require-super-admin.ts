// The super-admin pages (route group (super-admin)) exist only for a super admin: anyone else signed
// in gets the 404 page, exactly as for an unknown address. Signed out: /login, as every portal page.
import { notFound } from "next/navigation";
import type { AdminActor } from "@perkway/server/scope";
import { requireAdminSession, type AdminSession } from "@/server/auth/get-admin-session";

type SuperAdminSession = AdminSession & { actor: AdminActor & { role: "super_admin" } };

export async function requireSuperAdminSession(): Promise<SuperAdminSession> {
  const session = await requireAdminSession();
  if (session.actor.role !== "super_admin") notFound();
  return session as SuperAdminSession;
}
