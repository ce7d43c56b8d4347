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
export { NO_MATCH_HIDDEN, NO_MATCH_SHOWN, decideByPriority, isShown, resolveByPriority, type PriorityDecision } from "./resolve-priority";
export {
  DEFAULT_LISTED_STATUSES,
  isDealVisibleToPartner,
  isListableStatus,
  decidePartnerRules,
  partnerHiding,
  partnerRuleMatches,
  resolvePartnerRules,
  type PartnerHiding,
} from "./partner-visibility";
export { computeAvailableRegions, decideRegion, effectiveMemberRegions, regionsAllow } from "./available-regions";
export { decideUserType, passesUserTypeGate } from "./user-type-gate";
export {
  defaultEligibilityValue,
  defaultMemberEligibility,
  eligibilityFailures,
  failingEligibilityDimensions,
  firstFailingEligibilityDimension,
  passesEligibilityDimension,
  withDefaultEligibility,
} from "./eligibility-gate";
export { claimableBlockers, defaultMember, isClaimableWithoutEligibility, type ClaimableBlocker } from "./claimable";
export { checkMemberAccess, isTierBlocked, isVisibleToMemberInList, memberGateFailures } from "./member-access";
export { evaluateDealForPartner } from "./evaluate-deal";
export {
  explainDeal,
  explainDealForMember,
  explainMemberLock,
  type DealExplanation,
  type DealListingFacts,
  type ExplainOptions,
  type MemberDealExplanation,
  type ReasonCode,
  type RuleRef,
  type ValueDecision,
  type VisibilityReason,
} from "./explain";
export { describeReason } from "./describe-reason";
export { eligibilityAudience, memberLockText, memberLockTitle, type MemberLock } from "./reason-words";
export { describeRuleSet } from "./describe-rule-set";
