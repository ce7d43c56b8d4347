// Buckets in Redis (REDIS_URL), shared by every app instance. One Lua script reads, refills, takes
// and writes a bucket atomically, on Redis's clock so that instances with skewed clocks agree.
// Redis being down never fails a request: the store answers from a memory store meanwhile and logs
// a warning (at most one every 30 seconds).
import { Redis } from "ioredis";
import { decide, type BucketLimit, type RateLimitDecision, type RateLimitStore } from "./rate-limit";
import { MemoryRateLimitStore } from "./rate-limit-store-memory";
import { logger } from "@/server/observability/logger";

const TAKE_TOKEN_LUA = `
local burst = tonumber(ARGV[1])
local per_ms = tonumber(ARGV[2])
local cost = tonumber(ARGV[3]) or 1
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(b[1])
local last = tonumber(b[2])
if tokens == nil or last == nil then tokens = burst; last = now end
if now > last then tokens = math.min(burst, tokens + (now - last) * per_ms) end
local allowed = 0
if tokens >= 1 then tokens = tokens - cost; allowed = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(math.max(now, last)))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / per_ms) + 1000)
return { allowed, tostring(tokens) }
`;

type Warn = (message: string, err?: unknown) => void;

export class RedisRateLimitStore implements RateLimitStore {
  readonly redis: Redis;
  private readonly prefix: string;
  private readonly fallback: MemoryRateLimitStore;
  private readonly warn: Warn;
  private lastWarning = 0;

  constructor(opts: { url: string; prefix?: string; fallback?: MemoryRateLimitStore; warn?: Warn }) {
    this.prefix = opts.prefix ?? "perkway:rl:";
    this.fallback = opts.fallback ?? new MemoryRateLimitStore();
    this.warn = opts.warn ?? defaultWarn;
    this.redis = new Redis(opts.url, {
      // Fail fast instead of queueing: a request must not wait for Redis to come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 250,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
    });
    this.redis.defineCommand("perkwayTakeToken", { numberOfKeys: 1, lua: TAKE_TOKEN_LUA });
    this.redis.on("error", (err) => this.warnThrottled(`rate limiting: Redis error (${(err as Error).message}); using in-memory buckets meanwhile`));
  }

  async take(key: string, limit: BucketLimit, cost: 0 | 1 = 1): Promise<RateLimitDecision> {
    if (this.redis.status !== "ready") {
      this.warnThrottled(`rate limiting: Redis is ${this.redis.status}; using in-memory buckets meanwhile`);
      return this.fallback.take(key, limit, cost);
    }
    try {
      const run = (this.redis as unknown as { perkwayTakeToken: (k: string, burst: number, perMs: number, cost: number) => Promise<[number, string]> }).perkwayTakeToken;
      const [allowed, tokens] = await run.call(this.redis, this.prefix + key, limit.burst, limit.perMinute / 60_000, cost);
      return decide(allowed === 1, Number(tokens), limit);
    } catch (err) {
      this.warnThrottled(`rate limiting: Redis command failed (${(err as Error).message}); using in-memory buckets meanwhile`);
      return this.fallback.take(key, limit, cost);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private warnThrottled(message: string) {
    const now = Date.now();
    if (now - this.lastWarning < 30_000) return;
    this.lastWarning = now;
    this.warn(message);
  }
}

function defaultWarn(message: string) {
  logger().warn({ component: "rate-limit" }, message);
}
