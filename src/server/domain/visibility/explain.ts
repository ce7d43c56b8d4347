// Why a deal is (not) visible, listed or claimable, as data: one reason code per cause. Nothing here
// decides on its own: every reason is read off the same engine functions /v1 uses
// (partnerHiding → decidePartnerRules, memberGateFailures, claimableBlockers, decideRegion,
// decideUserType), so an explanation can never disagree with the API. Codes: docs/decisions/visibility-reasons.md.
import type { AudienceRegion, DealStatus, EligibilityDimension, RuleType, UserType } from "@/server/domain/enums";
import { computeAvailableRegions, decideRegion, effectiveMemberRegions } from "./available-regions";
import { claimableBlockers } from "./claimable";
import { memberGateFailures } from "./member-access";
import { DEFAULT_LISTED_STATUSES, isListableStatus, partnerHiding } from "./partner-visibility";
import { NO_MATCH_HIDDEN, NO_MATCH_SHOWN, isShown, type PriorityDecision } from "./resolve-priority";
import { isIncludeRule, rulesOfDimension } from "./rule-dimensions";
import type { DealFacts, MemberContext, PartnerContext, VisibilityRuleInput } from "./types";
import { decideUserType } from "./user-type-gate";

/** A rule as a reason names it (rule_value is left out: partner rules may list other partners' ids). */
export type RuleRef = { id: string | null; rule_type: RuleType; priority: number };

/** How one value (a region, a user type) was decided: by a rule, or by no rule matching. */
type ValueDecision<V extends string> = { value: V; rule: RuleRef | null; included: boolean };

export type VisibilityReason =
  | { code: "draft" }
  | { code: `status:${Exclude<DealStatus, "draft" | "live" | "coming_soon">}`; status: DealStatus }
  | { code: "inactive" }
  | { code: "hidden_globally" }
  /** The partner chose "Hide from my members" for this shared deal. */
  | { code: "hidden_by_partner" }
  /** Hidden from the API channel (GET /v1/deals) only; the hosted app and widget still show it. */
  | { code: "api_excluded"; hidden_in: readonly ["api"]; shown_in: readonly ["hosted"] }
  | { code: "ended"; end_date: string | null }
  | { code: "other_partner_private" }
  | { code: "partner_rule"; rule: RuleRef }
  | { code: "partner_include_missing"; include_rules: RuleRef[] }
  | { code: "coming_soon" }
  | { code: "tier"; deal_tier: "premium"; member_tier: "free" }
  | {
      code: "region";
      /** undefined: all regions (never the case for this reason); [] : no region. */
      available_regions: AudienceRegion[];
      /** The regions evaluated: the member's, or the partner account's as their default. */
      regions: readonly AudienceRegion[];
      regions_from: "member" | "partner";
      /** How each evaluated region was decided. */
      decisions: ValueDecision<AudienceRegion>[];
    }
  | { code: "user_type"; user_types: readonly UserType[]; decisions: ValueDecision<UserType>[]; include_rules: RuleRef[] }
  | { code: `eligibility:${EligibilityDimension}`; dimension: EligibilityDimension; required: readonly string[]; held: readonly string[] };

/** Flags of a deal row the engine's DealFacts do not carry (the catalogue filters on them). */
export type DealListingFacts = DealFacts & {
  active: boolean;
  hidden_globally: boolean;
  api_excluded: boolean;
  end_date: string | null;
  /** end_date passed (services/deals/catalogue isWithinDates: the one place that rule lives). */
  ended: boolean;
};

export type ExplainOptions = {
  /** "api" (GET /v1/deals, default) or "hosted" (the hosted app, which shows api_excluded deals). */
  channel?: "api" | "hosted";
  /** The status filter of the listing (default: live, coming_soon, as GET /v1/deals). */
  statuses?: readonly DealStatus[];
  /** The partner hid this shared deal from its members (a partner setting, not a deal fact). */
  hiddenByPartner?: boolean;
};

export type DealExplanation = {
  /** In the partner's listing for the channel and statuses: exactly when `hidden_by` is empty. */
  visible: boolean;
  hidden_by: VisibilityReason[];
  available_regions: AudienceRegion[] | undefined;
  /** claimable_without_eligibility, and why not (coming_soon, eligibility:<dim>, region). */
  claimable: boolean;
  not_claimable_because: VisibilityReason[];
};

type MemberDealExplanation = DealExplanation & {
  /** In GET /v1/deals?user_id= for this member: `visible` and no member gate (coming_soon excepted). */
  listed_for_member: boolean;
  /** hidden_by plus the member gates that remove it from the member's list. */
  hidden_for_member_by: VisibilityReason[];
  /** Member gates that refuse instructions (403 not_eligible), coming_soon included. */
  locked_by: VisibilityReason[];
};

const ruleRef = (r: VisibilityRuleInput): RuleRef => ({ id: r.id ?? null, rule_type: r.rule_type, priority: r.priority });

function valueDecision<V extends string>(value: V, d: PriorityDecision<VisibilityRuleInput>): ValueDecision<V> {
  return { value, rule: d === NO_MATCH_HIDDEN || d === NO_MATCH_SHOWN ? null : ruleRef(d), included: isShown(d) };
}

