// Admin fixtures of the super-admin tests: a super admin and a partner admin created through the
// real service, their AdminActor, and tRPC callers built with the context the portal would build.
import { randomUUID } from "node:crypto";
import type { AdminSession } from "@/server/auth/get-admin-session";
import type { AdminActor } from "@/server/scope";
import { createAdmin } from "@/server/services/admins";
import { createCaller } from "@/server/trpc/routers/_app";
import { seedPartner } from "../helpers/seed";

export async function seedSuperAdmin() {
  const email = `super-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "super_admin" });
  const actor: AdminActor = { adminId: created.admin_id, role: "super_admin", partnerId: null };
  return { actor, email };
}

export async function seedPartnerAdmin() {
  const partner = await seedPartner();
  const email = `admin-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: partner.partner.id });
  const actor: AdminActor = { adminId: created.admin_id, role: "partner_admin", partnerId: partner.partner.id };
  return { actor, email, partner };
}

export function sessionOf(actor: AdminActor, email: string): AdminSession {
  return {
    actor,
    email,
    name: null,
    environment: "live",
    scope: actor.partnerId ? { partnerId: actor.partnerId, environment: "live" } : null,
    readOnly: false,
  };
}

/** The tRPC caller of a signed-in admin (null: signed out). */
export function callerFor(session: AdminSession | null) {
  return createCaller({ admin: session, headers: new Headers() });
}
