// POST /v1/authentications: key pair → partner token. Unknown public key and wrong private key give
// the same answer (no account probing); the private key is compared by constant-time hash.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { issuePartnerToken } from "@/server/auth/partner-token";
import { hashPrivateKey, privateKeyMatches } from "@/server/auth/keys";

const invalid = () => new AppError(401, "invalid_credentials", "The public key and private key do not match an active key pair");

export async function authenticatePartner(publicKey: string, privateKey: string) {
  const pair = await db.apiKeyPair.findUnique({
    where: { publicKey },
    select: { partnerId: true, environment: true, privateKeyHash: true, revokedAt: true, partner: { select: { active: true } } },
  });
  if (!pair || pair.revokedAt) {
    hashPrivateKey(privateKey); // same work as a real comparison, so timing tells nothing
    throw invalid();
  }
  if (!privateKeyMatches(privateKey, pair.privateKeyHash)) throw invalid();
  if (!privateKey.startsWith(`sk_${pair.environment}_`)) throw invalid();
  if (!pair.partner.active) throw new AppError(403, "partner_inactive", "This partner account is not active. Contact Perkway support to reactivate it.");
  const scope = { partnerId: pair.partnerId, environment: pair.environment };
  const { token, expiresAt } = await issuePartnerToken(scope);
  return { success: true as const, jwt_token: token, expires_at: expiresAt.toISOString(), partner_id: pair.partnerId };
}
