// The process's rate-limit store: Redis when REDIS_URL is set (buckets shared by all instances),
// memory otherwise. Created on first use.
import type { RateLimitStore } from "./rate-limit";
import { MemoryRateLimitStore } from "./rate-limit-store-memory";
import { RedisRateLimitStore } from "./rate-limit-store-redis";

const globalForStore = globalThis as unknown as { perkwayRateLimitStore?: RateLimitStore };

export function defaultRateLimitStore(): RateLimitStore {
  globalForStore.perkwayRateLimitStore ??= process.env.REDIS_URL
    ? new RedisRateLimitStore({ url: process.env.REDIS_URL, prefix: process.env.RATE_LIMIT_REDIS_PREFIX })
    : new MemoryRateLimitStore();
  return globalForStore.perkwayRateLimitStore;
}
