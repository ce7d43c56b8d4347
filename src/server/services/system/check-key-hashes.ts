// At start: can the configured secrets still verify the partners' key pairs? Each pair records the
// fingerprint of the AUTH_SECRET that peppered its hash (src/server/crypto/keys.ts); a pair hashed
// under a secret that is neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS can only answer 401.
import { db } from "@/server/db/client";
import { knownHashSecretIds } from "@/server/crypto/keys";

export type KeyHashCheck = {
  /** active pairs (not revoked, or rolled and still valid) the configured secrets cannot verify */
  unverifiable: number;
  /** active pairs hashed before fingerprints were recorded: verified with either secret on use */
  unrecorded: number;
};

export async function checkKeyHashes(filter: { partnerId?: string } = {}): Promise<KeyHashCheck> {
  const known = knownHashSecretIds();
  const active = { ...filter, OR: [{ revokedAt: null }, { revokedAt: { gt: new Date() } }] };
  const [unverifiable, unrecorded] = await Promise.all([
    db.apiKeyPair.count({ where: { ...active, hashSecretId: { notIn: known } } }),
    db.apiKeyPair.count({ where: { ...active, hashSecretId: null } }),
  ]);
  return { unverifiable, unrecorded };
}
