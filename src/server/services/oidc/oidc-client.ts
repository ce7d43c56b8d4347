// A generic OpenID Connect relying party over openid-client 6: issuer configuration in, verified ID
// token claims out. Nothing here knows about members or partners, so the admin sign-in of issue 41
// can use the same two calls (beginOidcSignIn, finishOidcSignIn) with its own state storage.
// Every failure is a returned reason, never a thrown error: the surfaces turn it into a page.
import dns from "node:dns";
import net from "node:net";
import * as client from "openid-client";
import { isNonPublicAddress } from "@/server/services/webhooks";
import { IdTokenSignatureError, verifyIdTokenSignature } from "./id-token-signature";
import { isStorableText } from "@/server/schemas/storable-text";

type OidcIssuerConfig = { issuer: string; clientId: string; clientSecret: string };
/** allowPrivate: OIDC_ALLOW_PRIVATE=1 (tests, development); otherwise private and loopback issuers are refused. */
export type OidcNetworkPolicy = { allowPrivate: boolean; timeoutSeconds?: number };

export type OidcFailureReason =
  /** The IdP could not be reached, or its discovery document or keys could not be read. */
  | "idp_unreachable"
  /** The issuer is on a private, loopback or link-local address and OIDC_ALLOW_PRIVATE is off. */
  | "issuer_not_allowed"
  /** The member declined, or the IdP answered the authorization request with an error. */
  | "access_denied"
  /** The response does not verify: state, nonce, signature, audience, issuer, expiry, code. */
  | "invalid_response"
  /** The IdP does not vouch for the email address (email_verified is not true), or gave none. */
  | "email_not_verified";

type OidcClaims = { sub: string; email: string; claims: Record<string, unknown> };
type OidcResult = { ok: true; value: OidcClaims } | { ok: false; reason: OidcFailureReason; detail: string };

type OidcPending = { authorizationUrl: string; state: string; nonce: string; codeVerifier: string };

class IssuerNotAllowed extends Error {}

async function assertPublicHost(url: URL, policy: OidcNetworkPolicy): Promise<void> {
  if (policy.allowPrivate) return;
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (host === "localhost" || host.endsWith(".localhost")) throw new IssuerNotAllowed(host);
  const addresses = net.isIP(host) ? [host] : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  if (addresses.some(isNonPublicAddress)) throw new IssuerNotAllowed(host);
}

/**
 * What can be told of an issuer when it is saved, without a DNS lookup: `localhost` or an address
 * literal that is not public (127.0.0.1 however written: `0x7f000001`, `2130706433`, `[::ffff:127.0.0.1]`)
 * is refused then, not only at the first sign-in. Null when the policy allows it or nothing is known yet.
 */
export function issuerRefusalOnSave(issuer: string, policy: OidcNetworkPolicy): string | null {
  if (policy.allowPrivate) return null;
  let host: string;
  try {
    host = new URL(issuer).hostname.replace(/^\[(.*)\]$/, "$1");
  } catch {
    return null; // the schema refuses it
  }
  if (host === "localhost" || host.endsWith(".localhost") || (net.isIP(host) && isNonPublicAddress(host))) {
    return `issuer ${host} is a private or loopback address: use the identity provider's public https URL`;
  }
  return null;
}

/** Every request to the IdP (discovery, JWKS, token) is checked against the policy first. */
function policyFetch(policy: OidcNetworkPolicy): (url: string, init: RequestInit) => Promise<Response> {
  return async (url, init) => {
    await assertPublicHost(new URL(url), policy);
    return fetch(url, { ...init, redirect: "manual" });
  };
}

