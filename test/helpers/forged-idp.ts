// A small OpenID Connect provider whose ID tokens the test shapes (another `iss`, another `aud`):
// discovery, an authorization endpoint that answers at once (no login), a token endpoint and its
// JWKS, signed with a real RS256 key. For the refusals a well-behaved provider (test/helpers/
// oidc-provider.ts) never produces: the relying party must check iss, aud and the signature's
// algorithm itself (`signing`: an unsigned token, HS256 keyed with the client secret, an algorithm
// the discovery document does not announce, a key that is not in the JWKS).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from "jose";

/** How the next ID tokens are signed: RS256 with the published key (default), or a forgery. */
export type ForgedSigning = "RS256" | "none" | "HS256-client-secret" | "ES256-unannounced" | "RS256-foreign-key";

export type ForgedIdp = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** what the next ID tokens say (defaults: this issuer, this client, a verified email) */
  claims: { iss?: string; aud?: string; sub: string; email: string; email_verified?: boolean };
  signing: ForgedSigning;
  close(): Promise<void>;
};

export async function startForgedIdp(): Promise<ForgedIdp> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  // Published too, but ES256 is not in the announced algorithms.
  const ec = await generateKeyPair("ES256");
  const ecJwk = { ...(await exportJWK(ec.publicKey)), kid: "k2", alg: "ES256", use: "sig" };
  const foreign = await generateKeyPair("RS256");
  const codes = new Map<string, { nonce: string }>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp: ForgedIdp = { issuer, clientId: "perkway-forged", clientSecret: "forged-secret-0123456789", claims: { sub: "nobody", email: "nobody@example.com" }, signing: "RS256", close: () => new Promise((r) => server.close(() => r())) };
  const json = (res: http.ServerResponse, body: unknown) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(body));
  };
  server.on("request", async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(res, {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        token_endpoint_auth_methods_supported: ["client_secret_post"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json(res, { keys: [jwk, ecJwk] });
    if (url.pathname === "/auth") {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.set(code, { nonce: url.searchParams.get("nonce") ?? "" });
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.statusCode = 303;
      res.setHeader("location", back.href);
      return res.end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const grant = codes.get(form.get("code") ?? "");
      if (!grant || form.get("client_id") !== idp.clientId || form.get("client_secret") !== idp.clientSecret) {
        res.statusCode = 400;
        return json(res, { error: "invalid_grant" });
      }
      codes.delete(form.get("code")!);
      const c = idp.claims;
      const payload = { email: c.email, email_verified: c.email_verified ?? true, nonce: grant.nonce };
      const claimsOf = <T extends SignJWT | UnsecuredJWT>(jwt: T) => jwt.setIssuer(c.iss ?? issuer).setAudience(c.aud ?? idp.clientId).setSubject(c.sub).setIssuedAt().setExpirationTime("5m") as T;
      let idToken: string;
      switch (idp.signing) {
        case "none":
          idToken = claimsOf(new UnsecuredJWT(payload)).encode();
          break;
        case "HS256-client-secret":
          idToken = await claimsOf(new SignJWT(payload).setProtectedHeader({ alg: "HS256" })).sign(new TextEncoder().encode(idp.clientSecret));
          break;
        case "ES256-unannounced":
          idToken = await claimsOf(new SignJWT(payload).setProtectedHeader({ alg: "ES256", kid: "k2" })).sign(ec.privateKey);
          break;
        case "RS256-foreign-key":
          idToken = await claimsOf(new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: "k1" })).sign(foreign.privateKey);
          break;
        default:
          idToken = await claimsOf(new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: "k1" })).sign(privateKey);
      }
      return json(res, { access_token: "at", token_type: "Bearer", expires_in: 300, id_token: idToken });
    }
    res.statusCode = 404;
    res.end();
  });
  return idp;
}
