// The one tenant filter of the partner-deal endpoints: a partner's own partner_private deals in the
// token's environment. Anything else (another partner's deal, the other environment, a servicepass
// deal) is 404 deal_not_found, never 403, so ids leak nothing.
import type { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import { requireScope, type PartnerScope } from "@/server/scope";
import { dealInclude, type DealRecord } from "@/server/services/deals/deal-record";

export const dealNotFound = () => new AppError("deal_not_found", "No deal with this id is available to you in this environment");

export function partnerDealsWhere(scope: PartnerScope): Prisma.DealWhereInput & { ownerPartnerId: string; environment: PartnerScope["environment"] } {
  const { partnerId, environment } = requireScope(scope, "partner deals");
  return { dealType: "partner_private", ownerPartnerId: partnerId, environment };
}

export async function findPartnerDealOrThrow(scope: PartnerScope, id: string): Promise<DealRecord> {
  if (!isUuid(id)) throw dealNotFound();
  const deal = await db.deal.findFirst({ where: { ...partnerDealsWhere(scope), id: id.toLowerCase() }, include: dealInclude });
  if (!deal) throw dealNotFound();
  return deal;
}

/**
 * Moves a partner deal's updated_at inside a write of its children (rules). Scoped like every deal
 * write, and it locks the row for the transaction, so a deal deleted since it was read is a 404
 * instead of a foreign-key or missing-row 500.
 */
export async function touchPartnerDeal(tx: Tx, scope: PartnerScope, dealId: string): Promise<void> {
  const { count } = await tx.deal.updateMany({ where: { ...partnerDealsWhere(scope), id: dealId }, data: { updatedAt: new Date() } });
  if (count === 0) throw dealNotFound();
}
