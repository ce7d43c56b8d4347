// Exact published enumeration strings (docs/api.md, Visibility and eligibility) and the conversion to the
// Prisma enum identifiers for the three enums whose values contain spaces or punctuation.
// The domain imports no Prisma type (eslint.config.mjs): the database identifiers are derived here
// from the published strings, the same rule the schema's enums follow (a test compares the two).

export const PARTNER_TYPES = [
  "VC fund",
  "Accelerator",
  "Incubator",
  "Startup program",
  "Coworking space",
  "University",
  "Student society",
  "Startup community",
  "B2B platform",
  "Agency or consultancy",
  "Influencer",
  "Event/Conference",
  "Media/Newsletter/Publisher",
  "Government",
  "Bank",
  "Other",
] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

/** In the enumeration's order: available_regions is returned in this order. */
export const AUDIENCE_REGIONS = [
  "North America",
  "South America",
  "Europe",
  "Middle East",
  "Asia",
  "Africa",
  "Oceania",
] as const;
export type AudienceRegion = (typeof AUDIENCE_REGIONS)[number];

export const USER_TYPES = [
  "Idea stage",
  "Early-stage startup",
  "Growth-stage startup",
  "Scale-up",
  "SME",
] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TIERS = ["free", "premium"] as const;
export const DEAL_TIERS = ["free", "premium"] as const;
/** What an admin is emailed about, and how: at once, in one daily digest, or not at all. */
export const NOTIFICATION_KINDS = ["inquiry", "codes_low", "access_request"] as const;
export const NOTIFICATION_MODES = ["instant", "digest", "off"] as const;
export const DEAL_TAGS = [
  "new",
  "featured",
  "exclusive",
  "popular",
  "premium",
  "free",
  "limited_time",
  "best_for_startups",
  "ending_soon",
] as const;
export const DEAL_STATUSES = ["draft", "live", "expired", "paused", "coming_soon"] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
export const DEAL_TYPES = ["servicepass", "partner_private"] as const;
export const DELIVERY_METHODS = ["hosted", "iframe", "api"] as const;
export const USER_ROLES = ["super_admin", "partner_admin", "user"] as const;
export const REDEMPTION_METHODS = ["url", "promo_code", "steps", "form", "unique_code", "inquiry"] as const;
export type RedemptionMethod = (typeof REDEMPTION_METHODS)[number];
export const RULE_TYPES = [
  "include_partner",
  "exclude_partner",
  "include_partner_type",
  "exclude_partner_type",
  "include_region",
  "exclude_region",
  "include_user_type",
  "exclude_user_type",
] as const;
export type RuleType = (typeof RULE_TYPES)[number];
export const EVENT_TYPES = [
  "deal_list_viewed",
  "deal_detail_viewed",
  "instructions_viewed",
  "redeem_url_clicked",
  "promo_code_copied",
  "unique_code_claimed",
  "deal_redeemed",
  "upgrade_cta_clicked",
  "deal_inquiry_submitted",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

// Eligibility vocabularies (docs/api.md, Visibility and eligibility).
export const ELIGIBILITY_VOCABULARIES = {
  customer_type: ["New customer", "Existing customer"],
  company_stage: ["Idea", "Pre-seed", "Seed", "Series A", "Series B", "Series C+"],
  company_size: ["1-10", "11-50", "51-200", "201-1000", "1000+"],
  business_type: ["B2B", "B2C", "B2B2C", "Marketplace", "Non-profit", "Agency"],
  incorporation: ["Incorporated", "Not incorporated"],
  funding: ["Bootstrapped", "Angel", "VC-backed", "Grant-funded"],
} as const;
export const ELIGIBILITY_DIMENSIONS = [
  "customer_type",
  "company_stage",
  "company_size",
  "business_type",
  "geography",
  "incorporation",
  "funding",
] as const;
export type EligibilityDimension = (typeof ELIGIBILITY_DIMENSIONS)[number];
/** Dimensions that resolve to the whole vocabulary when a member omits them. */
export const PERMISSIVE_DIMENSIONS = ["customer_type", "company_size", "incorporation"] as const;

// ---- Prisma identifier <-> published string ---------------------------------------------------
/** "Early-stage startup" → "Early_stage_startup": spaces, "/" and "-" become "_". */
type ReplaceAll<S extends string, C extends string> = S extends `${infer A}${C}${infer B}` ? `${A}_${ReplaceAll<B, C>}` : S;
export type DbIdentifier<S extends string> = ReplaceAll<ReplaceAll<ReplaceAll<S, " ">, "/">, "-">;
type DbAudienceRegion = DbIdentifier<AudienceRegion>;
type DbPartnerType = DbIdentifier<PartnerType>;
type DbUserType = DbIdentifier<UserType>;

function bimap<Api extends string, Db extends string>(values: readonly Api[]) {
  const toDbMap = new Map<string, Db>();
  const fromDbMap = new Map<string, Api>();
  for (const v of values) {
    const id = v.replace(/[ /-]/g, "_") as Db;
    toDbMap.set(v, id);
    fromDbMap.set(id, v);
  }
  return {
    toDb(v: Api): Db {
      const r = toDbMap.get(v);
      if (!r) throw new Error(`unknown enum value ${v}`);
      return r;
    },
    fromDb(v: Db): Api {
      const r = fromDbMap.get(v);
      if (!r) throw new Error(`unknown enum identifier ${v}`);
      return r;
    },
  };
}

export const partnerTypeMap = bimap<PartnerType, DbPartnerType>(PARTNER_TYPES);
export const regionMap = bimap<AudienceRegion, DbAudienceRegion>(AUDIENCE_REGIONS);
export const userTypeMap = bimap<UserType, DbUserType>(USER_TYPES);
