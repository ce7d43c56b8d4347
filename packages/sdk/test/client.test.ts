// @perkway/sdk against the real API (the app's handler table on a local port, real PostgreSQL),
// with sandbox keys of a freshly seeded partner. fetch is wrapped only to count or to lose answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiHandler } from "@/server/rest/handle-api-request";
import { rateLimitConfigFromEnv } from "@/server/http/rate-limit";
import { MemoryRateLimitStore } from "@/server/http/rate-limit-store-memory";
import { startApiServer, type TestServer } from "../../../test/helpers/api-server";
import { seedPartner } from "../../../test/helpers/seed";
import { AuthenticationError, ConnectionError, InvalidRequestError, NotFoundError, Perkway, PerkwayError, RateLimitError, type PerkwayOptions } from "../src/index";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

type Call = { method: string; path: string; headers: Headers; status: number | "lost" };

/** A client on fresh sandbox keys whose requests are recorded; `lose(n, call)` drops the n-th answer. */
async function client(options: Partial<PerkwayOptions> & { url?: string; lose?: (n: number, call: Call) => boolean } = {}) {
  const seeded = await seedPartner();
  const calls: Call[] = [];
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const call: Call = { method: init?.method ?? "GET", path: url.pathname + url.search, headers: new Headers(init?.headers), status: "lost" };
    calls.push(call);
    const res = await fetch(input, init);
    if (options.lose?.(calls.length - 1, call)) throw new TypeError("fetch failed (answer lost on the way back)");
    call.status = res.status;
    return res;
  };
  const perkway = new Perkway({ baseUrl: options.url ?? server.url, publicKey: seeded.keys.test.public_key, privateKey: seeded.keys.test.private_key, fetch: recording, ...options });
  const auths = () => calls.filter((c) => c.path === "/v1/authentications").length;
  return { perkway, calls, auths, seeded };
}

describe("tokens", () => {
  it("caches the token and renews it 90 seconds before expires_at, one request for concurrent callers", async () => {
    let now = Date.now();
    const { perkway, auths, calls } = await client({ now: () => now });
    await Promise.all([perkway.get("/v1/users"), perkway.get("/v1/users"), perkway.get("/v1/analytics")]);
    expect(auths()).toBe(1);
    const { expiresAt, token: first } = await perkway.accessToken();
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    now = expiresAt.getTime() - 91_000; // still more than 90 s left: the cached token
    await perkway.get("/v1/users");
    expect(auths()).toBe(1);
    now = expiresAt.getTime() - 89_000; // inside the refresh window: a new token before the call
    await perkway.get("/v1/users");
    expect(auths()).toBe(2);
    const last = calls.at(-1)!;
    expect(last.path).toBe("/v1/users");
    const authorization = last.headers.get("authorization");
    expect(authorization).toMatch(/^Bearer ey/);
    expect(authorization).not.toBe(`Bearer ${first}`); // the renewed token
    expect(perkway.environment).toBe("test");
  });

  it("renews a token the server says expired and retries the request once", async () => {
    const ttl = process.env.AUTH_TOKEN_TTL_SECONDS;
    process.env.AUTH_TOKEN_TTL_SECONDS = "1";
    try {
      // A client whose clock is 10 minutes slow keeps using a token the server finds expired.
      const { perkway, calls, auths } = await client({ now: () => Date.now() - 600_000 });
      await perkway.get("/v1/users");
      await new Promise((r) => setTimeout(r, 6_500)); // 1 s lifetime + the server's 5 s of clock skew
      process.env.AUTH_TOKEN_TTL_SECONDS = ttl ?? "900";
      const page = await perkway.get("/v1/users");
      expect(page.data).toEqual([]);
      expect(auths()).toBe(2);
      expect(calls.map((c) => `${c.path} ${c.status}`)).toEqual(["/v1/authentications 200", "/v1/users 200", "/v1/users 401", "/v1/authentications 200", "/v1/users 200"]);
    } finally {
      if (ttl === undefined) delete process.env.AUTH_TOKEN_TTL_SECONDS;
      else process.env.AUTH_TOKEN_TTL_SECONDS = ttl;
    }
  }, 30_000);

  it("throws a typed error for a bad key pair", async () => {
    const perkway = new Perkway({ baseUrl: server.url, publicKey: "pk_test_" + "x".repeat(40), privateKey: "sk_test_" + "y".repeat(40) });
    const error = await perkway.get("/v1/users").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: "invalid_credentials", requestId: expect.stringMatching(/^req_/) });
  });
});

