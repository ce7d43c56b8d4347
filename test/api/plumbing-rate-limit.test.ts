// Rate limiting over real HTTP (docs/api.md, Rate limits), in memory and in the real Redis server: RateLimit-*
// headers on every response, 429 rate_limited with Retry-After, buckets per (partner, environment),
// per public key and per client IP for POST /v1/authentications, X-Forwarded-For only with
// TRUST_PROXY, and Redis outages that never fail a request.
// Each test builds its own handler with small limits (createApiHandler — code only, not reachable
// from a request) and its own partners, so no other test file's buckets are touched.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiHandler } from "@/server/rest/handle-api-request";
import { rateLimitConfigFromEnv, type RateLimitConfig, type RateLimitStore } from "@/server/http/rate-limit";
import { MemoryRateLimitStore } from "@/server/http/rate-limit-store-memory";
import { RedisRateLimitStore } from "@/server/http/rate-limit-store-redis";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartner, seedPartnerWithToken } from "../helpers/seed";
import { expectMatchesOpenApi } from "../helpers/openapi-validate";

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const PROBE = "/v1/users?limit=1";

const servers: TestServer[] = [];
const stores: RateLimitStore[] = [];
let plain: TestServer; // the app's own handler, for seeding tokens
beforeAll(async () => (plain = await startApiServer()));
afterAll(async () => {
  await plain.close();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(stores.splice(0).map((s) => s.close?.()));
});

async function serve(limits: Partial<RateLimitConfig>, store: RateLimitStore = new MemoryRateLimitStore(), trustProxy = false) {
  stores.push(store);
  const server = await startApiServer(createApiHandler({ rateLimits: { ...rateLimitConfigFromEnv({}), ...limits }, rateLimitStore: store, trustProxy }));
  servers.push(server);
  return server;
}

const headersOf = (res: { headers: Headers }) => ({
  limit: Number(res.headers.get("ratelimit-limit")),
  remaining: Number(res.headers.get("ratelimit-remaining")),
  reset: Number(res.headers.get("ratelimit-reset")),
});

function expect429(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatchObject({ type: "rate_limit_error", code: "rate_limited", request_id: res.headers.get("x-request-id") });
  expect(res.body.error).not.toHaveProperty("retry_after");
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(headersOf(res).remaining).toBe(0);
}

