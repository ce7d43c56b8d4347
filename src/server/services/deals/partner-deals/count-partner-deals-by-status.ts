// Tab counts of the own-deals page: the partner deals of this environment per status.
import { DEAL_STATUSES, type DealStatus } from "@/server/domain/enums";
import { db } from "@/server/db/client";
import type { PartnerScope } from "@/server/scope";
import { partnerDealsWhere } from "./find-partner-deal";

export async function countPartnerDealsByStatus(scope: PartnerScope): Promise<Record<DealStatus, number>> {
  const rows = await db.deal.groupBy({ by: ["status"], where: partnerDealsWhere(scope), _count: { _all: true } });
  const out = Object.fromEntries(DEAL_STATUSES.map((s) => [s, 0])) as Record<DealStatus, number>;
  for (const r of rows) out[r.status] = r._count._all;
  return out;
}
