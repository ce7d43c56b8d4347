// team.* — the partner's admins (/team): list, invite (one-time set-password link), remove (never
// the last one), roles (never the last owner), a teammate's 2FA reset and sessions, and the
// signed-in admin's own password. Changes are recorded in the activity log. Each procedure declares
// who may call it (meta, src/server/domain/team-roles.ts): the team is the owners'.
import { z } from "zod";
import { SignInThrottle, SignInThrottledError, signInClientIp } from "@/server/auth/sign-in-throttle";
import { AppError } from "@/server/errors/app-error";
import {
  changePasswordInputSchema,
  teamAdminIdInputSchema,
  teamAdminSchema,
  teamInviteInputSchema,
  teamInviteOutputSchema,
  teamSetRoleInputSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
} from "@/server/schemas/team.schema";
import { activityActorOf } from "@/server/services/activity";
import {
  changePassword,
  createAdminInvite,
  endTeammateSessions,
  listAdmins,
  reissueAdminInvite,
  removeAdmin,
  resetTwoFactor,
  setTeamRole,
} from "@/server/services/admins";
import { getNotificationPreferences, setNotificationPreferences } from "@/server/services/email";
import { adminProcedure, createTRPCRouter, partnerMutationProcedure, partnerProcedure, signedInProcedure } from "../init";
import { OWNERS } from "@/server/domain/team-roles";

let passwordCheckThrottle: SignInThrottle | null = null;

const actorOf = (ctx: { actor: Parameters<typeof activityActorOf>[0]; admin: { email?: string | null } }) => activityActorOf(ctx.actor, ctx.admin.email);

export const teamRouter = createTRPCRouter({
  list: partnerProcedure.meta({ permission: OWNERS }).output(z.array(teamAdminSchema)).query(({ ctx }) => listAdmins(ctx.scope, ctx.actor.adminId)),

  invite: partnerMutationProcedure.meta({ permission: OWNERS })
    .input(teamInviteInputSchema)
    .output(teamInviteOutputSchema)
    .mutation(({ ctx, input }) => createAdminInvite(ctx.scope, actorOf(ctx), input)),

  /** A new set-password link for an invited admin whose link was lost or expired. */
  renewInvite: partnerMutationProcedure.meta({ permission: OWNERS })
    .input(teamAdminIdInputSchema)
    .output(z.object({ set_password_url: z.string(), expires_at: z.string() }))
    .mutation(({ ctx, input }) => reissueAdminInvite(ctx.scope, actorOf(ctx), input.id)),

  remove: partnerMutationProcedure.meta({ permission: OWNERS })
    .input(teamAdminIdInputSchema)
    .output(z.object({ id: z.string(), removed: z.literal(true) }))
    .mutation(({ ctx, input }) => removeAdmin(ctx.scope, actorOf(ctx), input.id)),

  /** A teammate's role; the last owner stays an owner. The teammate's sessions end. */
  setRole: partnerMutationProcedure.meta({ permission: OWNERS })
    .input(teamSetRoleInputSchema)
    .output(teamAdminSchema)
    .mutation(({ ctx, input }) => setTeamRole(ctx.scope, actorOf(ctx), input, ctx.actor.adminId, ctx.admin.sessionId ?? null)),

  /** A teammate who lost their authenticator: 2FA off (set up again at the next sign-in if required). */
  resetTwoFactor: partnerMutationProcedure.meta({ permission: OWNERS })
    .input(teamAdminIdInputSchema)
    .output(z.object({ id: z.string(), two_factor_enabled: z.literal(false) }))
    .mutation(({ ctx, input }) => resetTwoFactor(ctx.scope, actorOf(ctx), input.id)),

  /** Signs a teammate out of every browser. */
  endSessions: partnerMutationProcedure.meta({ permission: OWNERS })
    .input(teamAdminIdInputSchema)
    .output(z.object({ id: z.string(), ended: z.int() }))
    .mutation(({ ctx, input }) => endTeammateSessions(ctx.scope, actorOf(ctx), input.id)),

  /** Your own email notifications: instant, daily digest or off per kind (defaults: instant). */
  notificationPreferences: adminProcedure.meta({ permission: "self" }).output(notificationPreferencesSchema).query(({ ctx }) => getNotificationPreferences(ctx.actor.adminId)),

  setNotificationPreferences: adminProcedure.meta({ permission: "self" })
    .input(notificationPreferencesInputSchema)
    .output(notificationPreferencesSchema)
    .mutation(({ ctx, input }) => setNotificationPreferences(ctx.actor.adminId, input)),

  /** Your own password (any signed-in admin, also a super admin): other sessions are signed out. */
  changePassword: signedInProcedure.meta({ permission: "self" })
    .input(changePasswordInputSchema)
    .output(z.object({ changed: z.literal(true), session_version: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      // The current-password check is a password guess like a sign-in: throttled the same way, per
      // admin and per IP (src/server/auth/sign-in-throttle.ts).
      const attempt = { email: `admin:${ctx.actor.adminId}`, ip: signInClientIp(Object.fromEntries(ctx.headers)) };
      passwordCheckThrottle ??= new SignInThrottle(undefined, undefined, "password-check");
      try {
        await passwordCheckThrottle.check(attempt);
      } catch (err) {
        if (err instanceof SignInThrottledError) throw new AppError("rate_limited", "Too many wrong current passwords. Wait 15 minutes and try again.");
        throw err;
      }
      try {
        return await changePassword(ctx.actor, input, ctx.admin.email);
      } catch (err) {
        if (err instanceof AppError && err.code === "password_incorrect") await passwordCheckThrottle.recordFailure(attempt);
        throw err;
      }
    }),
});
