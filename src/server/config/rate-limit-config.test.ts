// RATE_LIMIT_*, AUTH_RATE_LIMIT_*, SIGN_IN_MAX_FAILURES_* and RATE_LIMIT_REDIS_PREFIX: the defaults of
// README "Configuration", the values an operator sets, and a ConfigError naming the variable for a
// value that cannot be right (it used to fall back to the default unseen).
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "./config-error";
import { rateLimitConfig, readRateLimitConfig } from "./rate-limit-config";

describe("readRateLimitConfig", () => {
  it("defaults: 600/min burst 100, 20 and 60 per minute for authentications, 5 and 30 sign-in failures, 6,000/min burst 100 per directory token, perkway:rl:", () => {
    expect(readRateLimitConfig({})).toEqual({
      perMinute: 600,
      burst: 100,
      authPerKeyPerMinute: 20,
      authPerIpPerMinute: 60,
      signInMaxFailuresPerEmail: 5,
      signInMaxFailuresPerIp: 30,
      scimPerMinute: 6000,
      scimBurst: 100,
      redisPrefix: "perkway:rl:",
    });
    // empty (or blank) is unset, as for every other variable
    expect(readRateLimitConfig({ RATE_LIMIT_PER_MINUTE: "", RATE_LIMIT_BURST: " ", RATE_LIMIT_REDIS_PREFIX: "" })).toMatchObject({ perMinute: 600, burst: 100, redisPrefix: "perkway:rl:" });
  });

  it("reads what is set", () => {
    expect(
      readRateLimitConfig({
        RATE_LIMIT_PER_MINUTE: "0.5",
        RATE_LIMIT_BURST: "1000000000",
        AUTH_RATE_LIMIT_PER_KEY_PER_MINUTE: " 7 ",
        AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: "100000",
        SIGN_IN_MAX_FAILURES_PER_EMAIL: "1",
        SIGN_IN_MAX_FAILURES_PER_IP: "300",
        SCIM_RATE_LIMIT_PER_MINUTE: "120",
        SCIM_RATE_LIMIT_BURST: "4",
        RATE_LIMIT_REDIS_PREFIX: "acme:rl:",
      }),
    ).toEqual({ perMinute: 0.5, burst: 1_000_000_000, authPerKeyPerMinute: 7, authPerIpPerMinute: 100_000, signInMaxFailuresPerEmail: 1, signInMaxFailuresPerIp: 300, scimPerMinute: 120, scimBurst: 4, redisPrefix: "acme:rl:" });
  });

  it.each([
    ["RATE_LIMIT_PER_MINUTE", "abc", 'RATE_LIMIT_PER_MINUTE must be a number above 0, got "abc"'],
    ["RATE_LIMIT_PER_MINUTE", "0", 'RATE_LIMIT_PER_MINUTE must be a number above 0, got "0"'],
    ["RATE_LIMIT_PER_MINUTE", "-1", 'RATE_LIMIT_PER_MINUTE must be a number above 0, got "-1"'],
    ["RATE_LIMIT_PER_MINUTE", "Infinity", 'RATE_LIMIT_PER_MINUTE must be a number above 0, got "Infinity"'],
    ["RATE_LIMIT_BURST", "0.5", 'RATE_LIMIT_BURST must be a number of at least 1, got "0.5"'],
    ["RATE_LIMIT_BURST", "100/min", 'RATE_LIMIT_BURST must be a number of at least 1, got "100/min"'],
    ["AUTH_RATE_LIMIT_PER_KEY_PER_MINUTE", "0", 'AUTH_RATE_LIMIT_PER_KEY_PER_MINUTE must be a number of at least 1, got "0"'],
    ["AUTH_RATE_LIMIT_PER_IP_PER_MINUTE", "sixty", 'AUTH_RATE_LIMIT_PER_IP_PER_MINUTE must be a number of at least 1, got "sixty"'],
    ["SIGN_IN_MAX_FAILURES_PER_EMAIL", "2.5", 'SIGN_IN_MAX_FAILURES_PER_EMAIL must be a whole number of at least 1, got "2.5"'],
    ["SIGN_IN_MAX_FAILURES_PER_IP", "0", 'SIGN_IN_MAX_FAILURES_PER_IP must be a whole number of at least 1, got "0"'],
    ["SCIM_RATE_LIMIT_PER_MINUTE", "0", 'SCIM_RATE_LIMIT_PER_MINUTE must be a number above 0, got "0"'],
    ["SCIM_RATE_LIMIT_BURST", "lots", 'SCIM_RATE_LIMIT_BURST must be a number of at least 1, got "lots"'],
    ["RATE_LIMIT_REDIS_PREFIX", "perkway rl", 'RATE_LIMIT_REDIS_PREFIX must be up to 100 characters without spaces or control characters, got "perkway rl"'],
    ["RATE_LIMIT_REDIS_PREFIX", "x".repeat(101), "RATE_LIMIT_REDIS_PREFIX must be up to 100 characters"],
  ])("%s=%j is refused with a message naming it", (name, value, message) => {
    const read = () => readRateLimitConfig({ [name]: value });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(message);
  });
});

describe("rateLimitConfig (the process's settings)", () => {
  const saved = process.env.RATE_LIMIT_BURST;
  afterEach(() => {
    if (saved === undefined) delete process.env.RATE_LIMIT_BURST;
    else process.env.RATE_LIMIT_BURST = saved;
  });

  it("follows a variable changed after the first read, and refuses a bad one", () => {
    process.env.RATE_LIMIT_BURST = "42";
    expect(rateLimitConfig().burst).toBe(42);
    process.env.RATE_LIMIT_BURST = "43";
    expect(rateLimitConfig().burst).toBe(43);
    process.env.RATE_LIMIT_BURST = "lots";
    expect(() => rateLimitConfig()).toThrow('RATE_LIMIT_BURST must be a number of at least 1, got "lots"');
  });
});
