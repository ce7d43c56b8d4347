// The portal's Live / Sandbox switch, kept on the admin account so it survives reloads and devices.
import { db } from "@/server/db/client";
import type { AdminActor, Environment } from "@/server/scope";

export async function setPortalEnvironment(actor: AdminActor, environment: Environment): Promise<{ environment: Environment }> {
  await db.admin.update({ where: { id: actor.adminId }, data: { portalEnvironment: environment } });
  return { environment };
}
