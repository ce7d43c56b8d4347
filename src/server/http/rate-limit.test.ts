import { describe, expect, it } from "vitest";
import { bucketKey, rateLimitConfigFromEnv, RequestLimiter, takeToken } from "./rate-limit";
import { MemoryRateLimitStore } from "./rate-limit-store-memory";

const limit = { perMinute: 60, burst: 3 }; // one token per second

describe("token bucket", () => {
  it("allows the burst at once, then one request per refill interval", () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore({ now: () => now });
    const seen = [1, 2, 3, 4].map(() => store.takeSync("k", limit));
    expect(seen.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(seen.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(seen[2].resetSeconds).toBe(3); // three tokens to refill at 1/s
    expect(seen[3].retryAfterSeconds).toBe(1);
    now += 999;
    expect(store.takeSync("k", limit).allowed).toBe(false);
    now += 2;
    expect(store.takeSync("k", limit)).toMatchObject({ allowed: true, remaining: 0 });
    now += 60_000;
    expect(store.takeSync("k", limit)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 1 }); // capped at the burst
  });

  it("keeps buckets apart by key", () => {
    const store = new MemoryRateLimitStore({ now: () => 0 });
    for (let i = 0; i < 3; i++) store.takeSync("a", limit);
    expect(store.takeSync("a", limit).allowed).toBe(false);
    expect(store.takeSync("b", limit).allowed).toBe(true);
  });

  it("forgets the least recently used buckets past its bound (a forgotten bucket comes back full)", () => {
    const store = new MemoryRateLimitStore({ now: () => 0, maxBuckets: 2 });
    store.takeSync("a", limit);
    store.takeSync("b", limit);
    store.takeSync("a", limit);
    store.takeSync("c", limit); // evicts b, the least recently used
    expect(store.size).toBe(2);
    expect(store.takeSync("a", limit).remaining).toBe(0);
    expect(store.takeSync("b", limit).remaining).toBe(2);
  });

  it("takeToken never refills backwards when the clock goes back", () => {
    const first = takeToken(undefined, limit, 10_000);
    const back = takeToken(first.state, limit, 5_000);
    expect(back.decision.remaining).toBe(1);
  });
});

describe("configuration", () => {
  it("defaults to the contract: 600/min burst 100; 20/min per public key; 60/min per IP", () => {
    expect(rateLimitConfigFromEnv({})).toEqual({
      partner: { perMinute: 600, burst: 100 },
      anonymous: { perMinute: 600, burst: 100 },
      authentication_key: { perMinute: 20, burst: 20 },
      authentication_ip: { perMinute: 60, burst: 60 },
      directory: { perMinute: 6000, burst: 100 },
    });
  });

  it("reads RATE_LIMIT_PER_MINUTE / RATE_LIMIT_BURST and refuses nonsense with the variable's name (src/server/config/rate-limit-config.ts)", () => {
    expect(rateLimitConfigFromEnv({ RATE_LIMIT_PER_MINUTE: "1200", RATE_LIMIT_BURST: "50" }).partner).toEqual({ perMinute: 1200, burst: 50 });
    expect(rateLimitConfigFromEnv({ AUTH_RATE_LIMIT_PER_KEY_PER_MINUTE: "5" }).authentication_key).toEqual({ perMinute: 5, burst: 5 });
    expect(() => rateLimitConfigFromEnv({ RATE_LIMIT_PER_MINUTE: "-1" })).toThrow(/RATE_LIMIT_PER_MINUTE must be/);
    expect(() => rateLimitConfigFromEnv({ RATE_LIMIT_BURST: "abc" })).toThrow(/RATE_LIMIT_BURST must be/);
  });

  it("hashes public keys in bucket keys", () => {
    const key = bucketKey("authentication_key", "pk_live_" + "a".repeat(40));
    expect(key).toMatch(/^auth-key:[A-Za-z0-9_-]{32}$/);
    expect(key).not.toContain("pk_live_");
  });
});

describe("RequestLimiter", () => {
  it("shows the tightest bucket in the headers and throws 429 with retry_after", async () => {
    const store = new MemoryRateLimitStore({ now: () => 0 });
    const config = { ...rateLimitConfigFromEnv({}), authentication_ip: { perMinute: 60, burst: 5 }, authentication_key: { perMinute: 60, burst: 2 } };
    const headers = new Headers();
    const limiter = new RequestLimiter(store, config, headers);
    await limiter.charge("authentication_ip", "1.2.3.4");
    expect(headers.get("RateLimit-Remaining")).toBe("4");
    await limiter.charge("authentication_key", "pk");
    expect(headers.get("RateLimit-Limit")).toBe("2");
    expect(headers.get("RateLimit-Remaining")).toBe("1");
    await new RequestLimiter(store, config, new Headers()).charge("authentication_key", "pk");
    const h2 = new Headers();
    await expect(new RequestLimiter(store, config, h2).charge("authentication_key", "pk")).rejects.toMatchObject({ status: 429, code: "rate_limited", extra: { retry_after: 1 } });
    expect(h2.get("RateLimit-Remaining")).toBe("0");
  });
});
