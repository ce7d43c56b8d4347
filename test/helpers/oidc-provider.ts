// A real OpenID Connect provider for tests: panva's oidc-provider 8 on loopback http, its dev
// interactions (a login form that takes any account id, then consent) driven with plain HTTP.
// Accounts are what the test registers: their claims go into the ID token.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type TestAccount = { sub: string; email: string; email_verified: boolean; [claim: string]: unknown };
export type TestIdp = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  setRedirectUris(uris: string[]): void;
  close(): Promise<void>;
};

export async function startTestIdp(redirectUris: string[] = []): Promise<TestIdp> {
  const accounts = new Map<string, TestAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "perkway-test";
  const clientSecret = "a-client-secret-that-is-long-enough-0123456789";
  const client = { client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ["authorization_code"], response_types: ["code"], token_endpoint_auth_method: "client_secret_post" };
  let provider = build([client]);

  function build(clients: object[]) {
    // Its development-only warnings (memory adapter, dev keys, dev interactions) are expected here.
    return quietly(() => construct(clients));
  }
  function construct(clients: object[]) {
    const p = new Provider(issuer, {
      clients: clients as never,
      cookies: { keys: ["test-cookie-key-0123456789"] },
      pkce: { required: () => true },
      // The ID token carries the scopes' claims (Google, Entra and Okta put email there too).
      conformIdTokenClaims: false,
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["groups", "stage", "tier", "country"] },
      features: { devInteractions: { enabled: true } },
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
  server.on("request", (req, res) => provider.callback()(req, res));
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    setRedirectUris(uris) {
      provider = build([{ ...client, redirect_uris: uris }]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
