// Input and output shapes of the visibility / eligibility engine. Plain objects with the published
// (API-style) strings, never Prisma types: callers map rows to these before evaluating.
import type {
  AudienceRegion,
  DealStatus,
  EligibilityDimension,
  PartnerType,
  RuleType,
  UserType,
} from "@/server/domain/enums";

export type DealType = "servicepass" | "partner_private";
type DealTier = "free" | "premium";
type UserTier = "free" | "premium";

/** A visibility rule as published (VisibilityRule resource). */
export interface VisibilityRuleInput {
  id?: string;
  rule_type: RuleType;
  rule_value: readonly string[];
  priority: number;
}

/** The three rule dimensions of docs/api.md, Visibility and eligibility. */
export type RuleDimension = "partner" | "region" | "user_type";

/** One array per eligibility dimension (deal requirements or member attributes). */
export type EligibilityMap = Readonly<Record<EligibilityDimension, readonly string[]>>;

/** The calling partner, as far as visibility is concerned. */
export interface PartnerContext {
  id: string;
  type: PartnerType;
  /** The partner account's regions (the region default of its members). */
  regions: readonly AudienceRegion[];
  freemium_enabled: boolean;
}

/** The facts of a deal that visibility and eligibility depend on. */
export interface DealFacts {
  deal_type: DealType;
  owner_partner_id: string | null;
  status: DealStatus;
  tier: DealTier;
  eligibility: EligibilityMap;
  /** All of the deal's rules, any dimension, in any order. */
  rules: readonly VisibilityRuleInput[];
}

/** A member (User with role user), as far as visibility is concerned. */
export interface MemberContext {
  tier: UserTier;
  user_types: readonly UserType[];
  regions: readonly AudienceRegion[];
  eligibility: EligibilityMap;
}

/** Reason codes of 403 not_eligible (docs/api.md, Deals), exactly. */
export type AccessDenialReason =
  | "coming_soon"
  | "tier"
  | "region"
  | "user_type"
  | `eligibility:${EligibilityDimension}`;

export type AccessResult = { ok: true } | { ok: false; reason: AccessDenialReason };

/** Per-partner evaluation of a deal, as GET /v1/deals needs it. */
export interface DealEvaluation {
  /** Partner dimension and ownership only (status not considered). */
  visible_to_partner: boolean;
  /** visible_to_partner and a status that may ever appear in GET /v1/deals (not draft). */
  listable: boolean;
  /** undefined = field omitted = all regions; [] = redeemable nowhere. */
  available_regions: AudienceRegion[] | undefined;
  claimable_without_eligibility: boolean;
}
