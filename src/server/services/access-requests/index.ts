// Access requests: members asking for approval_required deals, people asking to become members.
export { requestDealAccess, type DealAccessRequestOutcome } from "./request-deal-access";
export { listAccessRequests } from "./list-access-requests";
export { getAccessRequest } from "./get-access-request";
export { decideAccessRequest, decideAccessRequests, type AccessDecision, type DecisionActor, type BulkDecisionResult } from "./decide-access-request";
export { serializeAccessRequest, findAccessRequestOrThrow } from "./access-request-scope";
