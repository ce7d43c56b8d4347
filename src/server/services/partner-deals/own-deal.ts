// The one tenant filter of the partner-deal endpoints: a partner's own partner_private deals in the
// token's environment. Anything else (another partner's deal, the other environment, a servicepass
// deal) is 404 deal_not_found, never 403, so ids leak nothing.
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { dealInclude, type DealRecord } from "@/server/services/deals/deal-record";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const dealNotFound = () => new AppError(404, "deal_not_found", "No deal with this id is available to you in this environment");

export function ownDealsWhere(scope: PartnerScope): Prisma.DealWhereInput & { ownerPartnerId: string; environment: PartnerScope["environment"] } {
  if (!scope?.partnerId || (scope.environment !== "live" && scope.environment !== "test")) {
    throw new Error("partner deals: a partner scope with partnerId and environment is required");
  }
  return { dealType: "partner_private", ownerPartnerId: scope.partnerId, environment: scope.environment };
}

export function isUuid(id: string): boolean {
  return UUID_RE.test(id);
}

export async function findOwnDealOrThrow(scope: PartnerScope, id: string): Promise<DealRecord> {
  if (!isUuid(id)) throw dealNotFound();
  const deal = await db.deal.findFirst({ where: { ...ownDealsWhere(scope), id: id.toLowerCase() }, include: dealInclude });
  if (!deal) throw dealNotFound();
  return deal;
}
