// The ID token's signature, checked against the IdP's own keys (contract 15 and 17). openid-client
// checks iss, aud, exp and nonce but not the JWS signature (it trusts TLS to the token endpoint), so
// a token signed by any key would pass: here the key comes from the IdP's `jwks_uri`, cached by `kid`.
// An unknown `kid` fetches the JWKS again once (the IdP rotated its key), with no cool-down: tokens only
// arrive from the IdP's own token endpoint in exchange for a single-use code, so nobody can make us
// refetch at will. Only the asymmetric algorithms the IdP announces are accepted; `none` and HMAC never.
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from "jose";

const ASYMMETRIC = new Set(["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"]);
const JWKS_TTL_MS = 10 * 60 * 1000;

type CachedJwks = { at: number; jwks: JSONWebKeySet; kids: Set<string> };
const cache = new Map<string, CachedJwks>();
const inFlight = new Map<string, Promise<CachedJwks>>();

export class IdTokenSignatureError extends Error {
  override name = "IdTokenSignatureError";
}

type JwksSource = { jwksUri: string; announcedAlgs: readonly string[] | undefined; fetch: (url: string, init: RequestInit) => Promise<Response>; timeoutMs: number };

/** The IdP's key set, one request at a time per URI. */
function loadJwks(src: JwksSource): Promise<CachedJwks> {
  const running = inFlight.get(src.jwksUri);
  if (running) return running;
  const load = (async () => {
    const res = await src.fetch(src.jwksUri, { headers: { accept: "application/jwk-set+json, application/json" }, signal: AbortSignal.timeout(src.timeoutMs) });
    if (!res.ok) throw new TypeError(`the IdP's JWKS answered ${res.status}`);
    const jwks = (await res.json()) as JSONWebKeySet;
    if (!jwks || !Array.isArray(jwks.keys)) throw new IdTokenSignatureError("the IdP's JWKS has no keys");
    const entry = { at: Date.now(), jwks, kids: new Set(jwks.keys.map((k) => k.kid).filter((k): k is string => typeof k === "string")) };
    if (cache.size > 1000) cache.clear();
    cache.set(src.jwksUri, entry);
    return entry;
  })().finally(() => inFlight.delete(src.jwksUri));
  inFlight.set(src.jwksUri, load);
  return load;
}

/** The algorithms this IdP may sign ID tokens with: what it announces (RS256 when silent), asymmetric only. */
function allowedIdTokenAlgs(announced: readonly string[] | undefined): string[] {
  return (announced?.length ? announced : ["RS256"]).filter((alg) => ASYMMETRIC.has(alg));
}

/** Throws IdTokenSignatureError unless `idToken` is signed by a key in the IdP's JWKS with an announced algorithm. */
export async function verifyIdTokenSignature(idToken: string, src: JwksSource): Promise<void> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(idToken);
  } catch {
    throw new IdTokenSignatureError("the ID token is not a signed JWT");
  }
  const algorithms = allowedIdTokenAlgs(src.announcedAlgs);
  if (!header.alg || !algorithms.includes(header.alg)) throw new IdTokenSignatureError(`the ID token is signed with ${header.alg ?? "no algorithm"}, not one the IdP announces (${algorithms.join(", ")})`);
  let keys = cache.get(src.jwksUri);
  const known = (k: CachedJwks) => (header.kid ? k.kids.has(header.kid) : k.jwks.keys.length > 0);
  if (!keys || Date.now() - keys.at > JWKS_TTL_MS || !known(keys)) keys = await loadJwks(src);
  try {
    await compactVerify(idToken, createLocalJWKSet(keys.jwks), { algorithms });
  } catch (err) {
    throw new IdTokenSignatureError(`the ID token's signature does not verify against the IdP's JWKS (${(err as Error).message})`);
  }
}
