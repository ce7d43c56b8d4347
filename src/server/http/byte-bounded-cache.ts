// Bodies kept in memory by what they contain (a key naming exactly these bytes), least recently used
// first out, bounded by bytes: the deal pages' bytes (rest/deals/deal-json.ts) and their compressed
// copies (compress-response.ts). A body being made is made once: callers that ask for a key while
// its body is in the making wait for that one (no stampede of 50 compressions of one page).
export class ByteBoundedCache {
  #entries = new Map<string, Buffer>();
  #making = new Map<string, Promise<Buffer>>();
  #bytes = 0;
  /** Served from the cache, or from a making another request had started. */
  hits = 0;
  /** Bodies made (one per key and change). */
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const v = this.#entries.get(key);
    if (v) {
      this.#entries.delete(key);
      this.#entries.set(key, v); // most recently used last
    }
    return v;
  }

  set(key: string, value: Buffer) {
    const old = this.#entries.get(key);
    if (old) this.#bytes -= old.length;
    this.#entries.set(key, value);
    this.#bytes += value.length;
    for (const [k, v] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= v.length;
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
