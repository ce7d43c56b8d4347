// The portal's permission table, read back from the procedures' own meta (init.ts: each declares who
// may call it): the server's pages ask it what a session may do, and the shell hands the browser the
// list of procedures its admin may call (the navigation, the role gate and useCan follow it).
import type { AdminSession } from "@/server/auth/get-admin-session";
import { type Caller, type Permission, permits } from "@/server/domain/team-roles";
import type { ProcedureMeta } from "./init";
import { appRouter } from "./routers/_app";

type Procedure = { _def: { meta?: ProcedureMeta } };

/** Every procedure of the app router → its declared permission (undefined: it declares none). */
export const PROCEDURE_PERMISSIONS: Readonly<Record<string, Permission | undefined>> = Object.fromEntries(
  Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>).map(([path, p]) => [path, p._def.meta?.permission]),
);

/** Whether the caller may call the procedure at `path`; an unknown procedure is refused. */
export function canCall(caller: Caller, path: string): boolean {
  return permits(caller, Object.hasOwn(PROCEDURE_PERMISSIONS, path) ? PROCEDURE_PERMISSIONS[path] : undefined);
}

function callerOf(session: AdminSession): Caller {
  if (session.actor.role === "provider") return { kind: "provider" };
  return session.actor.role === "super_admin" ? { kind: "super_admin" } : { kind: "partner_admin", teamRole: session.teamRole ?? "owner" };
}

/** Whether a partner or super admin's session may call a procedure (server pages that prefetch). Provider users: never here. */
export function sessionCan(session: AdminSession, procedure: string): boolean {
  return session.actor.role !== "provider" && canCall(callerOf(session), procedure);
}

/** The procedures a caller may call. */
export function allowedFor(caller: Caller): string[] {
  return Object.keys(PROCEDURE_PERMISSIONS).filter((path) => canCall(caller, path));
}

/** The procedures a session may call: what the portal's browser side shows and hides by. */
export const allowedProcedures = (session: AdminSession): string[] => allowedFor(callerOf(session));
