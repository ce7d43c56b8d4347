// Fixtures of the portal members/team/activity tests: a partner with a partner admin created
// through the real services, and tRPC callers with the context the portal builds for a session.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import type { AdminSession } from "@/server/auth/get-admin-session";
import type { AdminActor, Environment } from "@/server/scope";
import { createAdmin } from "@/server/services/admins";
import { createCaller } from "@/server/trpc/routers/_app";
import { seedPartner } from "../helpers/seed";

export const PASSWORD = "correct horse battery staple";

export function sessionFor(actor: AdminActor, email: string, environment: Environment = "live", partnerId = actor.partnerId): AdminSession {
  return {
    actor,
    email,
    name: null,
    environment,
    scope: partnerId ? { partnerId, environment } : null,
    readOnly: actor.role === "super_admin",
  };
}

export function callerOf(session: AdminSession | null) {
  return createCaller({ admin: session, headers: new Headers() });
}

export async function seedAdminOf(partnerId: string) {
  const email = `admin-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: partnerId, password: PASSWORD });
  const actor: AdminActor = { adminId: created.admin_id, role: "partner_admin", partnerId };
  return { actor, email, adminId: created.admin_id };
}

/** A partner, its admin, and the admin's callers in Live and Sandbox. */
export async function seedPortalPartner() {
  const seeded = await seedPartner();
  const admin = await seedAdminOf(seeded.partner.id);
  return {
    ...seeded,
    partnerId: seeded.partner.id,
    admin,
    live: callerOf(sessionFor(admin.actor, admin.email, "live")),
    sandbox: callerOf(sessionFor(admin.actor, admin.email, "test")),
  };
}

export async function trpcError(promise: Promise<unknown>): Promise<TRPCError & { appCode?: string; param?: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) {
      const cause = err.cause as { code?: string; param?: string; issues?: { path: PropertyKey[] }[] } | undefined;
      return Object.assign(err, { appCode: cause?.code, param: cause?.param ?? cause?.issues?.[0]?.path.join(".") });
    }
    throw err;
  }
  throw new Error("expected a TRPCError");
}
