// Partner access tokens: JWT, HS256 pinned, 15 minutes (AUTH_TOKEN_TTL_SECONDS overrides it for
// tests). Kept apart from every other token of the app three ways — its own key derived from
// AUTH_SECRET, its own audience and its own `typ` — so that neither a member session
// (./member-session-token.ts) nor a portal cookie can ever pass as a partner token.
import { randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import { AppError } from "@/server/errors/app-error";
import type { Environment, PartnerScope } from "@/server/scope";
import { deriveKey, derivePreviousKey } from "./auth-secret";
import { UUID_RE } from "@/server/domain/ids";
import { setting } from "@/server/config/env";

export const PARTNER_TOKEN = {
  alg: "HS256",
  typ: "at+jwt",
  issuer: "perkway",
  audience: "perkway:partner-api",
  kid: "partner-v1",
  keyPurpose: "partner-token",
  clockSkewSeconds: 5,
} as const;


// Imported once per secret: jose would otherwise import the raw key on every call (~70 µs of CPU).
let cachedKey: { raw: Buffer; key: Promise<CryptoKey> } | null = null;
function signingKey(): Promise<CryptoKey> {
  const raw = deriveKey(PARTNER_TOKEN.keyPurpose);
  if (cachedKey?.raw !== raw) {
    cachedKey = { raw, key: crypto.subtle.importKey("raw", new Uint8Array(raw), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]) };
  }
  return cachedKey.key;
}

// Tokens signed before a rotation stay valid for their natural lifetime (AUTH_SECRET_PREVIOUS).
let cachedPreviousKey: { raw: Buffer; key: Promise<CryptoKey> } | null = null;
function previousVerificationKey(): Promise<CryptoKey> | null {
  const raw = derivePreviousKey(PARTNER_TOKEN.keyPurpose);
  if (!raw) return null;
  if (cachedPreviousKey?.raw !== raw) {
    cachedPreviousKey = { raw, key: crypto.subtle.importKey("raw", new Uint8Array(raw), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]) };
  }
  return cachedPreviousKey.key;
}

export function tokenTtlSeconds(): number {
  return setting("tokenTtlSeconds");
}

export async function issuePartnerToken(scope: PartnerScope): Promise<{ token: string; expiresAt: Date; issuedAt: Date }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + tokenTtlSeconds();
  // kid in the header (JOSE) and among the claims too: contract section 2 lists it with them.
  const token = await new SignJWT({ env: scope.environment, kid: PARTNER_TOKEN.kid })
    .setProtectedHeader({ alg: PARTNER_TOKEN.alg, kid: PARTNER_TOKEN.kid, typ: PARTNER_TOKEN.typ })
    .setIssuer(PARTNER_TOKEN.issuer)
    .setAudience(PARTNER_TOKEN.audience)
    .setSubject(scope.partnerId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(await signingKey());
  return { token, expiresAt: new Date(exp * 1000), issuedAt: new Date(iat * 1000) };
}

export type VerifiedPartnerToken = PartnerScope & { issuedAt: Date; expiresAt: Date; tokenId: string };

const invalid = () => new AppError("token_invalid", "The access token is invalid: call POST /v1/authentications for a new one");

/**
 * Tokens that passed verification → their claims. A partner sends the same token for up to 15
 * minutes, and WebCrypto's HMAC verify is about a fifth of the CPU of a GET /v1/deals; there is no
 * revocation to honour (docs/api.md, Key rotation: tokens outlive a key rotation until exp). Only verified tokens
 * enter, each hit still checks exp, a new signing key empties it, and it is bounded (oldest first).
 */
const VERIFIED_CACHE_MAX = 10_000;
const verifiedTokens = new Map<string, VerifiedPartnerToken>();
let verifiedWith: Buffer | null = null;

/** A token verified before and not expired since (no signature check, no promise), else null. */
export function cachedVerification(token: string): VerifiedPartnerToken | null {
  const raw = deriveKey(PARTNER_TOKEN.keyPurpose);
  if (verifiedWith !== raw) {
    verifiedTokens.clear();
    verifiedWith = raw;
  }
  const hit = verifiedTokens.get(token);
  if (!hit) return null;
  // jose's rule: expired once exp is more than the tolerance in the past; then verify again (→ token_expired).
  if (hit.expiresAt.getTime() + PARTNER_TOKEN.clockSkewSeconds * 1000 <= Date.now()) {
    verifiedTokens.delete(token);
    return null;
  }
  return hit;
}

function rememberVerification(token: string, verified: VerifiedPartnerToken) {
  if (verifiedTokens.size >= VERIFIED_CACHE_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  verifiedTokens.set(token, verified);
}

/** How many verified tokens are remembered (tests of the bound). */
export function verifiedTokenCacheSize(): number {
  return verifiedTokens.size;
}

export async function verifyPartnerToken(token: string): Promise<VerifiedPartnerToken> {
  const cached = cachedVerification(token);
  if (cached) return cached;
  const verified = await verifyTokenSignature(token);
  rememberVerification(token, verified);
  return verified;
}

async function verifyTokenSignature(token: string): Promise<VerifiedPartnerToken> {
  let verified;
  const options = {
    algorithms: [PARTNER_TOKEN.alg],
    typ: PARTNER_TOKEN.typ,
    issuer: PARTNER_TOKEN.issuer,
    audience: PARTNER_TOKEN.audience,
    clockTolerance: PARTNER_TOKEN.clockSkewSeconds,
    requiredClaims: ["sub", "env", "iat", "exp", "jti"],
  };
  try {
    try {
      verified = await jwtVerify(token, await signingKey(), options);
    } catch (err) {
      const previous = previousVerificationKey();
      if (!previous || !(err instanceof errors.JWSSignatureVerificationFailed)) throw err;
      verified = await jwtVerify(token, await previous, options);
    }
  } catch (err) {
    // Only a token that is otherwise valid (our key, our claims) is "expired": jose checks the
    // signature before the time claims, so a forged token with a past exp is token_invalid.
    if (err instanceof errors.JWTExpired) {
      throw new AppError("token_expired", "The access token has expired: call POST /v1/authentications for a new one (refresh 1 to 2 minutes before expires_at)");
    }
    throw invalid();
  }
  const { payload, protectedHeader } = verified;
  const env = payload.env;
  if (protectedHeader.kid !== PARTNER_TOKEN.kid || (env !== "live" && env !== "test") || typeof payload.sub !== "string" || !UUID_RE.test(payload.sub) || typeof payload.jti !== "string") {
    throw invalid();
  }
  return Object.freeze({
    partnerId: payload.sub.toLowerCase(),
    environment: env as Environment,
    issuedAt: new Date((payload.iat ?? 0) * 1000),
    expiresAt: new Date((payload.exp ?? 0) * 1000),
    tokenId: payload.jti,
  });
}