describe("per (partner, environment) bucket, in memory", () => {
  it("counts down in RateLimit-Remaining, then 429 with Retry-After; other buckets are untouched", async () => {
    const server = await serve({ partner: { perMinute: 6, burst: 3 } }); // refills one per 10 s: no refill during the test
    const a = await seedPartner();
    const [aTest, aLive] = [await getToken(plain.url, a.keys.test), await getToken(plain.url, a.keys.live)];
    const bTest = (await seedPartnerWithToken(plain.url, "test")).token;

    const seen = [];
    for (let i = 0; i < 3; i++) {
      const res = await api(server.url, aTest, "GET", PROBE);
      expect(res.status).toBe(200);
      seen.push(headersOf(res));
    }
    expect(seen.map((h) => h.remaining)).toEqual([2, 1, 0]);
    expect(seen.every((h) => h.limit === 3 && h.reset > 0)).toBe(true);
    const limited = await api(server.url, aTest, "GET", PROBE);
    expect429(limited);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(10);
    expectMatchesOpenApi("GET", PROBE, limited);
    // A 429 runs nothing: a POST is refused before the handler.
    const email = `rl-${randomUUID().slice(0, 8)}@example.com`;
    expect429(await api(server.url, aTest, "POST", "/v1/users", { email }));
    const listed = await api(plain.url, aTest, "GET", `/v1/users?email=${encodeURIComponent(email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);

    expect((await api(server.url, aLive, "GET", PROBE)).status).toBe(200); // same partner, other environment
    expect((await api(server.url, bTest, "GET", PROBE)).status).toBe(200); // other partner
  });

  it("every response carries RateLimit-* headers: success, 4xx of the handler, 401, 404 and the public routes", async () => {
    const server = await serve({});
    const { token } = await seedPartnerWithToken(plain.url, "test");
    const responses = [
      await api(server.url, token, "GET", PROBE),
      await api(server.url, token, "POST", "/v1/users", { emial: "x" }),
      await api(server.url, null, "GET", PROBE),
      await api(server.url, token, "GET", "/v1/nope"),
      await api(server.url, null, "GET", "/v1/openapi.json"),
      await api(server.url, null, "POST", "/v1/authentications", { public_key: "pk_test_x", private_key: "sk_test_x" }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 400, 401, 404, 200, 401]);
    for (const res of responses) {
      const h = headersOf(res);
      expect(Number.isInteger(h.limit) && h.limit > 0).toBe(true);
      expect(Number.isInteger(h.remaining) && h.remaining >= 0).toBe(true);
      expect(Number.isInteger(h.reset) && h.reset >= 0).toBe(true);
    }
    expect(headersOf(responses[0]).limit).toBe(100); // the default burst
  });

  it("requests without a valid token are limited per client IP", async () => {
    const server = await serve({ anonymous: { perMinute: 6, burst: 2 } });
    expect((await api(server.url, null, "GET", PROBE)).status).toBe(401);
    expect((await api(server.url, "not-a-token", "GET", PROBE)).status).toBe(401);
    expect429(await api(server.url, null, "GET", "/v1/nope"));
  });
});

describe("POST /v1/authentications limits", () => {
  it("per public key: the key's bucket empties even with correct credentials; other keys still pass", async () => {
    const server = await serve({ authentication_key: { perMinute: 2, burst: 2 } });
    const { keys } = await seedPartner();
    expect((await api(server.url, null, "POST", "/v1/authentications", keys.test)).status).toBe(200);
    expect((await api(server.url, null, "POST", "/v1/authentications", { ...keys.test, private_key: "sk_test_" + "w".repeat(40) })).status).toBe(401);
    const limited = await api(server.url, null, "POST", "/v1/authentications", keys.test);
    expect429(limited);
    expect(limited.body.success).toBe(false);
    expectMatchesOpenApi("POST", "/v1/authentications", limited);
    expect((await api(server.url, null, "POST", "/v1/authentications", keys.live)).status).toBe(200);
  });

  it("per client IP, across public keys", async () => {
    const server = await serve({ authentication_ip: { perMinute: 3, burst: 3 } });
    const pairs = await Promise.all([seedPartner(), seedPartner(), seedPartner(), seedPartner()]);
    const statuses = [];
    for (const p of pairs) statuses.push((await api(server.url, null, "POST", "/v1/authentications", p.keys.test)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("X-Forwarded-For is ignored unless TRUST_PROXY; with it, each forwarded client has its own bucket", async () => {
    const untrusted = await serve({ authentication_ip: { perMinute: 2, burst: 2 } });
    const { keys } = await seedPartner();
    const statuses = [];
    for (const ip of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) {
      statuses.push((await api(untrusted.url, null, "POST", "/v1/authentications", keys.test, { "x-forwarded-for": ip })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);

    const trusted = await serve({ authentication_ip: { perMinute: 2, burst: 2 } }, new MemoryRateLimitStore(), true);
    const viaProxy = [];
    for (let i = 0; i < 3; i++) viaProxy.push((await api(trusted.url, null, "POST", "/v1/authentications", keys.live, { "x-forwarded-for": "203.0.113.9" })).status);
    expect(viaProxy).toEqual([200, 200, 429]);
    // The proxy appends the real client last; what a client put first does not matter.
    expect((await api(trusted.url, null, "POST", "/v1/authentications", keys.live, { "x-forwarded-for": "203.0.113.9, 198.51.100.7" })).status).toBe(200);
  });
});

describe("Redis store (real server)", () => {
  let redis: Redis;
  const prefix = `perkway-test:${randomUUID()}:`;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  async function readyStore(p: string) {
    const store = new RedisRateLimitStore({ url: REDIS_URL, prefix: p });
    for (let i = 0; i < 100 && store.redis.status !== "ready"; i++) await new Promise((r) => setTimeout(r, 20));
    expect(store.redis.status).toBe("ready");
    return store;
  }

  it("two app instances share one bucket through Redis", async () => {
    const p = `${prefix}${randomUUID()}:`;
    const limits = { partner: { perMinute: 6, burst: 3 } };
    const one = await serve(limits, await readyStore(p));
    const two = await serve(limits, await readyStore(p));
    const { token, partner } = await seedPartnerWithToken(plain.url, "live");
    expect(headersOf(await api(one.url, token, "GET", PROBE)).remaining).toBe(2);
    expect(headersOf(await api(two.url, token, "GET", PROBE)).remaining).toBe(1);
    expect(headersOf(await api(one.url, token, "GET", PROBE)).remaining).toBe(0);
    expect429(await api(two.url, token, "GET", PROBE));
    const stored = await redis.hgetall(`${p}p:${partner.id}:live`);
    expect(Number(stored.tokens)).toBeLessThan(1);
    expect(await redis.pttl(`${p}p:${partner.id}:live`)).toBeGreaterThan(0); // buckets expire on their own
  });

  it("takes tokens atomically under concurrency: exactly the burst passes", async () => {
    const p = `${prefix}${randomUUID()}:`;
    const server = await serve({ partner: { perMinute: 6, burst: 5 } }, await readyStore(p));
    const { token } = await seedPartnerWithToken(plain.url, "test");
    const statuses = await Promise.all(Array.from({ length: 12 }, () => api(server.url, token, "GET", PROBE).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("an unreachable Redis never fails a request: memory buckets take over, with a warning", async () => {
    const warnings: string[] = [];
    const store = new RedisRateLimitStore({ url: "redis://127.0.0.1:1", prefix, warn: (m) => warnings.push(m) });
    const server = await serve({ partner: { perMinute: 6, burst: 2 } }, store);
    const { token } = await seedPartnerWithToken(plain.url, "test");
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api(server.url, token, "GET", PROBE)).status);
    expect(statuses).toEqual([200, 200, 429]); // still limited, from memory
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.join("\n")).toMatch(/in-memory buckets/);
  });
});
