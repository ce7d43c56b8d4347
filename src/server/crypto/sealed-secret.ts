// Small secrets the server must read back (not hash): AES-256-GCM with a key derived from
// AUTH_SECRET per purpose, the same construction as webhook signing secrets. Values sealed before an
// AUTH_SECRET rotation open with AUTH_SECRET_PREVIOUS (docs/decisions/secret-rotation.md).
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { deriveKey, verificationKeys } from "./auth-secret";

const FORMAT = "v1";

export function sealSecret(purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The plain value, or null when it opens with neither the current nor the previous secret. */
export function openSecret(purpose: string, sealed: string): string | null {
  const [format, payload] = sealed.split(".");
  if (format !== FORMAT || !payload) return null;
  const raw = Buffer.from(payload, "base64url");
  for (const key of verificationKeys(purpose)) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      // the other key, if any
    }
  }
  return null;
}

/** A keyed hash (HMAC-SHA-256) for short secrets a plain hash would not protect against guessing offline. */
export function keyedHash(purpose: string, value: string): string {
  return createHmac("sha256", deriveKey(purpose)).update(value).digest("base64url");
}

/** Every hash `value` may be stored under (current and previous AUTH_SECRET). */
export function keyedHashCandidates(purpose: string, value: string): string[] {
  return verificationKeys(purpose).map((key) => createHmac("sha256", key).update(value).digest("base64url"));
}
