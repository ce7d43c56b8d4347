// AUTH_SECRET signs partner tokens, member sessions and next-auth cookies (through derived keys).
// The launcher (scripts/start.ts) sets it through ensureAuthSecret (./ensure-auth-secret.ts): from
// the environment, or generated once and kept in .data/auth-secret for the embedded default.
// Production with DATABASE_URL refuses to start without it.
import { createHmac } from "node:crypto";
import { AUTH_SECRET_MIN_LENGTH } from "./ensure-auth-secret";

export function authSecret(): string {
  const s = process.env.AUTH_SECRET;
  if (!s || s.length < AUTH_SECRET_MIN_LENGTH) throw new Error(`AUTH_SECRET is not set (or shorter than ${AUTH_SECRET_MIN_LENGTH} characters)`);
  return s;
}

const cache = new Map<string, { secret: string; key: Buffer }>();

/** A separate 256-bit key per purpose, so one use can never stand in for another. */
export function deriveKey(purpose: string): Buffer {
  const secret = authSecret();
  let entry = cache.get(purpose);
  if (!entry || entry.secret !== secret) {
    entry = { secret, key: createHmac("sha256", secret).update(`perkway:${purpose}`).digest() };
    cache.set(purpose, entry);
  }
  return entry.key;
}
