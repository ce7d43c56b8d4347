// createHandoffToken: the signed hand-off token your backend gives a member's browser, so they land
// signed in on your Perkway deal app (GET /auth/handoff?token=…) or widget (/embed/{subdomain}?handoff=…).
// HS256 (HMAC-SHA-256) keyed with the UTF-8 bytes of your environment's whole hand-off secret
// (hsk_live_… / hsk_test_…, from POST /v1/handoff-secret/rotate). Web Crypto: Node 20, Deno, workers.

export type HandoffEligibility = Partial<
  Record<"customer_type" | "company_stage" | "company_size" | "business_type" | "geography" | "incorporation" | "funding", string[]>
>;

export type HandoffTokenInput = {
  /** Your hand-off secret (hsk_live_… or hsk_test_…): the member lands in its environment. */
  secret: string;
  /** Your hosted app's subdomain: the token's `aud`. */
  subdomain: string;
  /** Your own id for the member (their external_user_id): the token's `sub`. */
  externalUserId: string;
  /** Required when the member does not exist yet. */
  email?: string;
  eligibility?: HandoffEligibility;
  user_types?: string[];
  regions?: string[];
  tier?: "free" | "premium";
  /** Lifetime in seconds, at most 300 (default 120). */
  expiresInSeconds?: number;
  /** The clock in milliseconds (tests). */
  now?: () => number;
};

const encoder = new TextEncoder();
const base64url = (bytes: Uint8Array) => {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const part = (value: object) => base64url(encoder.encode(JSON.stringify(value)));

/** A single-use token (random `jti`) valid for `expiresInSeconds` (≤ 300). */
export async function createHandoffToken(input: HandoffTokenInput): Promise<string> {
  if (!/^hsk_(live|test)_/.test(input.secret)) throw new TypeError("secret must be a hand-off secret (hsk_live_… or hsk_test_…)");
  const ttl = input.expiresInSeconds ?? 120;
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 300) throw new RangeError("expiresInSeconds must be an integer from 1 to 300");
  const iat = Math.floor((input.now?.() ?? Date.now()) / 1000);
  const payload = {
    aud: input.subdomain,
    sub: input.externalUserId,
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.eligibility !== undefined ? { eligibility: input.eligibility } : {}),
    ...(input.user_types !== undefined ? { user_types: input.user_types } : {}),
    ...(input.regions !== undefined ? { regions: input.regions } : {}),
    ...(input.tier !== undefined ? { tier: input.tier } : {}),
    iat,
    exp: iat + ttl,
    jti: crypto.randomUUID(),
  };
  const signingInput = `${part({ alg: "HS256", typ: "JWT" })}.${part(payload)}`;
  const key = await crypto.subtle.importKey("raw", encoder.encode(input.secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(signingInput)));
  return `${signingInput}.${base64url(signature)}`;
}
