// A visibility reason in words, for the portal (the catalogue's "why", the member preview). Pure:
// the decision was already made by the engine (explain.ts); this only phrases it. Who a member gate
// admits is worded by reason-words.ts, the same words the hosted app shows members. No API paths:
// these are read on non-developer pages.
import { RULE_TYPE_LABELS } from "@/server/domain/labels";
import type { RuleRef, VisibilityReason } from "./explain";
import { countryName, dimensionWords, eligibilityAudience, joinOr } from "./reason-words";

const list = (xs: readonly string[], none = "none") => (xs.length === 0 ? none : joinOr(xs, "and"));

function describeRule(rule: RuleRef): string {
  return `the rule “${RULE_TYPE_LABELS[rule.rule_type] ?? rule.rule_type}” (priority ${rule.priority})`;
}

/** One sentence per reason; `who` is "the member" in a preview, "a member" in the catalogue. */
export function describeReason(reason: VisibilityReason, who = "the member"): string {
  switch (reason.code) {
    case "draft":
      return "Draft: not published yet; members never see drafts.";
    case "status:paused":
    case "status:expired":
      return `${reason.status === "paused" ? "Paused" : "Expired"}: members see live and coming-soon deals only.`;
    case "inactive":
      return "Inactive: switched off by Perkway, no partner sees it.";
    case "hidden_globally":
      return "Hidden globally by Perkway: no partner sees it.";
    case "hidden_by_partner":
      return "Hidden by you: you chose to hide this shared deal from your members (Show again brings it back).";
    case "api_excluded":
      return "Kept out of your API: your own app does not get it, your hosted app and widget still show it.";
    case "ended":
      return `Ended: its end date (${reason.end_date}) has passed.`;
    case "other_partner_private":
      return "Another partner's private deal.";
    case "partner_rule":
      return `Hidden by ${describeRule(reason.rule)}: it matches your partner${reason.rule.rule_type.endsWith("_type") ? " type" : ""} and outranks every other matching rule.`;
    case "partner_include_missing":
      return `Hidden: the deal is shown only to the partners its include rules name (${reason.include_rules.map(describeRule).join("; ")}), and none names your partner or partner type.`;
    case "coming_soon":
      return "Coming soon: listed, but cannot be redeemed until it goes live.";
    case "tier":
      return `Premium deal: free members cannot redeem it while freemium is on; ${who} is on the free tier.`;
    case "region": {
      const where = reason.available_regions.length === 0 ? "no region (its region rules include none)" : joinOr(reason.available_regions);
      const whose = reason.regions_from === "member" ? `${who}'s regions` : `your account's regions (${who === "the member" ? "the member has none, so these apply" : "the default of members without regions"})`;
      const decided = reason.decisions
        .map((d) => `${d.value}: ${d.rule ? `excluded by ${describeRule(d.rule)}` : "not named by any include rule"}`)
        .join("; ");
      return `Region: available only in ${where}; ${whose}: ${list(reason.regions)}.${decided ? ` ${decided}.` : ""}`;
    }
    case "user_type": {
      if (reason.user_types.length === 0) {
        return `User type: the deal is limited by include rules (${reason.include_rules.map(describeRule).join("; ")}) and ${who} has no user type.`;
      }
      const decided = reason.decisions.map((d) => `${d.value}: ${d.rule ? `excluded by ${describeRule(d.rule)}` : "not named by any include rule"}`).join("; ");
      return `User type: none of ${who}'s user types is included (${decided}).`;
    }
    default: {
      const words = dimensionWords(reason.dimension);
      const held = reason.dimension === "geography" ? reason.held.map(countryName) : reason.held;
      const has = held.length === 0 ? `${who} has no ${words} in their profile` : `${who}'s ${words}: ${list(held)}`;
      return `Available to ${eligibilityAudience(reason.dimension, reason.required)}; ${has}.`;
    }
  }
}