describe("retries", () => {
  it("sends an Idempotency-Key with every POST and the same one on a retry after a lost answer: created once", async () => {
    const { perkway, calls } = await client({ lose: (_n, call) => call.method === "POST" && call.path === "/v1/users" && calls.filter((c) => c.path === "/v1/users").length === 1 });
    const email = `lost-${Date.now()}@example.com`;
    const user = await perkway.post("/v1/users", { body: { email } });
    expect(user).toMatchObject({ email, already_exists: false }); // the replay of the first (201) answer
    const posts = calls.filter((c) => c.path === "/v1/users");
    expect(posts).toHaveLength(2);
    const key = posts[0].headers.get("idempotency-key");
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1].headers.get("idempotency-key")).toBe(key);
    expect(posts.map((c) => c.status)).toEqual(["lost", 201]);
    const found = await perkway.get("/v1/users", { query: { email } });
    expect(found.data.map((u) => u.id)).toEqual([user.id]);
    // A new call gets a new key.
    await perkway.post("/v1/users", { body: { email } });
    expect(calls.filter((c) => c.path === "/v1/users" && c.method === "POST").at(-1)!.headers.get("idempotency-key")).not.toBe(key);
  });

  it("does not retry a lost POST that takes no Idempotency-Key", async () => {
    const { perkway, calls } = await client({ lose: (_n, call) => call.path === "/v1/webhook-endpoints" });
    const error = await perkway.post("/v1/webhook-endpoints", { body: { url: "https://example.com/hooks", event_types: ["user.created"] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(calls.filter((c) => c.path === "/v1/webhook-endpoints")).toHaveLength(1);
  });

  it("waits Retry-After on a 429 and retries; throws RateLimitError when retries run out", async () => {
    const store = new MemoryRateLimitStore();
    const limited = await startApiServer(createApiHandler({ rateLimits: { ...rateLimitConfigFromEnv({}), partner: { perMinute: 60, burst: 1 } }, rateLimitStore: store }));
    try {
      const { perkway, calls } = await client({ url: limited.url, maxRetries: 1 });
      await perkway.get("/v1/users"); // takes the one token of the bucket
      const started = Date.now();
      await perkway.get("/v1/users"); // 429 Retry-After: 1, then 200
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(calls.filter((c) => c.path === "/v1/users").map((c) => c.status)).toEqual([200, 429, 200]);

      const noRetries = await client({ url: limited.url, maxRetries: 0 });
      await noRetries.perkway.get("/v1/users");
      const error = await noRetries.perkway.get("/v1/users").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, code: "rate_limited", retryAfter: expect.any(Number), requestId: expect.stringMatching(/^req_/) });
    } finally {
      await limited.close();
    }
  }, 30_000);

  it("retries a 503 after Retry-After with the same Idempotency-Key", async () => {
    const { perkway: base, seeded } = await client();
    void base;
    const seen: Headers[] = [];
    let first = true;
    const flaky: typeof fetch = async (input, init) => {
      if (new URL(String(input)).pathname === "/events/track") {
        seen.push(new Headers(init?.headers));
        if (first) {
          first = false;
          return new Response(JSON.stringify({ error: { type: "api_error", code: "service_unavailable", message: "retry", param: null, request_id: "req_x" } }), { status: 503, headers: { "retry-after": "1", "content-type": "application/json" } });
        }
      }
      return fetch(input, init);
    };
    const perkway = new Perkway({ baseUrl: server.url, publicKey: seeded.keys.test.public_key, privateKey: seeded.keys.test.private_key, fetch: flaky });
    const res = await perkway.post("/events/track", { body: { event_type: "deal_list_viewed" } });
    expect(res).toMatchObject({ received: 1 });
    expect(seen).toHaveLength(2);
    expect(seen[1].get("idempotency-key")).toBe(seen[0].get("idempotency-key"));
  });
});

describe("pages and errors", () => {
  it("iterates every item of a cursor-paged list", async () => {
    const { perkway, calls } = await client();
    const emails = Array.from({ length: 5 }, (_, i) => `page-${i}-${Date.now()}@example.com`);
    const created = await perkway.post("/v1/users/batch", { body: { users: emails.map((email) => ({ email })) } });
    expect(created.data.map((entry) => entry.status)).toEqual(Array(5).fill("created"));
    const seen: string[] = [];
    for await (const user of perkway.paginate("/v1/users", { query: { limit: 2 } })) seen.push(user.email);
    expect(seen.sort()).toEqual([...emails].sort());
    expect(calls.filter((c) => c.path.startsWith("/v1/users?")).map((c) => c.path.replace(/cursor=[^&]+/, "cursor=…"))).toEqual(["/v1/users?limit=2", "/v1/users?limit=2&cursor=…", "/v1/users?limit=2&cursor=…"]);
  });

  it("throws errors that carry the contract's code, param and request_id", async () => {
    const { perkway } = await client();
    const notFound = await perkway.get("/v1/users/{id}", { path: { id: "00000000-0000-4000-8000-000000000000" } }).catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect(notFound).toBeInstanceOf(PerkwayError);
    expect(notFound).toMatchObject({ status: 404, code: "user_not_found", type: "invalid_request_error", requestId: expect.stringMatching(/^req_/) });

    const invalid = await perkway.post("/v1/users", { body: { email: "not-an-email" } }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid).toMatchObject({ status: 400, code: "parameter_invalid", param: "email" });

    const unknown = await perkway.get("/v1/users", { query: { limt: 5 } as never }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: "unknown_parameter", param: "limt", message: expect.stringContaining("limt") });
  });
});
