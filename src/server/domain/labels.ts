// How the portal names enum values to people: "Include regions" for include_region, "Limited time"
// for limited_time. The wire keeps the codes (docs/api.md); screens show these. Pure, no server
// imports, so client components use it too.
import type { DealStatus, RedemptionMethod, RuleType } from "./enums";

export const RULE_TYPE_LABELS: Record<RuleType, string> = {
  include_partner: "Include partners",
  exclude_partner: "Exclude partners",
  include_partner_type: "Include partner types",
  exclude_partner_type: "Exclude partner types",
  include_region: "Include regions",
  exclude_region: "Exclude regions",
  include_user_type: "Include user types",
  exclude_user_type: "Exclude user types",
};

export const DEAL_TAG_LABELS: Record<string, string> = {
  new: "New",
  featured: "Featured",
  exclusive: "Exclusive",
  popular: "Popular",
  premium: "Premium",
  free: "Free",
  limited_time: "Limited time",
  best_for_startups: "Best for startups",
  ending_soon: "Ending soon",
};

export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  draft: "Draft",
  live: "Live",
  expired: "Expired",
  paused: "Paused",
  coming_soon: "Coming soon",
};

export const TIER_LABELS: Record<string, string> = { free: "Free", premium: "Premium" };

export const REQUEST_STATUS_LABELS: Record<string, string> = { pending: "Pending", approved: "Approved", declined: "Declined", withdrawn: "Withdrawn" };

export const REDEMPTION_METHOD_LABELS: Record<RedemptionMethod, string> = {
  url: "Link",
  promo_code: "Promo code",
  steps: "Steps",
  form: "Form",
  unique_code: "Unique codes",
  inquiry: "Inquiry",
};

const TABLES = [RULE_TYPE_LABELS, DEAL_TAG_LABELS, DEAL_STATUS_LABELS, TIER_LABELS, REDEMPTION_METHOD_LABELS] as Record<string, string>[];

/** A label from one table, or the code in words ("some_value" → "Some value") when it has none. */
export function labelOf(table: Record<string, string>, value: string): string {
  return table[value] ?? humanizeCode(value);
}

/** Any enum code in words: "limited_time" → "Limited time" (the tables first, then the fallback). */
export function humanizeCode(value: string): string {
  for (const t of TABLES) if (t[value]) return t[value];
  const words = value.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
