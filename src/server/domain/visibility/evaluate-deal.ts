// Everything GET /v1/deals needs about one deal for one partner, in one call.
import { computeAvailableRegions } from "./available-regions";
import { isClaimableWithoutEligibility } from "./claimable";
import { isDealVisibleToPartner, isListableStatus } from "./partner-visibility";
import type { DealEvaluation, DealFacts, PartnerContext } from "./types";

export function evaluateDealForPartner(deal: DealFacts, partner: PartnerContext): DealEvaluation {
  const visible = isDealVisibleToPartner(deal, partner);
  const available = computeAvailableRegions(deal.rules);
  return {
    visible_to_partner: visible,
    listable: visible && isListableStatus(deal.status),
    available_regions: available,
    claimable_without_eligibility: isClaimableWithoutEligibility(deal, partner, available),
  };
}
