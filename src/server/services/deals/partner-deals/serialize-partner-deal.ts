// A partner deal as a Deal, with available_regions and claimable_without_eligibility for it.
import { db } from "@/server/db/client";
import { computeAvailableRegions, isClaimableWithoutEligibility, type PartnerContext } from "@/server/domain/visibility";
import type { DealDto } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { dealFacts, partnerContext, partnerContextSelect, type DealRecord } from "@/server/services/deals/deal-record";
import { serializeDeal } from "@/server/services/deals/serialize-deal";

export async function loadPartnerContext(scope: PartnerScope): Promise<PartnerContext> {
  return partnerContext(await db.partner.findUniqueOrThrow({ where: { id: scope.partnerId }, select: partnerContextSelect }));
}

export function serializePartnerDeal(deal: DealRecord, partner: PartnerContext): DealDto {
  const facts = dealFacts(deal);
  const available = computeAvailableRegions(facts.rules);
  return serializeDeal(deal, available, isClaimableWithoutEligibility(facts, partner, available));
}
