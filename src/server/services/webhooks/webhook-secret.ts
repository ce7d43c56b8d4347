// Signing secrets (whsec_…): shown once, stored encrypted (AES-256-GCM with a key derived from
// AUTH_SECRET). They cannot be hashed like API keys: the worker needs them to sign every delivery.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey } from "@/server/crypto/auth-secret";

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
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(KEY_PURPOSE), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  const secret = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  if (cache.size > 10_000) cache.clear();
  cache.set(encrypted, secret);
  return secret;
}
