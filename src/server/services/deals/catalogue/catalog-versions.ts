// The freshness fence of the catalogue cache: the catalogue counters as of a moment after the
// request arrived. Pushed by the database (NOTIFY perkway_catalog "key:version", change-feed.ts) into a
// per-process cache, so a request reads no counter from the database while nothing changes; while the
// feed is down, read in coalesced batches (fenced-batch.ts): one small query serves many concurrent
// requests without ever answering from before the request.
import { db } from "@/server/db/client";
import { fencedBatch, PushedCache } from "@/server/services/cache";

export const SHARED_KEY = "shared";

const readVersion = fencedBatch<string, bigint>(async (keys) => {
  const rows = await db.catalogVersion.findMany({ where: { key: { in: keys } }, select: { key: true, version: true } });
  return new Map(rows.map((r) => [r.key, r.version]));
});

const versions = new PushedCache<string, bigint>(
  async (key) => (await readVersion(key)) ?? 0n,
  (cache) => ({
    catalog: (key, version) => {
      const known = cache.peek(key);
      // Notifications of one key arrive in commit order; never move a counter back.
      if (known === undefined || version > known) cache.set(key, version);
    },
  }),
);

type CatalogVersions = { shared: bigint; partner: bigint };

/** Counters of "shared" and the partner (0 when a counter was never bumped). */
export async function readCatalogVersions(partnerId: string): Promise<CatalogVersions> {
  const known = catalogVersionsNow(partnerId);
  if (known) return known;
  const [shared, partner] = await Promise.all([versions.get(SHARED_KEY), versions.get(partnerId)]);
  return { shared, partner };
}

/** The counters when both are pushed already (no read), else null. */
export function catalogVersionsNow(partnerId: string): CatalogVersions | null {
  const shared = versions.getNow(SHARED_KEY);
  const partner = shared === undefined ? undefined : versions.getNow(partnerId);
  return partner === undefined ? null : { shared: shared!, partner };
}
