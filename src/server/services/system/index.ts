// The process's own state (database reachability for /healthz).
// Code outside the module imports from here only.
export { checkHealth, checkReplicas, type Health } from "./check-health";
export { getOperationalStats } from "./get-operational-stats";
export { checkKeyHashes, type KeyHashCheck } from "./check-key-hashes";
