// Idempotency records of /v1 writes (Idempotency-Key).
// Code outside the module imports from here only.
export { beginIdempotentRequest, idempotencyHeartbeatMs } from "./begin-idempotent-request";
export { completeIdempotentRequest, releaseIdempotentRequest, touchIdempotentRequest } from "./complete-idempotent-request";
export { purgeExpiredIdempotencyRecords } from "./purge-expired-idempotency-records";
