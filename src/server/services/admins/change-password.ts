// Team → Change your password: the current one must match; the new hash, passwordSetAt and a bumped
// sessionVersion are written together, so every older portal session (other browsers) is signed
// out at its next request. The caller's own browser signs in again with the new password (the
// portal does this right after the change), which carries the new sessionVersion.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { endAdminSessions } from "./admin-sessions";
import { queuePasswordChangedEmail } from "@/server/services/email";
import { forgotPasswordUrl } from "./forgot-password-url";
import { hashPassword, verifyPassword } from "./hash-password";

export async function changePassword(
  actor: AdminActor,
  input: { current_password: string; new_password: string },
  actorEmail?: string | null,
): Promise<{ changed: true; session_version: number }> {
  const admin = await db.admin.findUnique({ where: { id: actor.adminId }, select: { id: true, email: true, passwordHash: true, partnerId: true } });
  if (!admin) throw new AppError("unauthorized", "Sign in to continue.");
  if (!(await verifyPassword(input.current_password, admin.passwordHash))) {
    throw new AppError("password_incorrect", "The current password is not correct", { param: "current_password" });
  }
  const passwordHash = await hashPassword(input.new_password);
  return db.$transaction(async (tx) => {
    // Only over the hash just verified: a concurrent change makes this one fail, not silently win.
    const [updated] = await tx.admin.updateManyAndReturn({
      where: { id: admin.id, passwordHash: admin.passwordHash },
      data: { passwordHash, passwordSetAt: new Date(), sessionVersion: { increment: 1 } },
      select: { sessionVersion: true },
    });
    if (!updated) throw new AppError("resource_conflict", "Your password was changed at the same time elsewhere. Sign in again.");
    await endAdminSessions(admin.id, {}, tx);
    await queuePasswordChangedEmail(tx, { to: admin.email, how: "changed", forgotUrl: forgotPasswordUrl() });
    // Never the password or its hash: only that it changed.
    await recordActivity(
      { actor: activityActorOf(actor, actorEmail), partnerId: admin.partnerId, action: "admin.password_changed", target: { type: "admin", id: admin.id }, summary: "Changed their own password (other sessions signed out)" },
      tx,
    );
    return { changed: true as const, session_version: updated.sessionVersion };
  });
}
