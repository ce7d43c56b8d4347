// Bodies kept in memory by what they contain (a key naming exactly these bytes), bounded by bytes:
// the deal pages' bytes (rest/deals/deal-json.ts) and their compressed copies (compress-response.ts).
// A body being made is made once: callers that ask for a key while its body is in the making wait for
// that one (no stampede of 50 compressions of one page).
// Eviction is "second chance" (CLOCK) rather than strict LRU: a hit only marks its entry used, where
// LRU's delete-and-insert on every hit wrote the hot path's key into an old Map per request (work
// for the young-generation collector, and rehashing of the Map).
type Entry = { body: Buffer; used: boolean };

export class ByteBoundedCache {
  #entries = new Map<string, Entry>();
  #making = new Map<string, Promise<Buffer>>();
  #bytes = 0;
  /** Served from the cache, or from a making another request had started. */
  hits = 0;
  /** Bodies made (one per key and change). */
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.body;
  }

  set(key: string, value: Buffer) {
    const old = this.#entries.get(key);
    if (old) {
      this.#bytes -= old.body.length;
      this.#entries.delete(key);
    }
    this.#entries.set(key, { body: value, used: false });
    this.#bytes += value.length;
    // Oldest first: an entry used since it was (re)inserted goes to the back once, unused, instead
    // (and is met again further on); the body just kept stays, even alone over the bound.
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      if (k === key) continue;
      this.#entries.delete(k);
      if (e.used) {
        e.used = false;
        this.#entries.set(k, e);
      } else this.#bytes -= e.body.length;
    }
  }

  /** The body of `key`, made by `make` (synchronously) when it is not kept. */
  getOrMake(key: string, make: () => Buffer): Buffer {
    const kept = this.get(key);
    if (kept) {
      this.hits++;
      return kept;
    }
    this.misses++;
    const made = make();
    this.set(key, made);
    return made;
  }

  /** The body of `key`, made once by `make` however many requests ask while it is being made. */
  async getOrMakeAsync(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.get(key);
    if (kept) {
      this.hits++;
      return kept;
    }
    const making = this.#making.get(key);
    if (making) {
      this.hits++;
      return making;
    }
    this.misses++;
    const started = make().then(
      (made) => {
        this.#making.delete(key);
        this.set(key, made);
        return made;
      },
      (err: unknown) => {
        this.#making.delete(key);
        throw err;
      },
    );
    this.#making.set(key, started);
    return started;
  }
}
