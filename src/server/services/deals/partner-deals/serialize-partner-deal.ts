// A partner deal as a Deal, with available_regions and claimable_without_eligibility for it.
import { db, type Tx } from "@/server/db/client";
import { computeAvailableRegions, isClaimableWithoutEligibility, type PartnerContext } from "@/server/domain/visibility";
import type { PartnerDealDto } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { dealFacts, partnerContext, partnerContextSelect, type DealRecord } from "@/server/services/deals/deal-record";
import { serializeDeal } from "@/server/services/deals/serialize-deal";
import { storedTranslations } from "@/server/services/deals/deal-translations";

/** Inside a transaction pass its client: on the embedded database a read beside it waits for it to end. */
export async function loadPartnerContext(scope: PartnerScope, client: Tx | typeof db = db): Promise<PartnerContext> {
  return partnerContext(await client.partner.findUniqueOrThrow({ where: { id: scope.partnerId }, select: partnerContextSelect }));
}

/** The Deal plus `translations` as stored (partner-deal endpoints only; GET /v1/deals serves one language). */
export function serializePartnerDeal(deal: DealRecord, partner: PartnerContext): PartnerDealDto {
  const facts = dealFacts(deal);
  const available = computeAvailableRegions(facts.rules);
  return { ...serializeDeal(deal, available, isClaimableWithoutEligibility(facts, partner, available)), translations: storedTranslations(deal.translations) };
}
