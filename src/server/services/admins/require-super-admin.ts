// The guard of every super-admin service: the tRPC layer already refuses other callers
// (superAdminProcedure), but a service must not rely on its caller for authorization.
import { AppError } from "@/server/errors/app-error";
import type { AdminActor } from "@/server/scope";

export function requireSuperAdmin(actor: AdminActor | "operator", what: string): void {
  if (actor !== "operator" && actor.role !== "super_admin") throw new AppError("forbidden", `Only a super admin can ${what}`);
}
