// The one registry of error codes: each stable code with its HTTP status, its tRPC code and what it
// means. The HTTP error body (src/server/http/error-response.ts) takes the status from the AppError,
// which a test keeps equal to this table (test/rest/error-codes.test.ts scans every `new AppError`);
// the tRPC formatter (src/server/trpc/error-formatter.ts), the OpenAPI document's error lists
// (src/server/rest/openapi) and docs/api.md's error tables (checked by the same test) read it.
// Adding a code: add it here, throw `new AppError(code, message)`, list it in the route's
// `docs.errorCodes` and in docs/api.md when /v1 can answer it.

/** tRPC's error code keys (the ones we use); kept as strings so this module imports no transport. */
type TrpcErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_SUPPORTED"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNPROCESSABLE_CONTENT"
  | "PRECONDITION_FAILED"
  | "TOO_MANY_REQUESTS"
  | "INTERNAL_SERVER_ERROR"
  | "SERVICE_UNAVAILABLE";

/** Each HTTP status we answer with → the tRPC code. tRPC has no "Gone": 410 (a used or expired
 *  magic link) is NOT_FOUND there, with `data.appCode` saying which. 431 only exists on the wire. */
export const TRPC_CODE_BY_STATUS = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  410: "NOT_FOUND",
  412: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  431: "PAYLOAD_TOO_LARGE",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
} as const satisfies Record<number, TrpcErrorCode>;

type ErrorStatus = keyof typeof TRPC_CODE_BY_STATUS;

type ErrorCodeInfo = {
  status: ErrorStatus;
  /** Where the code can come from: every /v1 endpoint's plumbing ("shared"), one or a few /v1
   *  endpoints ("endpoint"), or only the portal, hosted app and CLI ("app", not in docs/api.md). */
  scope: "shared" | "endpoint" | "app";
  meaning: string;
};

const shared = (status: ErrorStatus, meaning: string): ErrorCodeInfo => ({ status, scope: "shared", meaning });
const endpoint = (status: ErrorStatus, meaning: string): ErrorCodeInfo => ({ status, scope: "endpoint", meaning });
const app = (status: ErrorStatus, meaning: string): ErrorCodeInfo => ({ status, scope: "app", meaning });

