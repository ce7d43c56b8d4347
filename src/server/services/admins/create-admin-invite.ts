// Team → Invite an admin: the account is created with no usable password (passwordSetAt null) and
// the activity entry lands in the same transaction; then a one-time set-password link is issued
// and emailed in the same transaction (the link is also returned, for the inviter to pass on).
import { db, type Tx } from "@/server/db/client";
import { queueAdminInvitationEmail } from "@/server/services/email";
import { AppError } from "@/server/errors/app-error";
import type { TeamAdmin, TeamInviteInput } from "@/server/schemas/team.schema";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
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
      const created = await createPartnerAdmin(tx, partnerId, { email: input.email, name: input.name || null, teamRole: input.role ?? "admin" });
      await recordActivity(
        {
          actor,
          partnerId,
          action: "admin.invited",
          target: { type: "admin", id: created.id },
          summary: `Invited ${created.email} as ${input.role ?? "admin"}`,
          changes: { after: { email: created.email, name: input.name || null, role: input.role ?? "admin" } },
        },
        tx,
      );
      // The set-password link and the email carrying it commit with the account.
      const link = await issuePasswordToken(created.id, new Date(), { client: tx });
      await queueInvitation(tx, partnerId, actor, created.email, link);
      return { ...(await tx.admin.findUniqueOrThrow({ where: { id: created.id }, select: teamAdminSelect })), link };
    })
    .catch((err: unknown) => {
      // createPartnerAdmin names the super-admin form's field; here the field is `email`.
      if (err instanceof AppError && err.code === "email_taken") throw new AppError("email_taken", `An admin with email ${input.email} already exists`, { param: "email" });
      throw err;
    });
  const { link, ...row } = admin;
  return { admin: teamAdminOf(row, null), set_password_url: link.url, expires_at: link.expires_at };
}

/** A fresh set-password link for an invited admin who has not chosen a password yet. */
export async function reissueAdminInvite(scope: { partnerId: string }, actor: ActivityActor, adminId: string) {
  const admin = await findTeamAdminOrThrow(scope, adminId);
  if (admin.passwordSetAt) throw new AppError("password_already_set", `${admin.email} has already chosen a password; they can sign in`);
  const link = await db.$transaction(async (tx) => {
    const issued = await issuePasswordToken(admin.id, new Date(), { client: tx });
    await queueInvitation(tx, scope.partnerId, actor, admin.email, issued);
    return issued;
  });
  await recordActivity({ actor, partnerId: scope.partnerId, action: "admin.invite_renewed", target: { type: "admin", id: admin.id }, summary: `Emailed a new set-password link to ${admin.email}` });
  return { set_password_url: link.url, expires_at: link.expires_at };
}

async function queueInvitation(tx: Tx, partnerId: string, actor: ActivityActor, to: string, link: { url: string; expires_at: string }) {
  const partner = await tx.partner.findUnique({ where: { id: partnerId }, select: { name: true } });
  const inviterEmail = "email" in actor && typeof actor.email === "string" ? actor.email : null;
  await queueAdminInvitationEmail(tx, { to, partnerId, partnerName: partner?.name ?? "your organization", inviterEmail, url: link.url, expiresAt: link.expires_at });
}
