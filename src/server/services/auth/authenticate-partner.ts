// POST /v1/authentications: key pair → partner token. Unknown public key and wrong private key give
// the same answer (no account probing); the private key is compared by constant-time hash. A pair
// rolled with an expiry (revoked_at in the future) keeps authenticating until then.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { issuePartnerToken } from "@/server/crypto/partner-token";
import { hashPrivateKey, privateKeyMatches } from "@/server/crypto/keys";

const invalid = () => new AppError(401, "invalid_credentials", "The public key and private key do not match an active key pair");

/** last_used_at is written at most once a minute per pair: a busy integration costs no write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticatePartner(publicKey: string, privateKey: string) {
  const pair = await db.apiKeyPair.findUnique({
    where: { publicKey },
    select: { id: true, partnerId: true, environment: true, privateKeyHash: true, revokedAt: true, lastUsedAt: true, partner: { select: { active: true } } },
  });
  const now = Date.now();
  if (!pair || (pair.revokedAt && pair.revokedAt.getTime() <= now)) {
    hashPrivateKey(privateKey); // same work as a real comparison, so timing tells nothing
    throw invalid();
  }
  if (!privateKeyMatches(privateKey, pair.privateKeyHash)) throw invalid();
  if (!privateKey.startsWith(`sk_${pair.environment}_`)) throw invalid();
  if (!pair.partner.active) throw new AppError(403, "partner_inactive", "This partner account is not active. Contact Perkway support to reactivate it.");
  if (!pair.lastUsedAt || now - pair.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) touchLastUsed(pair.id);
  const scope = { partnerId: pair.partnerId, environment: pair.environment };
  const { token, expiresAt } = await issuePartnerToken(scope);
  return { success: true as const, jwt_token: token, expires_at: expiresAt.toISOString(), partner_id: pair.partnerId };
}

/**
 * Fire and forget: the response never waits for this write, and a failed write only leaves the
 * portal's "last used" a little old. The condition in SQL keeps concurrent requests (and other app
 * instances) from writing the same row more than once a minute.
 */
function touchLastUsed(pairId: string): void {
  db.$executeRaw`UPDATE api_key_pairs SET last_used_at = now() WHERE id = ${pairId}::uuid AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`.catch(
    (err: unknown) => console.warn(JSON.stringify({ level: "warn", msg: "api key last_used_at not updated", error: (err as Error).message })),
  );
}
