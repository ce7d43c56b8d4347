// The freshness fence of the GET /v1/deals cache: the catalogue counters as of a moment after the
// request arrived, read in coalesced batches (fenced-batch.ts) so that one small query serves many
// concurrent requests without ever answering from before the request.
import { db } from "@/server/db/client";
import { fencedBatch } from "@/server/services/shared/fenced-batch";

export const SHARED_KEY = "shared";

const readVersion = fencedBatch<string, bigint>(async (keys) => {
  const rows = await db.catalogVersion.findMany({ where: { key: { in: keys } }, select: { key: true, version: true } });
  return new Map(rows.map((r) => [r.key, r.version]));
});

/** Counters of "shared" and the partner (0 when a counter was never bumped). */
export async function readCatalogVersions(partnerId: string): Promise<{ shared: bigint; partner: bigint }> {
  const [shared, partner] = await Promise.all([readVersion(SHARED_KEY), readVersion(partnerId)]);
  return { shared: shared ?? 0n, partner: partner ?? 0n };
}
