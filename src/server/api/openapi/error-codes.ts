// Error codes shared by many endpoints (the plumbing's), with their status. Endpoint-specific codes
// are listed in each route's `docs.errorCodes`; codes not in this table are placed by their name
// (`*_not_found` → 404) or listed under the endpoint's description.
export const SHARED_ERROR_CODES: Record<string, { status: number; meaning: string }> = {
  body_invalid: { status: 400, meaning: "The body is missing, not JSON, or not an object (POST /v1/authentications: also wrong or missing fields)" },
  parameter_missing: { status: 400, meaning: "A required field or query parameter is missing (`param` names it)" },
  parameter_invalid: { status: 400, meaning: "A field or query parameter has a wrong type or value (`param` names it)" },
  unknown_parameter: { status: 400, meaning: "A field or query parameter the endpoint does not know (`param` names it)" },
  idempotency_key_invalid: { status: 400, meaning: "Idempotency-Key is empty, longer than 255 characters or not printable ASCII" },
  authentication_required: { status: 401, meaning: "No Authorization header" },
  token_invalid: { status: 401, meaning: "The bearer token is malformed, tampered with, signed with another key or algorithm, meant for another audience, or not a partner token" },
  token_expired: { status: 401, meaning: "The bearer token has expired: get a new one from POST /v1/authentications" },
  invalid_credentials: { status: 401, meaning: "The key pair does not match an active key pair" },
  partner_inactive: { status: 403, meaning: "The partner account is deactivated" },
  route_not_found: { status: 404, meaning: "No endpoint at this path" },
  method_not_allowed: { status: 405, meaning: "The path exists but not with this method (see the Allow header)" },
  idempotency_key_reused: { status: 409, meaning: "The Idempotency-Key was used with a different request in the last 24 hours" },
  idempotency_request_in_progress: { status: 409, meaning: "A request with this Idempotency-Key is still running: retry shortly" },
  resource_conflict: { status: 409, meaning: "A resource with the same unique value already exists" },
  body_too_large: { status: 413, meaning: "The body is larger than 1 MiB" },
  unsupported_media_type: { status: 415, meaning: "A body was sent without Content-Type: application/json" },
  rate_limited: { status: 429, meaning: "Too many requests: wait Retry-After seconds" },
  internal_error: { status: 500, meaning: "A failure on our side; retry later and quote the request id if it persists" },
};

/** Endpoint codes the contract names (or that endpoints use), with their status, so that a route
 *  only has to list its codes in `docs.errorCodes` to get the right error responses documented. */
export const ENDPOINT_ERROR_STATUS: Record<string, number> = {
  user_identifier_required: 400,
  not_eligible: 403,
  codes_exhausted: 409,
  deal_changed: 409,
  deal_not_draft: 409,
  deal_not_redeemable: 409,
  invalid_status_transition: 409,
  rollup_history_pruned: 409,
  deal_incomplete: 422,
};

export function statusOfErrorCode(code: string): number | null {
  const known = SHARED_ERROR_CODES[code]?.status ?? ENDPOINT_ERROR_STATUS[code];
  if (known) return known;
  if (code.endsWith("_not_found")) return 404;
  if (code.endsWith("_taken")) return 409;
  return null;
}
