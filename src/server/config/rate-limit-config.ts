// Operator settings of rate limiting (README "Configuration", docs/api.md "Rate limits"): the /v1
// buckets, POST /v1/authentications' buckets, the directory tokens' buckets (/scim/v2), the portal's sign-in throttle and the Redis key prefix.
// Read by src/server/http/rate-limit.ts (per request, memoized), the sign-in throttle and the store;
// `npm start` reads them before anything else, so a value that cannot be right stops the start with a
// ConfigError naming the variable instead of falling back to the default unseen.
import { ConfigError } from "./config-error";
import { memoizeConfig, readEnv, type Env } from "./env";

type RateLimitSettings = {
  /** RATE_LIMIT_PER_MINUTE / RATE_LIMIT_BURST: per partner and environment (and per IP without a token). */
  perMinute: number;
  burst: number;
  /** AUTH_RATE_LIMIT_PER_KEY_PER_MINUTE / _PER_IP_PER_MINUTE: POST /v1/authentications (the burst too). */
  authPerKeyPerMinute: number;
  authPerIpPerMinute: number;
  /** SIGN_IN_MAX_FAILURES_PER_EMAIL / _PER_IP: failed portal sign-ins allowed per 15 minutes. */
  signInMaxFailuresPerEmail: number;
  signInMaxFailuresPerIp: number;
  /** SCIM_RATE_LIMIT_PER_MINUTE / SCIM_RATE_LIMIT_BURST: per directory token on /scim/v2 (contract section 20). */
  scimPerMinute: number;
  scimBurst: number;
  /** RATE_LIMIT_REDIS_PREFIX: key prefix of the Redis buckets. */
  redisPrefix: string;
};

const RATE_LIMIT_VARIABLES = [
  "RATE_LIMIT_PER_MINUTE",
  "RATE_LIMIT_BURST",
  "AUTH_RATE_LIMIT_PER_KEY_PER_MINUTE",
  "AUTH_RATE_LIMIT_PER_IP_PER_MINUTE",
  "SIGN_IN_MAX_FAILURES_PER_EMAIL",
  "SIGN_IN_MAX_FAILURES_PER_IP",
  "SCIM_RATE_LIMIT_PER_MINUTE",
  "SCIM_RATE_LIMIT_BURST",
  "RATE_LIMIT_REDIS_PREFIX",
] as const;

type NumberRule = "above 0" | "of at least 1" | "whole, at least 1";

/** A number that keeps `rule`; unset or empty: the default. */
function numberOf(env: Env, name: string, fallback: number, rule: NumberRule): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  const ok = Number.isFinite(n) && (rule === "above 0" ? n > 0 : n >= 1 && (rule === "of at least 1" || Number.isInteger(n)));
  if (!ok) throw new ConfigError(`${name} must be ${rule === "whole, at least 1" ? "a whole number of at least 1" : `a number ${rule}`}, got "${raw}"`);
  return n;
}

/** Pure: the settings an environment describes. Throws ConfigError on a value that cannot be right. */
export function readRateLimitConfig(env: Env = readEnv()): RateLimitSettings {
  const prefix = env.RATE_LIMIT_REDIS_PREFIX;
  // A prefix with spaces or control characters is a quoting mistake, not a namespace.
  if (prefix && (/[\s\p{Cc}]/u.test(prefix) || prefix.length > 100)) {
    throw new ConfigError(`RATE_LIMIT_REDIS_PREFIX must be up to 100 characters without spaces or control characters, got ${JSON.stringify(prefix)}`);
  }
  return {
    // A rate may be below one a minute (0.5: one every two minutes); a bucket holds at least one request.
    perMinute: numberOf(env, "RATE_LIMIT_PER_MINUTE", 600, "above 0"),
    burst: numberOf(env, "RATE_LIMIT_BURST", 100, "of at least 1"),
    // These two are the burst of their buckets too.
    authPerKeyPerMinute: numberOf(env, "AUTH_RATE_LIMIT_PER_KEY_PER_MINUTE", 20, "of at least 1"),
    authPerIpPerMinute: numberOf(env, "AUTH_RATE_LIMIT_PER_IP_PER_MINUTE", 60, "of at least 1"),
    signInMaxFailuresPerEmail: numberOf(env, "SIGN_IN_MAX_FAILURES_PER_EMAIL", 5, "whole, at least 1"),
    signInMaxFailuresPerIp: numberOf(env, "SIGN_IN_MAX_FAILURES_PER_IP", 30, "whole, at least 1"),
    scimPerMinute: numberOf(env, "SCIM_RATE_LIMIT_PER_MINUTE", 6000, "above 0"),
    scimBurst: numberOf(env, "SCIM_RATE_LIMIT_BURST", 100, "of at least 1"),
    redisPrefix: prefix || "perkway:rl:",
  };
}

/** The process's rate-limit settings, parsed again only when one of the variables changes. */
export const rateLimitConfig = memoizeConfig(RATE_LIMIT_VARIABLES, readRateLimitConfig);
