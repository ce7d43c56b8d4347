// A per-process cache kept fresh by the change feed (src/server/background/change-feed.ts): entries are
// served only while the feed is healthy; a notification or a loss of the feed invalidates them. A
// value read from the database is stored only if no notification came in while it was being read
// (the feed's epoch did not move), so a cached value is never older than the last notification.
import { changeFeed, type ChangeHandlers } from "@/server/background/change-feed";

export class PushedCache<K, V> {
  private map = new Map<K, V>();
  private reading = new Map<K, { epoch: number; value: Promise<V> }>();
  private started = false;

  constructor(
    private readonly read: (key: K) => Promise<V>,
    private readonly handlers: (cache: PushedCache<K, V>) => Omit<ChangeHandlers, "reset">,
    private readonly maxEntries = 20_000,
    /** false: a null read is returned but not kept (for keys that may come to exist unnotified). */
    private readonly opts: { cacheNull?: boolean } = {},
  ) {}

  async get(key: K): Promise<V> {
    const hit = this.getNow(key);
    if (hit !== undefined) return hit;
    const feed = changeFeed();
    // While the feed is healthy, concurrent misses of one key share one read (no stampede after an
    // invalidation), but only a read started in this epoch: one begun before the latest
    // notification may miss its change. Without the feed every call reads, as before.
    const epoch = feed.epoch;
    const shared = this.reading.get(key);
    if (shared && shared.epoch === epoch && feed.healthy) return shared.value;
    const value = this.readAndKeep(key, epoch);
    const entry = { epoch, value };
    this.reading.set(key, entry);
    void value.then(
      () => this.reading.get(key) === entry && this.reading.delete(key),
      () => this.reading.get(key) === entry && this.reading.delete(key),
    );
    return value;
  }

  /** The value `get` would answer without a read, or undefined when it would read (the hot paths
   *  that find their values here skip a promise per value). */
  getNow(key: K): V | undefined {
    const feed = changeFeed();
    if (!this.started) {
      this.started = true;
      feed.subscribe({ ...this.handlers(this), reset: () => this.map.clear() });
    }
    return feed.healthy ? this.map.get(key) : undefined;
  }

  private async readAndKeep(key: K, epoch: number): Promise<V> {
    const value = await this.read(key);
    const feed = changeFeed();
    if (feed.healthy && feed.epoch === epoch && (value !== null || this.opts.cacheNull !== false)) {
      if (this.map.size >= this.maxEntries) this.map.clear();
      this.map.set(key, value);
    }
    return value;
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  /** Sets a value the notification itself carries (no read needed). */
  set(key: K, value: V): void {
    if (changeFeed().healthy) this.map.set(key, value);
  }

  peek(key: K): V | undefined {
    return this.map.get(key);
  }
}
