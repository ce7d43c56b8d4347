// The Perkway-Signature header (docs/webhooks.md): t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>.
// verifyWebhookSignature is what a receiver does (docs/webhooks.md shows the same in 15 lines).
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Perkway-Signature";
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export function signWebhookBody(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** True when one v1 signature of the header matches and t is within the tolerance of now. */
export function verifyWebhookSignature(header: string, body: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): boolean {
  const parts = header.split(",").map((p) => p.split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  return parts.some(([k, v]) => k === "v1" && v !== undefined && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
}
