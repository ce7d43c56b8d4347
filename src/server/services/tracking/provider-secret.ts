// Provider secrets of tracked deals (docs/provider-conversions.md): whsec_… like webhook signing secrets,
// made and stored the same way (AES-256-GCM, src/server/services/webhooks/webhook-secret.ts): the server
// needs the secret itself to check each conversion's HMAC, so it cannot be hashed. The deals module
// turns tracking on and rotates (deals/tracking-settings.ts); the provider's Perkway-Signature over the
// raw body is checked here (conversions and reversals alike), each refusal saying which part was wrong.
import { AppError } from "@/server/errors/app-error";
import { decryptWebhookSecret, encryptWebhookSecret, generateWebhookSecret, SIGNATURE_TOLERANCE_SECONDS, verifyWebhookSignature } from "@/server/services/webhooks";

type NewProviderSecret = { secret: string; encrypted: string };

/** A new secret: shown once, stored encrypted. */
export function newProviderSecret(): NewProviderSecret {
  const secret = generateWebhookSecret();
  return { secret, encrypted: encryptWebhookSecret(secret) };
}

const signatureInvalid = (message: string) => new AppError("signature_invalid", message);

/** The timestamp of a Perkway-Signature header, or null when it has none. */
function signatureTimestamp(header: string): number | null {
  const t = header.split(",").map((p) => p.trim().split("=")).find(([k]) => k === "t")?.[1];
  return t !== undefined && /^\d{1,12}$/.test(t) ? Number(t) : null;
}

export function verifyProviderSignature(deal: { tracking_enabled: boolean; secret: string | null }, signature: string | null, rawBody: string, now: Date): void {
  const header = signature?.trim() ?? "";
  if (!header) throw signatureInvalid("The Perkway-Signature header is missing: sign the raw body with the deal's provider secret (t=<unix seconds>,v1=<hex HMAC-SHA256>)");
  const t = signatureTimestamp(header);
  if (t === null) throw signatureInvalid("The Perkway-Signature header is malformed: expected t=<unix seconds>,v1=<hex HMAC-SHA256>");
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) {
    throw signatureInvalid("The Perkway-Signature timestamp is more than 5 minutes from our clock: sign each request when you send it");
  }
  // A deal that is no longer tracked has no secret: nothing can match.
  if (!deal.tracking_enabled || !deal.secret || !verifyWebhookSignature(header, rawBody, decryptWebhookSecret(deal.secret), nowSeconds)) {
    throw signatureInvalid("The Perkway-Signature does not match this body and the deal's provider secret (sign the exact bytes you send; after a rotation use the new secret)");
  }
}
