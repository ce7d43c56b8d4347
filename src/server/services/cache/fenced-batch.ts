// Coalesced reads that stay exactly as fresh as individual ones. A caller never joins a read that is
// already in flight (it may have started before the caller arrived and miss a change committed just
// before); it joins the next read, which starts when the current one is done. Under load one query
// serves many callers; every caller still sees every change committed before it called.
export function fencedBatch<K, V>(fetch: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  type Waiter = { key: K; resolve: (v: V | undefined) => void; reject: (e: unknown) => void };
  let next: Waiter[] | null = null;
  let inFlight = false;

  async function run(batch: Waiter[]) {
    inFlight = true;
    try {
      const found = await fetch([...new Set(batch.map((w) => w.key))]);
      for (const w of batch) w.resolve(found.get(w.key));
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      inFlight = false;
      const queued = next;
      next = null;
      if (queued) void run(queued);
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      (next ??= []).push({ key, resolve, reject });
      if (!inFlight) {
        const batch = next;
        next = null;
        void run(batch);
      }
    });
}
