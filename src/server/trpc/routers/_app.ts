// The portal's tRPC router. Each area gets its own router file next to this one.
import { adminProcedure, createCallerFactory, createTRPCRouter, publicProcedure } from "../init";

export const appRouter = createTRPCRouter({
  health: publicProcedure.query(() => ({ ok: true as const, time: new Date().toISOString() })),

  /** The signed-in admin as the server sees it (proves the session reaches tRPC). */
  me: adminProcedure.query(({ ctx }) => ({
    adminId: ctx.actor.adminId,
    role: ctx.actor.role,
    partnerId: ctx.actor.partnerId,
    email: ctx.admin.email,
    name: ctx.admin.name,
  })),
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
