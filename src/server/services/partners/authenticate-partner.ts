// POST /v1/authentications: key pair → partner token. Unknown public key and wrong private key give
// the same answer (no account probing); the private key is compared by constant-time hash. A pair
// rolled with an expiry (revoked_at in the future) keeps authenticating until then.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { issuePartnerToken } from "@/server/crypto/partner-token";
import { currentHashSecretId, hashPrivateKey, matchPrivateKey } from "@/server/crypto/keys";
import { errorFields, logger } from "@/server/observability/logger";

const invalid = () => new AppError("invalid_credentials", "The public key and private key do not match an active key pair");

/** last_used_at is written at most once a minute per pair: a busy integration costs no write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticatePartner(publicKey: string, privateKey: string) {
  const pair = await db.apiKeyPair.findUnique({
    where: { publicKey },
    select: { id: true, partnerId: true, environment: true, privateKeyHash: true, hashSecretId: true, revokedAt: true, lastUsedAt: true, partner: { select: { active: true } } },
  });
  const now = Date.now();
  if (!pair || (pair.revokedAt && pair.revokedAt.getTime() <= now)) {
    hashPrivateKey(privateKey); // same work as a real comparison, so timing tells nothing
    throw invalid();
  }
  const matched = matchPrivateKey(privateKey, pair.privateKeyHash, pair.hashSecretId);
  if (!matched) throw invalid();
  if (!privateKey.startsWith(`sk_${pair.environment}_`)) throw invalid();
  if (!pair.partner.active) throw new AppError("partner_inactive", "This partner account is not active. Contact Perkway support to reactivate it.");
  if (matched === "previous" || pair.hashSecretId === null) rehashUnderCurrentSecret(pair.id, pair.privateKeyHash, privateKey);
  if (!pair.lastUsedAt || now - pair.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) touchLastUsed(pair.id);
  const scope = { partnerId: pair.partnerId, environment: pair.environment };
  const { token, expiresAt } = await issuePartnerToken(scope);
  return { success: true as const, jwt_token: token, expires_at: expiresAt.toISOString(), partner_id: pair.partnerId };
}

/**
 * A pair verified with AUTH_SECRET_PREVIOUS (or hashed before secret ids were recorded) is hashed
 * again under the current secret, so that it outlives the previous secret's removal. Conditional
 * on the old hash: concurrent sign-ins and other instances write it once. Fire and forget.
 */
function rehashUnderCurrentSecret(pairId: string, oldHash: string, privateKey: string): void {
  db.apiKeyPair
    .updateMany({ where: { id: pairId, privateKeyHash: oldHash }, data: { privateKeyHash: hashPrivateKey(privateKey), hashSecretId: currentHashSecretId() } })
    .catch((err: unknown) => logger().warn({ ...errorFields(err), pair_id: pairId }, "could not re-hash a key pair under the current AUTH_SECRET"));
}

/**
 * Fire and forget: the response never waits for this write, and a failed write only leaves the
 * portal's "last used" a little old. The condition in SQL keeps concurrent requests (and other app
 * instances) from writing the same row more than once a minute.
 */
function touchLastUsed(pairId: string): void {
  db.$executeRaw`UPDATE api_key_pairs SET last_used_at = now() WHERE id = ${pairId}::uuid AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`.catch(
    (err: unknown) => logger().warn(errorFields(err), "api key last_used_at not updated"),
  );
}
