// Visibility and eligibility engine: pure functions, no database, no I/O (docs/api.md, Deals and
// Visibility and eligibility). This is its face: only what code outside the folder uses.
export type {
  AccessDenialReason,
  DealFacts,
  EligibilityMap,
  MemberContext,
  PartnerContext,
  VisibilityRuleInput,
} from "./types";
export { rulesOfDimension } from "./rule-dimensions";
export { DEFAULT_LISTED_STATUSES, isDealVisibleToPartner, resolvePartnerRules } from "./partner-visibility";
export { computeAvailableRegions } from "./available-regions";
export { withDefaultEligibility } from "./eligibility-gate";
export { isClaimableWithoutEligibility } from "./claimable";
export { checkMemberAccess, isVisibleToMemberInList } from "./member-access";
export { explainDeal, explainDealForMember, explainMemberLock, type DealExplanation, type DealListingFacts, type VisibilityReason } from "./explain";
export { describeReason } from "./describe-reason";
export { memberLockText, memberLockTitle, type MemberLock } from "./reason-words";
export { describeRuleSet } from "./describe-rule-set";
