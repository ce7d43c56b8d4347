// team.* — the partner's admins (/team): list, invite (one-time set-password link), remove (never
// the last one), and the signed-in admin's own password. Changes are recorded in the activity log.
import { z } from "zod";
import {
  changePasswordInputSchema,
  teamAdminIdInputSchema,
  teamAdminSchema,
  teamInviteInputSchema,
  teamInviteOutputSchema,
} from "@/server/schemas/team.schema";
import { activityActorOf } from "@/server/services/activity/record-activity";
import { changePassword } from "@/server/services/admins/change-password";
import { createAdminInvite, reissueAdminInvite } from "@/server/services/admins/create-admin-invite";
import { listAdmins } from "@/server/services/admins/list-admins";
import { removeAdmin } from "@/server/services/admins/remove-admin";
import { adminProcedure, createTRPCRouter, partnerMutationProcedure, partnerProcedure } from "../init";

const actorOf = (ctx: { actor: Parameters<typeof activityActorOf>[0]; admin: { email?: string | null } }) => activityActorOf(ctx.actor, ctx.admin.email);

export const teamRouter = createTRPCRouter({
  list: partnerProcedure.output(z.array(teamAdminSchema)).query(({ ctx }) => listAdmins(ctx.scope, ctx.actor.adminId)),

  invite: partnerMutationProcedure
    .input(teamInviteInputSchema)
    .output(teamInviteOutputSchema)
    .mutation(({ ctx, input }) => createAdminInvite(ctx.scope, actorOf(ctx), input)),

  /** A new set-password link for an invited admin whose link was lost or expired. */
  renewInvite: partnerMutationProcedure
    .input(teamAdminIdInputSchema)
    .output(z.object({ set_password_url: z.string(), expires_at: z.string() }))
    .mutation(({ ctx, input }) => reissueAdminInvite(ctx.scope, actorOf(ctx), input.id)),

  remove: partnerMutationProcedure
    .input(teamAdminIdInputSchema)
    .output(z.object({ id: z.string(), removed: z.literal(true) }))
    .mutation(({ ctx, input }) => removeAdmin(ctx.scope, actorOf(ctx), input.id)),

  /** Your own password (any signed-in admin, also a super admin): other sessions are signed out. */
  changePassword: adminProcedure
    .input(changePasswordInputSchema)
    .output(z.object({ changed: z.literal(true), session_version: z.number().int() }))
    .mutation(({ ctx, input }) => changePassword(ctx.actor, input, ctx.admin.email)),
});