/** The same, in openid-client's shape. */
function guardedFetch(policy: OidcNetworkPolicy): client.CustomFetch {
  const guarded = policyFetch(policy);
  return (url, options) => guarded(url, options as RequestInit);
}

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
/** exp, iat and nbf of ID tokens: the same 5 s of clock skew as every token we verify (openid-client's default is 30 s). */
const CLOCK_TOLERANCE_SECONDS = 5;
const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/** The IdP's configuration from {issuer}/.well-known/openid-configuration, cached ten minutes per client. */
function discover(cfg: OidcIssuerConfig, policy: OidcNetworkPolicy): Promise<client.Configuration> {
  const key = JSON.stringify([cfg.issuer, cfg.clientId, cfg.clientSecret, policy.allowPrivate]);
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const fetchImpl = guardedFetch(policy);
  const config = (async () => {
    await assertPublicHost(new URL(cfg.issuer), policy);
    const insecure = new URL(cfg.issuer).protocol === "http:";
    if (insecure && !policy.allowPrivate) throw new IssuerNotAllowed(cfg.issuer);
    return client.discovery(new URL(cfg.issuer), cfg.clientId, { client_secret: cfg.clientSecret, [client.clockTolerance]: CLOCK_TOLERANCE_SECONDS }, client.ClientSecretPost(cfg.clientSecret), {
      [client.customFetch]: fetchImpl,
      timeout: policy.timeoutSeconds ?? 5,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  })();
  config.catch(() => discovered.delete(key));
  if (discovered.size > 1000) discovered.clear();
  discovered.set(key, { at: Date.now(), config });
  return config;
}

/** A sign-in about to send the browser to the IdP checks first that it answers (its discovery document). */
const PROBE_OK_TTL_MS = 5_000;
const PROBE_TIMEOUT_MS = 3_000;
const probed = new Map<string, number>();

/**
 * The discovery document fetched again (3 s timeout; a success is trusted for 5 s): the configuration
 * cached ten minutes must not send a member to an IdP that has gone away since.
 */
async function probeIdp(cfg: OidcIssuerConfig, policy: OidcNetworkPolicy): Promise<void> {
  const at = probed.get(cfg.issuer);
  if (at && Date.now() - at < PROBE_OK_TTL_MS) return;
  const url = new URL(`${cfg.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`);
  const res = await policyFetch(policy)(url.href, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  await res.body?.cancel();
  if (!res.ok) throw new TypeError(`the IdP's discovery document answered ${res.status}`);
  if (probed.size > 1000) probed.clear();
  probed.set(cfg.issuer, Date.now());
}

function failureOf(err: unknown): { ok: false; reason: OidcFailureReason; detail: string } {
  if (err instanceof IdTokenSignatureError) return { ok: false, reason: "invalid_response", detail: err.message };
  if (err instanceof IssuerNotAllowed) return { ok: false, reason: "issuer_not_allowed", detail: `${err.message} is a private or loopback address` };
  const e = err as { name?: string; code?: string; message?: string; error?: string; cause?: unknown };
  if (e.name === "AuthorizationResponseError") return { ok: false, reason: "access_denied", detail: e.error ?? e.message ?? "authorization error" };
  const network = e.name === "TypeError" || e.name === "TimeoutError" || e.name === "AbortError" || /fetch failed|ECONNREFUSED|ENOTFOUND|timed? ?out/i.test(String(e.message));
  if (network || e.code === "OAUTH_RESPONSE_IS_NOT_CONFORM" || e.code === "OAUTH_RESPONSE_IS_NOT_JSON") {
    return { ok: false, reason: "idp_unreachable", detail: e.message ?? "the identity provider did not answer" };
  }
  return { ok: false, reason: "invalid_response", detail: e.message ?? "the identity provider's answer does not verify" };
}

/** Discovery, then the authorization URL of a code flow with PKCE (S256), state and nonce. */
export async function beginOidcSignIn(
  cfg: OidcIssuerConfig,
  redirectUri: string,
  policy: OidcNetworkPolicy,
  extra: Record<string, string> = {},
): Promise<{ ok: true; value: OidcPending } | { ok: false; reason: OidcFailureReason; detail: string }> {
  try {
    const config = await discover(cfg, policy);
    await probeIdp(cfg, policy);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid email profile",
      response_type: "code",
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
      ...extra,
    });
    return { ok: true, value: { authorizationUrl: url.href, state, nonce, codeVerifier } };
  } catch (err) {
    return failureOf(err);
  }
}

/**
 * The callback: exchanges the code (with the PKCE verifier) and verifies the ID token — iss, aud, exp,
 * nonce (openid-client), its signature against the IdP's JWKS (id-token-signature.ts) — and requires
 * email_verified === true.
 */
export async function finishOidcSignIn(
  cfg: OidcIssuerConfig,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
  policy: OidcNetworkPolicy,
): Promise<OidcResult> {
  // The IdP's own refusal (consent denied) needs no network round trip.
  const error = callbackUrl.searchParams.get("error");
  if (error) return { ok: false, reason: "access_denied", detail: error };
  try {
    const config = await discover(cfg, policy);
    // The redirect_uri sent to the token endpoint must be the registered one, whatever host the callback came in on.
    const current = new URL(expected.redirectUri);
    for (const [k, v] of callbackUrl.searchParams) current.searchParams.append(k, v);
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) return { ok: false, reason: "invalid_response", detail: "no ID token" };
    const metadata = config.serverMetadata();
    if (!metadata.jwks_uri) return { ok: false, reason: "invalid_response", detail: "the IdP's discovery document names no jwks_uri to verify the ID token with" };
    await verifyIdTokenSignature(tokens.id_token, {
      jwksUri: metadata.jwks_uri,
      announcedAlgs: metadata.id_token_signing_alg_values_supported,
      fetch: policyFetch(policy),
      timeoutMs: (policy.timeoutSeconds ?? 5) * 1000,
    });
    const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
    // What no member record can hold is refused here, not by the database (a friendly page, never a 5xx).
    if (!isStorableText(claims.sub) || claims.sub.length > 255 || !isStorableText(email)) return { ok: false, reason: "invalid_response", detail: "the ID token's sub or email holds characters no member record can store (NUL, unpaired surrogates) or is too long" };
    if (!email || claims.email_verified !== true) return { ok: false, reason: "email_not_verified", detail: email ? `${email} is not verified` : "no email claim" };
    return { ok: true, value: { sub: claims.sub, email, claims: { ...claims } } };
  } catch (err) {
    return failureOf(err);
  }
}
