// Partner dimension and ownership: may this partner see the deal at all?
import type { DealStatus } from "@/server/domain/enums";
import { resolveByPriority } from "./resolve-priority";
import { rulesOfDimension } from "./rule-dimensions";
import type { DealFacts, PartnerContext, VisibilityRuleInput } from "./types";

/** Statuses GET /v1/deals returns when no status filter is given. */
export const DEFAULT_LISTED_STATUSES: readonly DealStatus[] = ["live", "coming_soon"];

/** Statuses a deal may ever be listed with in GET /v1/deals (the status filter never admits draft). */
export function isListableStatus(status: DealStatus): boolean {
  return status !== "draft";
}

/** Does a partner-dimension rule match the partner (by id or by partner type)? */
export function partnerRuleMatches(rule: VisibilityRuleInput, partner: Pick<PartnerContext, "id" | "type">): boolean {
  switch (rule.rule_type) {
    case "include_partner":
    case "exclude_partner":
      return rule.rule_value.includes(partner.id);
    case "include_partner_type":
    case "exclude_partner_type":
      return rule.rule_value.includes(partner.type);
    default:
      return false;
  }
}

/** The partner dimension alone: partner-id and partner-type rules form one dimension. */
export function resolvePartnerRules(
  rules: readonly VisibilityRuleInput[],
  partner: Pick<PartnerContext, "id" | "type">,
): boolean {
  return resolveByPriority(rulesOfDimension(rules, "partner"), (r) => partnerRuleMatches(r, partner));
}

/**
 * Ownership and partner dimension; status is NOT considered (see isListableStatus: the caller
 * filters draft out of GET /v1/deals, while the partner-deal endpoints do show drafts).
 * - partner_private: visible only to its owner. Partner rules are not applied to it: the owner is
 *   the only partner that could ever see it, and a rule hiding a deal from its own owner has no use.
 * - servicepass: visible to every partner unless the partner rules hide it.
 */
export function isDealVisibleToPartner(
  deal: Pick<DealFacts, "deal_type" | "owner_partner_id" | "rules">,
  partner: Pick<PartnerContext, "id" | "type">,
): boolean {
  if (deal.deal_type === "partner_private") {
    return deal.owner_partner_id !== null && deal.owner_partner_id === partner.id;
  }
  return resolvePartnerRules(deal.rules, partner);
}
