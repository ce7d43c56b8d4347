// Rate limiting (docs/api.md, Rate limits): token buckets, one per (partner, environment) for authenticated
// requests, per public key and per client IP for POST /v1/authentications, per client IP for
// anything else that carries no token. Buckets live in a RateLimitStore (memory or Redis); this
// module holds the bucket arithmetic, the headers and the 429.
import { metrics } from "@/server/observability/metrics";
import { createHash } from "node:crypto";
import { AppError } from "@/server/errors/app-error";
import type { Env } from "@/server/config/env";
import { rateLimitConfig, readRateLimitConfig } from "@/server/config/rate-limit-config";

export type BucketLimit = { perMinute: number; burst: number };

export type RateLimitDecision = {
  allowed: boolean;
  /** Bucket capacity (the burst): the most requests that can be made at once. */
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until the next request is allowed (0 when allowed). */
  retryAfterSeconds: number;
};

export interface RateLimitStore {
  /**
   * Takes one token from the bucket `key` (created full), atomically. `cost` 0 only looks: allowed
   * when a token is there, nothing taken (the portal's sign-in throttle checks before it charges).
   */
  take(key: string, limit: BucketLimit, cost?: 0 | 1): Promise<RateLimitDecision>;
  /** The same, answered at once, for stores that keep their buckets in this process (memory). */
  takeSync?(key: string, limit: BucketLimit, cost?: 0 | 1): RateLimitDecision;
  close?(): Promise<void>;
}

export type BucketState = { tokens: number; updatedMs: number };

/** The token-bucket step the memory store runs (the Redis store runs the same steps in Lua). */
export function takeToken(state: BucketState | undefined, limit: BucketLimit, nowMs: number, cost: 0 | 1 = 1): { state: BucketState; decision: RateLimitDecision } {
  const perMs = limit.perMinute / 60_000;
  let tokens = state ? state.tokens : limit.burst;
  const last = state ? state.updatedMs : nowMs;
  if (nowMs > last) tokens = Math.min(limit.burst, tokens + (nowMs - last) * perMs);
  const allowed = tokens >= 1;
  if (allowed) tokens -= cost;
  return { state: { tokens, updatedMs: Math.max(nowMs, last) }, decision: decide(allowed, tokens, limit) };
}

export function decide(allowed: boolean, tokens: number, limit: BucketLimit): RateLimitDecision {
  const perSecond = limit.perMinute / 60;
  return {
    allowed,
    limit: limit.burst,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.max(0, Math.ceil((limit.burst - tokens) / perSecond)),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond)),
  };
}

type RateLimitPolicy = "partner" | "anonymous" | "authentication_ip" | "authentication_key" | "directory";

export type RateLimitConfig = Record<RateLimitPolicy, BucketLimit>;

/**
 * The buckets of docs/api.md, Rate limits, from the settings (src/server/config/rate-limit-config.ts:
 * defaults, and a ConfigError naming the variable for a value that cannot be right). Without `env`:
 * the process's environment, parsed again only when a variable changes.
 */
export function rateLimitConfigFromEnv(env?: Env): RateLimitConfig {
  const { perMinute, burst, authPerKeyPerMinute, authPerIpPerMinute, scimPerMinute, scimBurst } = env ? readRateLimitConfig(env) : rateLimitConfig();
  return {
    partner: { perMinute, burst },
    // Requests without a (valid) token: same budget as a partner, per client IP.
    anonymous: { perMinute, burst },
    // "20 per minute": at most 20 at once, then one every 3 seconds.
    authentication_key: { perMinute: authPerKeyPerMinute, burst: authPerKeyPerMinute },
    authentication_ip: { perMinute: authPerIpPerMinute, burst: authPerIpPerMinute },
    // A directory token (/scim/v2): its own bucket, sized for a first sync of thousands of users.
    directory: { perMinute: scimPerMinute, burst: scimBurst },
  };
}

/** Bucket key per policy. Public keys are hashed: bounded length, nothing secret-looking in Redis. */
export function bucketKey(policy: RateLimitPolicy, subject: string): string {
  if (policy === "authentication_key") return `auth-key:${createHash("sha256").update(subject).digest("base64url").slice(0, 32)}`;
  return `${policy === "partner" ? "p" : policy === "anonymous" ? "ip" : policy === "directory" ? "scim" : "auth-ip"}:${subject}`;
}

/**
 * Charges the buckets of one request and keeps the response headers: the RateLimit-* headers
 * describe the tightest bucket charged (the one with the fewest requests left).
 */
export class RequestLimiter {
  private shown: RateLimitDecision | null = null;

  constructor(
    private readonly store: RateLimitStore,
    private readonly config: RateLimitConfig,
    private readonly headers: Headers,
  ) {}

  get charged(): boolean {
    return this.shown !== null;
  }

  /** Takes a token; throws 429 rate_limited (with Retry-After) when the bucket is empty. */
  async charge(policy: RateLimitPolicy, subject: string): Promise<RateLimitDecision> {
    return this.decide(policy, await this.store.take(bucketKey(policy, subject), this.config[policy]));
  }

  /** charge() without a promise when the store answers at once (memory); null: call charge(). */
  chargeNow(policy: RateLimitPolicy, subject: string): RateLimitDecision | null {
    return this.store.takeSync ? this.decide(policy, this.store.takeSync(bucketKey(policy, subject), this.config[policy])) : null;
  }

  private decide(policy: RateLimitPolicy, decision: RateLimitDecision): RateLimitDecision {
    if (!this.shown || !decision.allowed || decision.remaining < this.shown.remaining) this.show(decision);
    if (!decision.allowed) {
      metrics().rateLimited.inc({ policy });
      throw new AppError("rate_limited", `Too many requests: retry in ${decision.retryAfterSeconds} second${decision.retryAfterSeconds === 1 ? "" : "s"}. See the RateLimit-* response headers.`, {
        extra: { retry_after: decision.retryAfterSeconds },
      });
    }
    return decision;
  }

  private show(d: RateLimitDecision) {
    this.shown = d;
    this.headers.set("RateLimit-Limit", String(d.limit));
    this.headers.set("RateLimit-Remaining", String(d.remaining));
    this.headers.set("RateLimit-Reset", String(d.resetSeconds));
  }
}
