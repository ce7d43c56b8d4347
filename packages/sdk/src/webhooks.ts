// verifyWebhook: checks the Perkway-Signature header of a webhook request and returns the parsed
// event. The header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the
// endpoint's secret (whsec_…); a t more than 5 minutes from now is refused (replays). Web Crypto,
// so it runs in Node 20, browsers, Deno and workers alike.
import type { WebhookEvent } from "./types.js";

export const SIGNATURE_HEADER = "Perkway-Signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type WebhookVerificationFailure = "header_missing" | "header_invalid" | "timestamp_outside_tolerance" | "signature_mismatch" | "body_invalid";

export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
  }
}

export type VerifyWebhookOptions = {
  /** Seconds between `t` and now that are accepted (default 300). */
  toleranceSeconds?: number;
  /** The clock in milliseconds (tests). */
  now?: () => number;
};

const encoder = new TextEncoder();

/**
 * The event, when `header` (the Perkway-Signature request header) signs `rawBody` (the request body
 * exactly as received: a string, or bytes) with `secret`; otherwise throws WebhookVerificationError.
 * During a secret rotation pass both secrets: `[newSecret, oldSecret]`.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  header: string | null | undefined,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  if (typeof rawBody !== "string" && !(rawBody instanceof Uint8Array) && !(rawBody instanceof ArrayBuffer)) {
    throw new TypeError("verifyWebhook: pass the raw request body (string or bytes), not parsed JSON: the signature covers the exact bytes");
  }
  if (!header) throw new WebhookVerificationError("header_missing", `No ${SIGNATURE_HEADER} header`);
  const pairs = header.split(",").map((part) => {
    const i = part.indexOf("=");
    return [part.slice(0, i).trim(), part.slice(i + 1).trim()] as const;
  });
  const t = pairs.find(([k]) => k === "t")?.[1] ?? "";
  const signatures = pairs.filter(([k, v]) => k === "v1" && /^[0-9a-f]{64}$/.test(v)).map(([, v]) => v);
  if (!/^\d+$/.test(t) || signatures.length === 0) throw new WebhookVerificationError("header_invalid", `${SIGNATURE_HEADER} must look like t=<seconds>,v1=<hex>`);
  const nowSeconds = (options.now ?? Date.now)() / 1000;
  if (Math.abs(nowSeconds - Number(t)) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    throw new WebhookVerificationError("timestamp_outside_tolerance", "The signature's timestamp is too far from now (replayed or delayed request, or a wrong clock)");
  }
  const body = typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody instanceof Uint8Array ? rawBody : new Uint8Array(rawBody);
  const signed = concat(encoder.encode(`${t}.`), body);
  const secrets = typeof secret === "string" ? [secret] : secret;
  if (secrets.length === 0 || secrets.some((s) => typeof s !== "string" || !s)) throw new TypeError("verifyWebhook: a secret (whsec_…) is required");
  let matched = false;
  for (const s of secrets) {
    const expected = await hmacHex(s, signed);
    for (const given of signatures) matched = constantTimeEqual(expected, given) || matched;
  }
  if (!matched) throw new WebhookVerificationError("signature_mismatch", "The signature does not match this body and secret");
  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("body_invalid", "The signed body is not JSON");
  }
}

/** The Perkway-Signature header for a body (to test your own receiver). */
export async function signWebhook(rawBody: string, secret: string, timestampSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  return `t=${timestampSeconds},v1=${await hmacHex(secret, encoder.encode(`${timestampSeconds}.${rawBody}`))}`;
}

async function hmacHex(secret: string, data: Uint8Array): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", key, data as Uint8Array<ArrayBuffer>));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
