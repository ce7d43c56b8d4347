// Tab counts of the own-deals page: the partner's own deals of this environment per status.
import { DEAL_STATUSES, type DealStatus } from "@/server/domain/enums";
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { ownDealsWhere } from "@/server/services/shared/own-deal";

export async function countOwnDealsByStatus(scope: PartnerScope): Promise<Record<DealStatus, number>> {
  const rows = await db.deal.groupBy({ by: ["status"], where: ownDealsWhere(scope), _count: { _all: true } });
  const out = Object.fromEntries(DEAL_STATUSES.map((s) => [s, 0])) as Record<DealStatus, number>;
  for (const r of rows) out[r.status] = r._count._all;
  return out;
}