/** Reasons that hide the deal from the partner's listing, whatever the member. */
function listingReasons(deal: DealListingFacts, partner: PartnerContext, opts: ExplainOptions): VisibilityReason[] {
  const out: VisibilityReason[] = [];
  const statuses = opts.statuses ?? DEFAULT_LISTED_STATUSES;
  if (!isListableStatus(deal.status)) out.push({ code: "draft" });
  else if (!statuses.includes(deal.status)) {
    out.push({ code: `status:${deal.status as "paused" | "expired"}`, status: deal.status });
  }
  if (!deal.active) out.push({ code: "inactive" });
  if (deal.hidden_globally) out.push({ code: "hidden_globally" });
  if (opts.hiddenByPartner) out.push({ code: "hidden_by_partner" });
  if (deal.api_excluded && (opts.channel ?? "api") === "api") out.push({ code: "api_excluded", hidden_in: ["api"], shown_in: ["hosted"] });
  if (deal.ended) out.push({ code: "ended", end_date: deal.end_date });
  const hiding = partnerHiding(deal, partner);
  if (hiding?.kind === "other_partner_private") out.push({ code: "other_partner_private" });
  else if (hiding?.kind === "partner_rule") out.push({ code: "partner_rule", rule: ruleRef(hiding.rule) });
  else if (hiding?.kind === "partner_include_missing") out.push({ code: "partner_include_missing", include_rules: hiding.includeRules.map(ruleRef) });
  return out;
}

function regionReason(deal: DealFacts, available: AudienceRegion[], regions: readonly AudienceRegion[], from: "member" | "partner"): VisibilityReason {
  const regionRules = rulesOfDimension(deal.rules, "region");
  return {
    code: "region",
    available_regions: available,
    regions,
    regions_from: from,
    decisions: regions.map((r) => valueDecision(r, decideRegion(regionRules, r))),
  };
}

function claimableReasons(deal: DealFacts, partner: PartnerContext, available: AudienceRegion[] | undefined): VisibilityReason[] {
  return claimableBlockers(deal, partner, available).map((b): VisibilityReason => {
    if (b === "coming_soon") return { code: "coming_soon" };
    if (b === "region") return regionReason(deal, available ?? [], partner.regions, "partner");
    const dimension = b.slice("eligibility:".length) as EligibilityDimension;
    return { code: b, dimension, required: deal.eligibility[dimension], held: [] };
  });
}

/** For a deal and a partner: visible in the partner's listing? claimable? and why not. */
export function explainDeal(deal: DealListingFacts, partner: PartnerContext, opts: ExplainOptions = {}): DealExplanation {
  const hidden = listingReasons(deal, partner, opts);
  const available = computeAvailableRegions(deal.rules);
  const blockers = claimableReasons(deal, partner, available);
  return { visible: hidden.length === 0, hidden_by: hidden, available_regions: available, claimable: blockers.length === 0, not_claimable_because: blockers };
}

/** The member gates as reasons (memberGateFailures, all of them), with their details. */
function memberReasons(deal: DealFacts, partner: PartnerContext, member: MemberContext, ignoreComingSoon: boolean): VisibilityReason[] {
  return memberGateFailures(deal, partner, member, { ignoreComingSoon }).map((code): VisibilityReason => {
    switch (code) {
      case "coming_soon":
        return { code };
      case "tier":
        return { code, deal_tier: "premium", member_tier: "free" };
      case "region": {
        const from = member.regions.length > 0 ? "member" : "partner";
        return regionReason(deal, computeAvailableRegions(deal.rules) ?? [], effectiveMemberRegions(member, partner), from);
      }
      case "user_type": {
        const typeRules = rulesOfDimension(deal.rules, "user_type");
        return {
          code,
          user_types: member.user_types,
          decisions: member.user_types.map((t) => valueDecision(t, decideUserType(typeRules, t))),
          include_rules: typeRules.filter(isIncludeRule).map(ruleRef),
        };
      }
      default: {
        const dimension = code.slice("eligibility:".length) as EligibilityDimension;
        return { code, dimension, required: deal.eligibility[dimension], held: member.eligibility[dimension] };
      }
    }
  });
}

/**
 * For a deal, a partner and one of its members (a real one, or a described one built like
 * memberContext): the partner-level explanation plus whether GET /v1/deals?user_id= lists it for
 * the member and whether the member could get instructions, with every reason.
 */
export function explainDealForMember(
  deal: DealListingFacts,
  partner: PartnerContext,
  member: MemberContext,
  opts: ExplainOptions = {},
): MemberDealExplanation {
  const base = explainDeal(deal, partner, opts);
  const listGates = memberReasons(deal, partner, member, true);
  const hiddenForMember = [...base.hidden_by, ...listGates];
  return {
    ...base,
    listed_for_member: hiddenForMember.length === 0,
    hidden_for_member_by: hiddenForMember,
    locked_by: memberReasons(deal, partner, member, false),
  };
}

/**
 * Why this member cannot redeem the deal, with its details (the first gate checkMemberAccess would
 * name), or null. For the hosted app's lock texts: call it only for a deal checkMemberAccess refused.
 */
export function explainMemberLock(deal: DealFacts, partner: PartnerContext, member: MemberContext): VisibilityReason | null {
  return memberReasons(deal, partner, member, false)[0] ?? null;
}
