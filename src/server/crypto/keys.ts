// Partner key pairs: prefix + 40 base62 characters from a CSPRNG. Only an HMAC of the private key
// (peppered with a key derived from AUTH_SECRET) is stored; comparison is constant-time.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Environment } from "@/server/scope";
import { deriveKey } from "./auth-secret";

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

export function hashPrivateKey(privateKey: string): string {
  return createHmac("sha256", deriveKey("private-key-pepper")).update(privateKey).digest("hex");
}

export function privateKeyMatches(privateKey: string, storedHash: string): boolean {
  const a = Buffer.from(hashPrivateKey(privateKey), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
