// One-time set-password links: invitations (team, a new partner's first admin; valid 7 days) and
// "Forgot password?" resets (valid 1 hour). 256 random bits, only the SHA-256 stored, single use.
// Issuing a new link for the same admin retires the older ones. Pass `client` to issue it in the
// transaction that also queues the email carrying it.
import { db, type Tx } from "@/server/db/client";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { generateToken, hashToken } from "@/server/crypto/secret-token";

const PASSWORD_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export async function issuePasswordToken(
  adminId: string,
  now = new Date(),
  opts: { client?: Tx; purpose?: "invite" | "reset" } = {},
): Promise<{ url: string; expires_at: string }> {
  const purpose = opts.purpose ?? "invite";
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + (purpose === "reset" ? PASSWORD_RESET_TTL_MS : PASSWORD_TOKEN_TTL_MS));
  const write = async (client: Tx) => {
    await client.adminPasswordToken.updateMany({ where: { adminId, consumedAt: null, expiresAt: { gt: now } }, data: { expiresAt: now } });
    await client.adminPasswordToken.create({ data: { adminId, tokenHash: hashToken(token), expiresAt, purpose } });
  };
  await (opts.client ? write(opts.client) : db.$transaction(write));
  const { scheme, appDomain } = hostedAppConfig();
  return { url: `${scheme}://${appDomain}/set-password?token=${token}`, expires_at: expiresAt.toISOString() };
}
