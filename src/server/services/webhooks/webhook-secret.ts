// Signing secrets (whsec_…): shown once, stored encrypted (AES-256-GCM with a key derived from
// AUTH_SECRET). They cannot be hashed like API keys: the worker needs them to sign every delivery.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey, verificationKeys } from "@/server/crypto/auth-secret";

const KEY_PURPOSE = "webhook-signing-secret";
const FORMAT = "v1";

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

export function encryptWebhookSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(KEY_PURPOSE), iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

const cache = new Map<string, string>();

/** Decrypted secrets are cached by ciphertext (a rotation changes the ciphertext, so no staleness). */
export function decryptWebhookSecret(encrypted: string): string {
  const hit = cache.get(encrypted);
  if (hit !== undefined) return hit;
  const [format, payload] = encrypted.split(".");
  if (format !== FORMAT || !payload) throw new Error("webhook secret: unknown format");
  const raw = Buffer.from(payload, "base64url");
  const secret = decryptWithAnyKey(raw);
  if (cache.size > 10_000) cache.clear();
  cache.set(encrypted, secret);
  return secret;
}

/** AES-GCM's tag tells a wrong key: secrets encrypted before a rotation open with AUTH_SECRET_PREVIOUS. */
function decryptWithAnyKey(raw: Buffer): string {
  let lastError: unknown;
  for (const key of verificationKeys(KEY_PURPOSE)) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

/**
 * After a rotation: the same secret encrypted under the current AUTH_SECRET when `encrypted` opens
 * only with AUTH_SECRET_PREVIOUS; null when it needs nothing (or opens with neither).
 */
export function reencryptWebhookSecret(encrypted: string): string | null {
  const [format, payload] = encrypted.split(".");
  if (format !== FORMAT || !payload) return null;
  const raw = Buffer.from(payload, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", deriveKey(KEY_PURPOSE), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    decipher.update(raw.subarray(28));
    decipher.final();
    return null; // already under the current secret
  } catch {
    try {
      return encryptWebhookSecret(decryptWithAnyKey(raw));
    } catch {
      return null;
    }
  }
}
