// GET /v1/partner-deals/{id}: an own deal in any status, drafts included.
import type { DealDto } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { findOwnDealOrThrow } from "@/server/services/shared/own-deal";
import { loadPartnerContext, serializeOwnDeal } from "./serialize-own-deal";

export async function getPartnerDeal(scope: PartnerScope, id: string): Promise<DealDto> {
  const [deal, partner] = await Promise.all([findOwnDealOrThrow(scope, id), loadPartnerContext(scope)]);
  return serializeOwnDeal(deal, partner);
}