export const ERROR_CODES = {
  // ---- plumbing of every /v1 endpoint
  body_invalid: shared(400, "The body is missing, not JSON, or not an object (POST /v1/authentications: also wrong or missing fields)"),
  parameter_missing: shared(400, "A required field or query parameter is missing (`param` names it)"),
  parameter_invalid: shared(400, "A field or query parameter has a wrong type or value (`param` names it)"),
  unknown_parameter: shared(400, "A field or query parameter the endpoint does not know (`param` names it)"),
  idempotency_key_invalid: shared(400, "Idempotency-Key is empty, longer than 255 characters or not printable ASCII"),
  host_invalid: shared(400, "The Host header is not a host name with an optional port"),
  request_invalid: shared(400, "The bytes are not an HTTP/1.1 request we can parse"),
  authentication_required: shared(401, "No Authorization header"),
  token_invalid: shared(401, "The bearer token is malformed, tampered with, signed with another key or algorithm, meant for another audience, or not a partner token"),
  token_expired: shared(401, "The bearer token has expired: get a new one from POST /v1/authentications"),
  invalid_credentials: shared(401, "The key pair does not match an active key pair"),
  partner_inactive: shared(403, "The partner account is deactivated"),
  route_not_found: shared(404, "No endpoint at this path"),
  resource_not_found: shared(404, "A resource the request names no longer exists (deleted while the request ran)"),
  method_not_allowed: shared(405, "The path exists but not with this method (see the Allow header)"),
  idempotency_key_reused: shared(409, "The Idempotency-Key was used with a different request in the last 24 hours"),
  idempotency_request_in_progress: shared(409, "A request with this Idempotency-Key is still running: retry shortly"),
  resource_conflict: shared(409, "A resource with the same unique value already exists"),
  body_too_large: shared(413, "The body is larger than 1 MiB"),
  unsupported_media_type: shared(415, "A body was sent without Content-Type: application/json"),
  rate_limited: shared(429, "Too many requests: wait Retry-After seconds"),
  headers_too_large: shared(431, "The request headers are larger than the server accepts"),
  internal_error: shared(500, "A failure on our side; retry later and quote the request id if it persists"),
  service_unavailable: shared(503, "The database is unreachable or too slow right now: retry after Retry-After seconds"),

  // ---- endpoint codes
  user_identifier_required: endpoint(400, "PATCH /v1/users without exactly one of id, external_user_id, email"),
  not_eligible: endpoint(403, "The member cannot redeem this deal (error.reason says why)"),
  deal_not_found: endpoint(404, "No deal with this id is visible to you"),
  user_not_found: endpoint(404, "No member of yours with this id (in this environment)"),
  visibility_rule_not_found: endpoint(404, "No visibility rule with this id on this deal"),
  codes_exhausted: endpoint(409, "Every code of this unique_code deal has been claimed"),
  deal_changed: endpoint(409, "The deal changed while the request ran"),
  deal_not_draft: endpoint(409, "Only drafts can be deleted"),
  deal_not_redeemable: endpoint(409, "The deal is paused, expired or has no redemption method"),
  invalid_status_transition: endpoint(409, "The deal's status cannot change to the requested one"),
  rollup_history_pruned: app(409, "Raw events older than the rollups were pruned"),
  email_taken: endpoint(409, "Another member of yours has this email"),
  external_user_id_taken: endpoint(409, "Another member of yours has this external_user_id"),
  slug_taken: endpoint(409, "Another of your deals in this environment has this slug"),
  deal_incomplete: endpoint(422, "The deal lacks fields its new status needs"),
  webhook_url_not_allowed: endpoint(400, "The webhook URL's host is, or resolves to, a non-public address"),
  webhook_endpoint_not_found: endpoint(404, "No such webhook endpoint in your partner and environment"),
  webhook_endpoint_limit_reached: endpoint(409, "The environment already has the most webhook endpoints allowed"),
  access_request_not_found: endpoint(404, "No such access request in your partner and environment"),
  access_request_not_pending: endpoint(409, "The access request was already approved, declined or withdrawn"),
  approval_not_required: endpoint(409, "The deal does not need approval: its instructions are available directly"),
  signature_invalid: endpoint(400, "POST /v1/provider/conversions: the Perkway-Signature header is missing, does not match the raw body and the deal's provider secret, or is older than 5 minutes"),
  click_not_found: endpoint(404, "POST /v1/provider/conversions: no tracked click with this click_id"),
  click_expired: endpoint(409, "POST /v1/provider/conversions: the click is older than the deal's attribution_window_days"),
  redemption_not_found: endpoint(404, "POST /v1/provider/conversions/{id}/reverse: no redemption confirmed by a provider with this id"),
  reversal_window_closed: endpoint(409, "POST /v1/provider/conversions/{id}/reverse: the confirmation is more than 30 days old"),
  tracking_not_enabled: endpoint(409, "The deal does not have tracking_enabled: it has no provider secret to rotate"),
  webhook_endpoint_disabled: app(409, "The webhook endpoint is disabled"),
  webhook_delivery_not_found: app(404, "No such webhook delivery"),
  email_not_found: app(404, "No such email in the mailbox"),

  // ---- SCIM (/scim/v2, docs/scim.md): answered in SCIM's error shape with its scimType, never on /v1
  scim_invalid_filter: app(400, "SCIM: the filter is not one Perkway answers (scimType invalidFilter)"),
  scim_invalid_value: app(400, "SCIM: an attribute's value is missing, of the wrong type or outside its vocabulary (scimType invalidValue)"),
  scim_invalid_syntax: app(400, "SCIM: the request is not a SCIM message Perkway can read (scimType invalidSyntax)"),
  scim_invalid_path: app(400, "SCIM: a PATCH path Perkway cannot read (scimType invalidPath)"),
  scim_no_target: app(400, "SCIM: a PATCH remove without a path, or a path that selects nothing (scimType noTarget)"),
  scim_mutability: app(400, "SCIM: a read-only attribute (id, meta) was sent with another value (scimType mutability)"),
  scim_version_mismatch: app(412, "SCIM: If-Match names another version of the resource"),
  directory_token_invalid: app(401, "The directory token is missing, unknown or revoked"),
  directory_token_not_found: app(404, "No directory token with this id in your partner and environment"),

  // ---- portal, hosted app, CLI
  unauthorized: app(401, "Sign in to continue"),
  forbidden: app(403, "Your role does not allow this"),
  cross_origin_refused: app(403, "A portal change was sent from a page of another origin (docs/decisions/csrf-rule.md)"),
  batch_refused: app(400, "Too many calls in one tRPC batch, or several changes in one request"),
  password_incorrect: app(400, "The current password is not right"),
  password_already_set: app(409, "This admin already set a password"),
  password_link_invalid: app(410, "The set-password link was already used or has expired"),
  last_admin: app(409, "A partner keeps at least one admin"),
  last_owner: app(409, "A partner keeps at least one owner"),
  two_factor_setup_required: app(403, "Set up two-factor authentication on /account before anything else"),
  two_factor_code_invalid: app(400, "The authentication code or recovery code is not right (or was already used)"),
  two_factor_not_enabled: app(409, "Two-factor authentication is not set up for this admin"),
  two_factor_setup_not_started: app(409, "Start the two-factor setup first: no pending secret to confirm"),
  two_factor_required_by_policy: app(409, "Two-factor authentication is required here and cannot be turned off"),
  admin_session_not_found: app(404, "No such active session of yours"),
  admin_not_found: app(404, "No admin with this id in your team"),
  file_invalid: app(400, "The uploaded file cannot be read"),
  catalog_import_empty: app(400, "The catalogue file holds no entries"),
  category_not_found: app(404, "No category with this id"),
  partner_not_found: app(404, "No partner with this id"),
  provider_not_found: app(404, "No provider with this id"),
  change_request_not_found: app(404, "No change request with this id (for your provider)"),
  change_request_not_pending: app(409, "The change request was already approved or rejected"),
  api_key_not_found: app(404, "No rolled key pair with this public key is still working"),
  magic_link_invalid: app(404, "The sign-in link is unknown"),
  magic_link_used: app(410, "The sign-in link was already used"),
  magic_link_expired: app(410, "The sign-in link has expired"),
  category_slug_taken: app(409, "Another category has this slug"),
  subdomain_taken: app(409, "Another partner has this subdomain"),
  custom_domain_taken: app(409, "Another partner has this custom domain"),
  sso_domain_taken: app(409, "Another partner's single sign-on for admins already serves this email domain"),
  inquiry_not_found: app(404, "No inquiry with this id in your partner and environment"),
  inquiry_no_email: app(409, "The member who sent this inquiry was deleted: there is no address to reply to"),
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function errorCodeInfo(code: string): ErrorCodeInfo | null {
  return Object.hasOwn(ERROR_CODES, code) ? ERROR_CODES[code as ErrorCode] : null;
}

/** The tRPC code of an error: by its code when registered, else by its status; unknown → 500. */
export function trpcCodeFor(err: { code: string; status: number }): TrpcErrorCode {
  const info = errorCodeInfo(err.code);
  const status = info?.status ?? err.status;
  return (TRPC_CODE_BY_STATUS as Record<number, TrpcErrorCode>)[status] ?? "INTERNAL_SERVER_ERROR";
}

/** The HTTP status of a registered code, or null. */
export function statusOfErrorCode(code: string): number | null {
  return errorCodeInfo(code)?.status ?? null;
}

/** The codes every /v1 endpoint's plumbing can answer, with their status and meaning. */
export const SHARED_ERROR_CODES: Record<string, { status: number; meaning: string }> = Object.fromEntries(
  Object.entries(ERROR_CODES)
    .filter(([, v]) => v.scope === "shared")
    .map(([k, v]) => [k, { status: v.status, meaning: v.meaning }]),
);
