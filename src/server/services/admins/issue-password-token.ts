// One-time set-password links for invited admins (team invitations, a new partner's first admin):
// 256 random bits, only the SHA-256 stored, single use, valid 7 days. Issuing a new link for the
// same admin retires the older ones.
import { db } from "@/server/db/client";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { generateToken, hashToken } from "@/server/services/magic-links/token";

export const PASSWORD_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function issuePasswordToken(adminId: string, now = new Date()): Promise<{ url: string; expires_at: string }> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_TOKEN_TTL_MS);
  await db.$transaction([
    db.adminPasswordToken.updateMany({ where: { adminId, consumedAt: null }, data: { expiresAt: now } }),
    db.adminPasswordToken.create({ data: { adminId, tokenHash: hashToken(token), expiresAt } }),
  ]);
  const { scheme, appDomain } = hostedAppConfig();
  return { url: `${scheme}://${appDomain}/set-password?token=${token}`, expires_at: expiresAt.toISOString() };
}
