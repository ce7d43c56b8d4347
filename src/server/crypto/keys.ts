// Partner key pairs: prefix + 40 base62 characters from a CSPRNG. Only an HMAC of the private key
// (peppered with a key derived from AUTH_SECRET) is stored, beside the fingerprint of the secret
// that peppered it; comparison is constant-time. After a rotation, AUTH_SECRET_PREVIOUS still
// verifies the older hashes (docs/decisions/secret-rotation.md).
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Environment } from "@/server/scope";
import { authSecret, deriveKey, derivePreviousKey, previousAuthSecret, secretFingerprint } from "./auth-secret";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const KEY_RANDOM_LENGTH = 40;
export const PUBLIC_KEY_RE = /^pk_(live|test)_[0-9A-Za-z]{32,}$/;
export const PRIVATE_KEY_RE = /^sk_(live|test)_[0-9A-Za-z]{32,}$/;

export function randomBase62(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

export function generateKeyPair(environment: Environment) {
  return {
    publicKey: `pk_${environment}_${randomBase62(KEY_RANDOM_LENGTH)}`,
    privateKey: `sk_${environment}_${randomBase62(KEY_RANDOM_LENGTH)}`,
  };
}

const PEPPER = "private-key-pepper";

export function hashPrivateKey(privateKey: string): string {
  return createHmac("sha256", deriveKey(PEPPER)).update(privateKey).digest("hex");
}

/** The fingerprint to store beside a hash made now (by hashPrivateKey). */
export function currentHashSecretId(): string {
  return secretFingerprint(authSecret());
}

/** The fingerprints of the secrets this process can verify hashes with: current first. */
export function knownHashSecretIds(): string[] {
  const previous = previousAuthSecret();
  return previous ? [currentHashSecretId(), secretFingerprint(previous)] : [currentHashSecretId()];
}

function sameHash(hex: string, storedHash: string): boolean {
  const a = Buffer.from(hex, "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export function privateKeyMatches(privateKey: string, storedHash: string): boolean {
  return sameHash(hashPrivateKey(privateKey), storedHash);
}

/**
 * Which secret's pepper made `storedHash` from `privateKey`: "current", "previous" (the caller
 * re-hashes it under the current secret) or null for no match. A pair whose secret id is unknown
 * (hashed before ids were recorded) is tried with both.
 */
export function matchPrivateKey(privateKey: string, storedHash: string, hashSecretId: string | null): "current" | "previous" | null {
  const previousKey = derivePreviousKey(PEPPER);
  const previousId = previousKey ? secretFingerprint(previousAuthSecret()!) : null;
  if (hashSecretId === null || hashSecretId !== previousId) {
    if (privateKeyMatches(privateKey, storedHash)) return "current";
  }
  if (previousKey && (hashSecretId === null || hashSecretId === previousId)) {
    if (sameHash(createHmac("sha256", previousKey).update(privateKey).digest("hex"), storedHash)) return "previous";
  }
  return null;
}
