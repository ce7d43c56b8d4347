// GET /v1/partner-deals/{id}: a partner deal in any status, drafts included.
import type { DealDto } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { findPartnerDealOrThrow } from "./find-partner-deal";
import { loadPartnerContext, serializePartnerDeal } from "./serialize-partner-deal";

export async function getPartnerDeal(scope: PartnerScope, id: string): Promise<DealDto> {
  const [deal, partner] = await Promise.all([findPartnerDealOrThrow(scope, id), loadPartnerContext(scope)]);
  return serializePartnerDeal(deal, partner);
}
