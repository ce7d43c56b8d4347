// Access requests: members asking for approval_required deals, people asking to become members.
export { requestDealAccess } from "./request-deal-access";
export { listAccessRequests } from "./list-access-requests";
export { getAccessRequest } from "./get-access-request";
export { decideAccessRequest, decideAccessRequests, type AccessDecision } from "./decide-access-request";
export { serializeAccessRequest } from "./access-request-scope";
