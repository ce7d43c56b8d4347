// Partner dimension and ownership: may this partner see the deal at all?
import type { DealStatus } from "@/server/domain/enums";
import { NO_MATCH_HIDDEN, NO_MATCH_SHOWN, decideByPriority, isShown, resolveByPriority, type PriorityDecision } from "./resolve-priority";
import { isIncludeRule, rulesOfDimension } from "./rule-dimensions";
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

/** The partner dimension alone, as a decision: the rule that decided, or why none did. */
function decidePartnerRules<R extends VisibilityRuleInput>(
  rules: readonly R[],
  partner: Pick<PartnerContext, "id" | "type">,
): PriorityDecision<R> {
  return decideByPriority(rulesOfDimension(rules, "partner"), (r) => partnerRuleMatches(r, partner));
}

/** The partner dimension alone: partner-id and partner-type rules form one dimension. */
export function resolvePartnerRules(
  rules: readonly VisibilityRuleInput[],
  partner: Pick<PartnerContext, "id" | "type">,
): boolean {
  return resolveByPriority(rulesOfDimension(rules, "partner"), (r) => partnerRuleMatches(r, partner));
}

/** Why a deal is hidden from a partner (ownership or partner dimension), or null when visible. */
type PartnerHiding<R extends VisibilityRuleInput = VisibilityRuleInput> =
  | { kind: "other_partner_private" }
  | { kind: "partner_rule"; rule: R }
  | { kind: "partner_include_missing"; includeRules: R[] };

export function partnerHiding<R extends VisibilityRuleInput>(
  deal: Pick<DealFacts, "deal_type" | "owner_partner_id"> & { rules: readonly R[] },
  partner: Pick<PartnerContext, "id" | "type">,
): PartnerHiding<R> | null {
  if (deal.deal_type === "partner_private") {
    return isOwnedBy(deal, partner) ? null : { kind: "other_partner_private" };
  }
  const decision = decidePartnerRules(deal.rules, partner);
  if (isShown(decision)) return null;
  if (decision === NO_MATCH_HIDDEN) {
    return { kind: "partner_include_missing", includeRules: rulesOfDimension(deal.rules, "partner").filter(isIncludeRule) };
  }
  if (decision === NO_MATCH_SHOWN) return null; // unreachable: NO_MATCH_SHOWN is shown
  return { kind: "partner_rule", rule: decision };
}

function isOwnedBy(deal: Pick<DealFacts, "owner_partner_id">, partner: Pick<PartnerContext, "id">): boolean {
  return deal.owner_partner_id !== null && deal.owner_partner_id === partner.id;
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
  if (deal.deal_type === "partner_private") return isOwnedBy(deal, partner);
  return resolvePartnerRules(deal.rules, partner);
}
