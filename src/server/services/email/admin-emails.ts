// The emails admins get about their own account: the team invitation, a password reset link and the
// notice after a password change. Each is queued in the caller's transaction (the one that issues
// the link or changes the password).
import type { Tx } from "@/server/db/client";
import { renderEmail } from "@/emails";
import { queueEmail } from "./queue-email";

export async function queueAdminInvitationEmail(
  tx: Tx,
  d: { to: string; partnerId: string | null; partnerName: string; inviterEmail: string | null; url: string; expiresAt: string; provider?: boolean },
): Promise<string> {
  const days = Math.max(1, Math.round((new Date(d.expiresAt).getTime() - Date.now()) / 86_400_000));
  const rendered = await renderEmail("adminInvitation", { partnerName: d.partnerName, inviterEmail: d.inviterEmail, email: d.to, url: d.url, expiresInDays: days, provider: d.provider });
  return queueEmail(tx, { ...rendered, kind: "admin_invitation", to: d.to, partnerId: d.partnerId });
}

export async function queuePasswordResetEmail(tx: Tx, d: { to: string; url: string; expiresAt: string }): Promise<string> {
  const minutes = Math.max(1, Math.round((new Date(d.expiresAt).getTime() - Date.now()) / 60_000));
  const rendered = await renderEmail("passwordReset", { email: d.to, url: d.url, expiresInMinutes: minutes });
  return queueEmail(tx, { ...rendered, kind: "password_reset", to: d.to });
}

export async function queuePasswordChangedEmail(tx: Tx, d: { to: string; how: "changed" | "reset"; forgotUrl: string }): Promise<string> {
  const rendered = await renderEmail("passwordChanged", { email: d.to, at: new Date(), how: d.how, resetUrl: d.forgotUrl });
  return queueEmail(tx, { ...rendered, kind: "password_changed", to: d.to });
}
