// tRPC root (T3-style): procedures are thin adapters over src/server/services/**. Plain JSON, no
// transformer: return ISO strings for dates.
import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPCContext } from "./context";
import { formatTRPCError, toTRPCError } from "./error-formatter";

const t = initTRPC.context<TRPCContext>().create({
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

export const publicProcedure = t.procedure.use(mapAppErrors);

/** A signed-in portal admin of either role. `ctx.actor` is the scope services take. */
export const adminProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.admin) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  return next({ ctx: { admin: ctx.admin, actor: ctx.admin.actor } });
});

/** A signed-in super_admin (servicepass staff). */
export const superAdminProcedure = adminProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== "super_admin") {
    throw new TRPCError({ code: "FORBIDDEN", message: "This action requires a super admin." });
  }
  return next({ ctx });
});
