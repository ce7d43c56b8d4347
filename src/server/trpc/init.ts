// tRPC root (T3-style): procedures are thin adapters over src/server/services/**. Plain JSON, no
// transformer: return ISO strings for dates. The guards below put the caller's scope in `ctx`;
// a procedure never takes a partner id or environment from its input.
import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPCContext } from "./context";
import { parseWith } from "@/server/errors/parse-with";
import { storableInputSchema } from "@/server/schemas/storable-text";
import { formatTRPCError, toTRPCError } from "./error-formatter";
import { metrics } from "@/server/observability/metrics";
import { AppError } from "@/server/errors/app-error";
import { type Caller, type Permission, permits, type TeamRole } from "@/server/domain/team-roles";
import { withReadSession } from "@/server/db/read-your-writes";
import { newRequestId } from "@/server/http/request-id";

/**
 * What every procedure declares (`.meta({ permission })`): who may call it (team-roles.ts), and
 * whether an admin who must still set up two-factor sign-in may (the /account page's procedures).
 * The provider and super-admin builders declare theirs once for all their procedures.
 */
export type ProcedureMeta = { permission?: Permission; twoFactorSetup?: true };

const t = initTRPC.context<TRPCContext>().meta<ProcedureMeta>().create({
  errorFormatter: formatTRPCError,
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// Services throw AppError/ZodError; tRPC wraps anything unknown as INTERNAL_SERVER_ERROR. Give those
// their real code here so the HTTP status, the client and server-side callers all see it.
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR") {
    const mapped = toTRPCError(result.error.cause);
    if (mapped) throw mapped;
  }
  return result;
});

// Strings PostgreSQL cannot store (NUL, unpaired surrogates) are a 400 before any input schema runs,
// as on /v1 (the same shared refinement).
const refuseUnstorableInput = t.middleware(async ({ getRawInput, next }) => {
  parseWith(storableInputSchema, await getRawInput());
  return next();
});

// Time and outcome of every procedure (a batched request carries several: each is measured alone).
const measure = t.middleware(async ({ path, type, next }) => {
  const started = performance.now();
  const result = await next();
  metrics().trpcDuration.observe({ procedure: path, type, outcome: result.ok ? "ok" : result.error.code }, (performance.now() - started) / 1000);
  return result;
});

export const publicProcedure = t.procedure.use(measure).use(mapAppErrors).use(refuseUnstorableInput);

/**
 * A signed-in portal user (partner admin, super admin or provider user). `ctx.actor` is the scope
 * admin services take. Every procedure behind it is checked against the permission its meta declares:
 * a role it does not name, or a procedure that declares none, is FORBIDDEN. Someone who must still set
 * up two-factor sign-in reaches only the procedures marked `twoFactorSetup` (/account's).
 */
export const signedInProcedure = publicProcedure.use(({ ctx, meta, type, next }) => {
  if (!ctx.admin) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  const role = ctx.admin.actor.role;
  const teamRole: TeamRole | null = role === "partner_admin" ? (ctx.admin.teamRole ?? "owner") : null;
  const caller: Caller = teamRole ? { kind: "partner_admin", teamRole } : role === "provider" ? { kind: "provider" } : { kind: "super_admin" };
  if (!permits(caller, meta?.permission)) {
    const superOnly = meta?.permission === "super_admin";
    throw new AppError("forbidden", superOnly ? "This action requires a super admin." : "Your role does not allow this.");
  }
  if (ctx.admin.twoFactorSetupRequired && !meta?.twoFactorSetup) {
    throw new AppError("two_factor_setup_required", "Set up two-factor authentication on your Account page before anything else.");
  }
  // Read-your-writes (contract section 21): a mutation reads from the primary, and so does the
  // admin for DATABASE_REPLICA_STICKY_MS after it (src/server/db/read-your-writes.ts).
  return withReadSession({ session: `admin:${ctx.admin.actor.adminId}`, writing: type === "mutation", newRequestId }, () =>
    next({ ctx: { admin: ctx.admin!, actor: ctx.admin!.actor, teamRole } }),
  );
});

/**
 * A signed-in partner admin or super admin. Provider users are refused here too (the table lists no
 * partner or super-admin procedure for them), so every partner and super-admin procedure is closed to them.
 */
export const adminProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role === "provider") throw new TRPCError({ code: "FORBIDDEN", message: "Provider accounts only reach the provider area." });
  return next({ ctx });
});

/** The provider area: `ctx.provider` = { providerId, adminId } from the account, never from input. */
export const providerProcedure = signedInProcedure.meta({ permission: "provider" }).use(({ ctx, next }) => {
  if (ctx.actor.role !== "provider" || !ctx.admin.provider) throw new TRPCError({ code: "FORBIDDEN", message: "This page is for provider accounts." });
  return next({ ctx: { provider: ctx.admin.provider } });
});

/**
 * Partner pages (read): `ctx.scope` = { partnerId, environment } from the session: the admin's own
 * partner and the Live / Sandbox switch, or the partner a super_admin is viewing as. Another
 * partner's ids therefore answer NOT_FOUND from the scoped services.
 */
export const partnerProcedure = adminProcedure.use(({ ctx, next }) => {
  const scope = ctx.admin.scope;
  if (!scope) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Open a partner's portal first (Partners → View as) to see partner pages." });
  }
  return next({ ctx: { scope, readOnly: ctx.admin.readOnly } });
});

/** Partner pages (change): as partnerProcedure, refused while a super_admin views read-only. */
export const partnerMutationProcedure = partnerProcedure.use(({ ctx, next }) => {
  if (ctx.readOnly) {
    throw new TRPCError({ code: "FORBIDDEN", message: "You are viewing this partner's portal read-only. Changes are made by the partner's admins." });
  }
  return next({ ctx });
});

/** A signed-in super_admin (servicepass staff). */
export const superAdminProcedure = adminProcedure.meta({ permission: "super_admin" }).use(({ ctx, next }) => {
  if (ctx.actor.role !== "super_admin") {
    throw new TRPCError({ code: "FORBIDDEN", message: "This action requires a super admin." });
  }
  return next({ ctx });
});
