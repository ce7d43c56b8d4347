// Every provider-area query is filtered here (house style: one scope helper per model family): a
// provider user sees only servicepass deals linked to its provider; any other id is deal_not_found,
// exactly like an id that does not exist.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import type { ProviderScope } from "@/server/scope";

export function requireProviderScope(scope: ProviderScope): { providerId: string } {
  if (!scope?.providerId || !isUuid(scope.providerId)) throw new Error("providers: a provider scope is required");
  return { providerId: scope.providerId };
}

export function providerDealsWhere(scope: ProviderScope) {
  return { providerId: requireProviderScope(scope).providerId, dealType: "servicepass" as const };
}

const providerDealNotFound = (id: string) => new AppError("deal_not_found", `No deal of yours with id ${id}`, { param: "deal_id" });

export async function findProviderDealOrThrow(scope: ProviderScope, dealId: string) {
  if (!isUuid(dealId)) throw providerDealNotFound(dealId);
  const deal = await db.deal.findFirst({ where: { ...providerDealsWhere(scope), id: dealId.toLowerCase() } });
  if (!deal) throw providerDealNotFound(dealId);
  return deal;
}
