// A real OpenID Connect provider for tests: panva's oidc-provider 8 on loopback http, its dev
// interactions (a login form that takes any account id, then consent) driven with plain HTTP.
// Accounts are what the test registers: their claims go into the ID token.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export type TestAccount = { sub: string; email: string; email_verified: boolean; [claim: string]: unknown };
export type TestIdp = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  setRedirectUris(uris: string[]): void;
  /**
   * On: the token endpoint is answered by a second provider (same issuer, clients and grants) that
   * signs with a foreign private key under the real key's `kid`: the ID tokens the IdP hands back are
   * signed by a key that is not in its JWKS, while discovery and the JWKS stay genuine.
   */
  signWithForeignKey(on: boolean): void;
  /** The IdP starts signing with a new key (a new `kid`), published in its JWKS from now on. */
  rotateSigningKey(): Promise<void>;
  /** How many times the JWKS was fetched. */
  jwksFetches(): number;
  close(): Promise<void>;
};

type SigningKey = { kid: string; privateJwk: Record<string, unknown>; foreignPrivateJwk: Record<string, unknown> };

async function newSigningKey(): Promise<SigningKey> {
  const kid = `k-${Math.random().toString(36).slice(2, 10)}`;
  const own = await generateKeyPair("RS256", { extractable: true });
  const foreign = await generateKeyPair("RS256", { extractable: true });
  return {
    kid,
    privateJwk: { ...(await exportJWK(own.privateKey)), kid, alg: "RS256", use: "sig" },
    foreignPrivateJwk: { ...(await exportJWK(foreign.privateKey)), kid, alg: "RS256", use: "sig" },
  };
}

export async function startTestIdp(redirectUris: string[] = []): Promise<TestIdp> {
  const accounts = new Map<string, TestAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "perkway-test";
  const clientSecret = "a-client-secret-that-is-long-enough-0123456789";
  const client = { client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ["authorization_code"], response_types: ["code"], token_endpoint_auth_method: "client_secret_post" };
  let signingKey = await newSigningKey();
  let clients: object[] = [client];
  let foreignSigning = false;
  let jwksFetches = 0;
  let provider = build(clients);
  let forger = build(clients, signingKey.foreignPrivateJwk);

  function build(clients: object[], key = signingKey.privateJwk) {
    // Its development-only warnings (memory adapter, dev keys, dev interactions) are expected here.
    return quietly(() => construct(clients, key));
  }
  function construct(clients: object[], key: Record<string, unknown>) {
    const p = new Provider(issuer, {
      clients: clients as never,
      cookies: { keys: ["test-cookie-key-0123456789"] },
      pkce: { required: () => true },
      // The ID token carries the scopes' claims (Google, Entra and Okta put email there too).
      conformIdTokenClaims: false,
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["groups", "stage", "tier", "country"] },
      features: { devInteractions: { enabled: true } },
      // Grants live in oidc-provider's module-wide memory adapter: the forger redeems the real codes.
      jwks: { keys: [key] } as never,
      ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      async findAccount(_ctx, id) {
        const account = accounts.get(id);
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ ...account }) };
      },
    });
    p.on("server_error", (_ctx, err) => console.error("oidc-provider", err));
    return p;
  }
  function quietly<T>(make: () => T): T {
    const { warn, info } = console;
    console.warn = () => {};
    console.info = () => {};
    try {
      return make();
    } finally {
      Object.assign(console, { warn, info });
    }
  }
  server.on("request", (req, res) => {
    // As Google's and Microsoft's sign-in pages do: a popup that passes through them loses its opener.
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    const path = req.url?.split("?")[0];
    if (path === "/jwks") jwksFetches++;
    if (path === "/token" && foreignSigning) return forger.callback()(req, res);
    return provider.callback()(req, res);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    setRedirectUris(uris) {
      clients = [{ ...client, redirect_uris: uris }];
      provider = build(clients);
      forger = build(clients, signingKey.foreignPrivateJwk);
    },
    signWithForeignKey(on) {
      foreignSigning = on;
    },
    async rotateSigningKey() {
      signingKey = await newSigningKey();
      provider = build(clients);
      forger = build(clients, signingKey.foreignPrivateJwk);
    },
    jwksFetches: () => jwksFetches,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would hold close() for seconds: the IdP is gone at once.
        server.closeAllConnections();
      }),
  };
}
