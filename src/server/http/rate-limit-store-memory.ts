// Buckets in this process's memory: the default without REDIS_URL, and the fallback when Redis is
// unreachable. Least recently used buckets are dropped past `maxBuckets` (a dropped bucket comes
// back full, which only ever errs on the side of letting a request through).
import { takeToken, type BucketLimit, type BucketState, type RateLimitDecision, type RateLimitStore } from "./rate-limit";

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, BucketState>();

  constructor(private readonly opts: { maxBuckets?: number; now?: () => number } = {}) {}

  async take(key: string, limit: BucketLimit, cost: 0 | 1 = 1): Promise<RateLimitDecision> {
    return this.takeSync(key, limit, cost);
  }

  takeSync(key: string, limit: BucketLimit, cost: 0 | 1 = 1): RateLimitDecision {
    const now = this.opts.now?.() ?? Date.now();
    const previous = this.buckets.get(key);
    const { state, decision } = takeToken(previous, limit, now, cost);
    if (previous) this.buckets.delete(key); // re-insert: Map order is our recency order
    this.buckets.set(key, state);
    const max = this.opts.maxBuckets ?? 100_000;
    if (this.buckets.size > max) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return decision;
  }

  get size(): number {
    return this.buckets.size;
  }
}
