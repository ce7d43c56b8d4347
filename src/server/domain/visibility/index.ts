// Visibility and eligibility engine: pure functions, no database, no I/O (contract §3 and §4).
export type {
  AccessDenialReason,
  AccessResult,
  DealEvaluation,
  DealFacts,
  DealTier,
  DealType,
  EligibilityMap,
  MemberContext,
  PartnerContext,
  RuleDimension,
  UserTier,
  VisibilityRuleInput,
} from "./types";
export { RULE_DIMENSION, isIncludeRule, rulesOfDimension } from "./rule-dimensions";
export { resolveByPriority } from "./resolve-priority";
export {
  DEFAULT_LISTED_STATUSES,
  isDealVisibleToPartner,
  isListableStatus,
  partnerRuleMatches,
  resolvePartnerRules,
} from "./partner-visibility";
export { computeAvailableRegions, effectiveMemberRegions, regionsAllow } from "./available-regions";
export { passesUserTypeGate } from "./user-type-gate";
export {
  defaultEligibilityValue,
  defaultMemberEligibility,
  firstFailingEligibilityDimension,
  passesEligibilityDimension,
  withDefaultEligibility,
} from "./eligibility-gate";
export { defaultMember, isClaimableWithoutEligibility } from "./claimable";
export { checkMemberAccess, isTierBlocked, isVisibleToMemberInList } from "./member-access";
export { evaluateDealForPartner } from "./evaluate-deal";
