// For deal providers (not partners): confirm or reverse a tracked conversion. The body is signed
// with the deal's provider secret (whsec_…) exactly like Perkway signs webhooks, over the exact
// bytes sent (docs/provider-conversions.md). No token: the signature is the authentication.
import type { components } from "./generated/openapi.js";
import { SIGNATURE_HEADER, signWebhook } from "./webhooks.js";

export type ConversionRequest = components["schemas"]["ConversionRequest"];
export type ConversionResponse = components["schemas"]["ConversionResponse"];
export type ReversalResponse = components["schemas"]["ReversalResponse"];

export type ProviderClientOptions = {
  /** The deal's provider secret (whsec_…). */
  secret: string;
  /** The API origin, such as https://perkway.com (default). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
};

/** A refused postback: the API's error body (code: signature_invalid, click_not_found, click_expired, reversal_window_closed, …). */
export class ProviderPostbackError extends Error {
  override name = "ProviderPostbackError";
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

async function postSigned<T>(opts: ProviderClientOptions, path: string, body: string): Promise<T> {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const res = await doFetch(`${(opts.baseUrl ?? "https://perkway.com").replace(/\/$/, "")}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: await signWebhook(body, opts.secret) },
    body,
  });
  const json = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!res.ok) throw new ProviderPostbackError(res.status, json?.error?.code ?? null, json?.error?.message ?? `HTTP ${res.status}`);
  return json as T;
}

/** POST /v1/provider/conversions: `{ redemption, duplicate }`; retrying is safe. */
export function confirmConversion(opts: ProviderClientOptions, request: ConversionRequest): Promise<ConversionResponse> {
  return postSigned(opts, "/v1/provider/conversions", JSON.stringify(request));
}

/** POST /v1/provider/conversions/{redemptionId}/reverse, within 30 days of the confirmation. */
export function reverseConversion(opts: ProviderClientOptions, redemptionId: string, reason?: string): Promise<ReversalResponse> {
  return postSigned(opts, `/v1/provider/conversions/${encodeURIComponent(redemptionId)}/reverse`, JSON.stringify(reason === undefined ? {} : { reason }));
}
