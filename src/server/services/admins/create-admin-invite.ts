// Team → Invite an admin: the account is created with no usable password (passwordSetAt null) and
// the activity entry lands in the same transaction; then a one-time set-password link is issued
// for the inviter to pass on (there is no email delivery).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { TeamAdmin, TeamInviteInput } from "@/server/schemas/team.schema";
import { recordActivity, type ActivityActor } from "@/server/services/activity/record-activity";
import { createPartnerAdmin } from "./create-partner-admin";
import { issuePasswordToken } from "./issue-password-token";
import { teamAdminOf, teamAdminSelect } from "./list-admins";
import { findTeamAdminOrThrow, teamWhere } from "./team-scope";

export async function createAdminInvite(
  scope: { partnerId: string },
  actor: ActivityActor,
  input: TeamInviteInput,
): Promise<{ admin: TeamAdmin; set_password_url: string; expires_at: string }> {
  const { partnerId } = teamWhere(scope);
  const admin = await db
    .$transaction(async (tx) => {
      const created = await createPartnerAdmin(tx, partnerId, { email: input.email, name: input.name || null });
      await recordActivity(
        {
          actor,
          partnerId,
          action: "admin.invited",
          target: { type: "admin", id: created.id },
          summary: `Invited ${created.email} as an admin`,
          changes: { after: { email: created.email, name: input.name || null } },
        },
        tx,
      );
      return tx.admin.findUniqueOrThrow({ where: { id: created.id }, select: teamAdminSelect });
    })
    .catch((err: unknown) => {
      // createPartnerAdmin names the super-admin form's field; here the field is `email`.
      if (err instanceof AppError && err.code === "email_taken") throw new AppError(409, "email_taken", `An admin with email ${input.email} already exists`, { param: "email" });
      throw err;
    });
  const link = await issuePasswordToken(admin.id);
  return { admin: teamAdminOf(admin, null), set_password_url: link.url, expires_at: link.expires_at };
}

/** A fresh set-password link for an invited admin who has not chosen a password yet. */
export async function reissueAdminInvite(scope: { partnerId: string }, actor: ActivityActor, adminId: string) {
  const admin = await findTeamAdminOrThrow(scope, adminId);
  if (admin.passwordSetAt) throw new AppError(409, "password_already_set", `${admin.email} has already chosen a password; they can sign in`);
  const link = await issuePasswordToken(admin.id);
  await recordActivity({ actor, partnerId: scope.partnerId, action: "admin.invite_renewed", target: { type: "admin", id: admin.id }, summary: `Issued a new set-password link for ${admin.email}` });
  return { set_password_url: link.url, expires_at: link.expires_at };
}
