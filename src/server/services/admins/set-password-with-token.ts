// The public /set-password page: what a link is (valid, used, expired, unknown) and, for a valid one,
// choosing the password. Consuming is one conditional UPDATE, so two submissions of one link set the
// password once. Setting it signs out the admin's other sessions (sessionVersion).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { recordActivity } from "@/server/services/activity";
import { hashToken, isWellFormedToken } from "@/server/crypto/secret-token";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/server/schemas/team.schema";
import { endAdminSessions } from "./admin-sessions";
import { hashPassword } from "./hash-password";
import { queuePasswordChangedEmail } from "@/server/services/email";
import { forgotPasswordUrl } from "./forgot-password-url";

/** `provider`: the link is a provider user's (its pages speak to providers, not partner teams). */
type PasswordTokenState = { state: "valid"; email: string; provider: boolean } | { state: "used" | "expired"; provider: boolean } | { state: "unknown" };

export { MIN_PASSWORD_LENGTH } from "@/server/schemas/team.schema";

export async function inspectPasswordToken(token: unknown, now = new Date()): Promise<PasswordTokenState> {
  if (!isWellFormedToken(token)) return { state: "unknown" };
  const row = await db.adminPasswordToken.findUnique({ where: { tokenHash: hashToken(token) }, select: { consumedAt: true, expiresAt: true, admin: { select: { email: true, role: true } } } });
  if (!row) return { state: "unknown" };
  const provider = row.admin.role === "provider";
  if (row.consumedAt) return { state: "used", provider };
  if (row.expiresAt <= now) return { state: "expired", provider };
  return { state: "valid", email: row.admin.email, provider };
}

export async function setPasswordWithToken(token: unknown, password: string, now = new Date()): Promise<{ email: string }> {
  if (typeof password !== "string" || password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new AppError("parameter_invalid", `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters`, { param: "password" });
  }
  const invalid = () => new AppError("password_link_invalid", "This link was already used or has expired. Ask an admin of your organization for a new one.");
  if (!isWellFormedToken(token)) throw invalid();
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const row = await tx.adminPasswordToken.findUnique({ where: { tokenHash: hashToken(token) }, select: { id: true, adminId: true, admin: { select: { passwordSetAt: true } } } });
    if (!row) throw invalid();
    const { count } = await tx.adminPasswordToken.updateMany({ where: { id: row.id, consumedAt: null, expiresAt: { gt: now } }, data: { consumedAt: now } });
    if (count === 0) throw invalid();
    const admin = await tx.admin.update({
      where: { id: row.adminId },
      data: { passwordHash, passwordSetAt: now, sessionVersion: { increment: 1 } },
      select: { id: true, email: true, partnerId: true },
    });
    await endAdminSessions(admin.id, {}, tx);
    // A reset (the admin had a password) gets a notice; a first password after an invitation does not.
    if (row.admin.passwordSetAt) await queuePasswordChangedEmail(tx, { to: admin.email, how: "reset", forgotUrl: forgotPasswordUrl() });
    await recordActivity({ actor: { type: "admin", adminId: admin.id, email: admin.email }, partnerId: admin.partnerId, action: "admin.password_set", target: { type: "admin", id: admin.id }, summary: `${admin.email} chose a password with a set-password link` }, tx);
    return { email: admin.email };
  });
}
