// The process's rate-limit store: Redis when REDIS_URL is set (buckets shared by all instances),
// memory otherwise. Created on first use.
import type { RateLimitStore } from "./rate-limit";
import { MemoryRateLimitStore } from "./rate-limit-store-memory";
import { RedisRateLimitStore } from "./rate-limit-store-redis";
import { setting } from "@/server/config/env";
import { rateLimitConfig } from "@/server/config/rate-limit-config";

const globalForStore = globalThis as unknown as { perkwayRateLimitStore?: RateLimitStore };

export function defaultRateLimitStore(): RateLimitStore {
  globalForStore.perkwayRateLimitStore ??= setting("redisUrl")
    ? new RedisRateLimitStore({ url: setting("redisUrl")!, prefix: rateLimitConfig().redisPrefix })
    : new MemoryRateLimitStore();
  return globalForStore.perkwayRateLimitStore;
}
