// The activity log: who changed what, written by every module's operations and read by the portal.
// Code outside the module imports from here only.
export { exportActivity, listActivity, listActivityFilters } from "./list-activity";
export { type ActivityActor, activityActorOf, type ActivityEntry, recordActivity } from "./record-activity";
