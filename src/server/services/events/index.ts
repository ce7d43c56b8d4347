// The events module: member events (validation, writing, rollups, pruning), the redemption records
// events and redemptions leave (one per member and deal), and the analytics read from events.
// Code outside the module imports from here only.
export { getRedemptionFunnel } from "./analytics/funnel";
export { EST_VALUE_CURRENCY } from "./analytics/get-roi-report";
export { getAnalyticsSummary } from "./analytics/get-analytics-summary";
export { getDailyEventCounts } from "./analytics/get-daily-event-counts";
export { getEventTypeCounts } from "./analytics/get-event-type-counts";
export { getPortalSummary } from "./analytics/get-portal-summary";
export { getRedemptionCounts, type RedemptionCounts } from "./analytics/get-redemption-counts";
export { getOnboardingStatus } from "./analytics/get-onboarding-status";
export { getUniqueMemberCounts, type UniqueMemberCounts } from "./analytics/get-unique-member-counts";
export { getRoiReport } from "./analytics/get-roi-report";
export { getDigestFigures } from "./analytics/get-digest-figures";
export { listPartnerFigures } from "./analytics/list-partner-figures";
export {
  ensureEventPartitions,
  EVENT_PARTITION_MONTHS_AHEAD,
  listEventPartitions,
  startEventPartitionKeeper,
  type EventPartitionKeeper,
} from "./event-partitions";
export { isClientEventType, recordHostedEvents } from "./hosted-events";
export { insertEvents, type NewEvent } from "./insert-events";
export { drainEventsBehind, insertEventsBehind } from "./write-events-behind";
export { pruneEvents } from "./prune-events";
export { rebuildEventRollups } from "./rebuild-event-rollups";
export { findRedemption, recordRedemptions, type RedemptionRow, serializeRedemption } from "./record-redemption";
export { trackEvents } from "./track-events";
