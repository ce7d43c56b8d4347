// AUTH_SECRET signs partner tokens, member sessions and next-auth cookies (through derived keys).
// The launcher (scripts/start.ts) sets it through ensureAuthSecret (./ensure-auth-secret.ts): from
// the environment, or generated once and kept in .data/auth-secret for the embedded default.
// Production with DATABASE_URL refuses to start without it.
//
// Rotation (docs/decisions/secret-rotation.md): AUTH_SECRET_PREVIOUS keeps what the old secret
// signed or encrypted verifiable (tokens, sessions, cookies, webhook secrets, key hashes) while new
// ones use AUTH_SECRET only.
import { createHmac } from "node:crypto";
import { AUTH_SECRET_MIN_LENGTH } from "./ensure-auth-secret";
import { setting } from "@/server/config/env";

export function authSecret(): string {
  const s = setting("authSecret");
  if (!s || s.length < AUTH_SECRET_MIN_LENGTH) throw new Error(`AUTH_SECRET is not set (or shorter than ${AUTH_SECRET_MIN_LENGTH} characters)`);
  return s;
}

/** The secret before the last rotation, when the operator keeps it for the overlap; else null. */
export function previousAuthSecret(): string | null {
  const s = setting("authSecretPrevious");
  if (!s || s.length < AUTH_SECRET_MIN_LENGTH || s === setting("authSecret")) return null;
  return s;
}

const cache = new Map<string, { secret: string; key: Buffer }>();

function derive(secret: string, purpose: string, slot: string): Buffer {
  const id = `${slot}:${purpose}`;
  let entry = cache.get(id);
  if (!entry || entry.secret !== secret) {
    entry = { secret, key: createHmac("sha256", secret).update(`perkway:${purpose}`).digest() };
    cache.set(id, entry);
  }
  return entry.key;
}

/** A separate 256-bit key per purpose, so one use can never stand in for another. */
export function deriveKey(purpose: string): Buffer {
  return derive(authSecret(), purpose, "current");
}

/** The same purpose's key under AUTH_SECRET_PREVIOUS, or null when none is configured. */
export function derivePreviousKey(purpose: string): Buffer | null {
  const previous = previousAuthSecret();
  return previous ? derive(previous, purpose, "previous") : null;
}

/** Keys to try when verifying or decrypting: the current one first. */
export function verificationKeys(purpose: string): Buffer[] {
  const previous = derivePreviousKey(purpose);
  return previous ? [deriveKey(purpose), previous] : [deriveKey(purpose)];
}

/**
 * A short public name for a secret (not reversible): stored beside what it hashed, so that a start
 * can tell which key pairs the configured secrets can still verify.
 */
export function secretFingerprint(secret: string): string {
  return createHmac("sha256", secret).update("perkway:secret-fingerprint").digest("hex").slice(0, 16);
}
