// AUTH_SECRET signs partner tokens, member sessions and next-auth cookies (through derived keys).
// The launcher (scripts/start.ts) sets it: from the environment, or generated once and kept in
// .data/auth-secret for the embedded default. Production with DATABASE_URL refuses to start without it.
import { createHmac } from "node:crypto";

export function authSecret(): string {
  const s = process.env.AUTH_SECRET;
  if (!s || s.length < 32) throw new Error("AUTH_SECRET is not set (or shorter than 32 characters)");
  return s;
}

const cache = new Map<string, Buffer>();

/** A separate 256-bit key per purpose, so one use can never stand in for another. */
export function deriveKey(purpose: string): Buffer {
  let k = cache.get(purpose);
  if (!k) {
    k = createHmac("sha256", authSecret()).update(`perkway:${purpose}`).digest();
    cache.set(purpose, k);
  }
  return k;
}
