// Typed errors: every non-2xx answer of the API becomes a PerkwayError (or a subclass by status)
// carrying the error body's code, param and request_id, so callers branch on `code`, never on text.
import type { ERROR_CODES } from "./generated/api-facts.js";

/** A documented error code, or a newer one this SDK version does not know yet. */
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export type ErrorBody = {
  type?: string;
  code?: string;
  message?: string;
  param?: string | null;
  request_id?: string;
  errors?: { param: string; message: string }[];
  [key: string]: unknown;
};

export class PerkwayError extends Error {
  override name = "PerkwayError";
  /** HTTP status; 0 when no response arrived (PerkwayConnectionError). */
  readonly status: number;
  readonly code: ErrorCode;
  readonly type: string | null;
  /** The offending field as a dot path (`eligibility.geography`, `events[3].deal_id`), or null. */
  readonly param: string | null;
  /** Quote it to support (also the X-Request-Id response header). */
  readonly requestId: string | null;
  /** Every problem, when a validation failure has several. */
  readonly errors: { param: string; message: string }[];
  /** The whole `error` object, including endpoint-specific members such as `reason`. */
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody, requestId?: string | null) {
    super(body.message ?? `Perkway API error ${status}`);
    this.status = status;
    this.code = body.code ?? "unknown_error";
    this.type = body.type ?? null;
    this.param = body.param ?? null;
    this.requestId = body.request_id ?? requestId ?? null;
    this.errors = body.errors ?? [];
    this.body = body;
  }
}

/** 400, 405, 409, 413, 415, 422: fix the request. */
export class InvalidRequestError extends PerkwayError {
  override name = "InvalidRequestError";
}
/** 401: missing, invalid or expired token; wrong key pair. */
export class AuthenticationError extends PerkwayError {
  override name = "AuthenticationError";
}
/** 403: e.g. partner_inactive, not_eligible. */
export class PermissionError extends PerkwayError {
  override name = "PermissionError";
}
/** 404: no such resource in this partner and environment (or no such route). */
export class NotFoundError extends PerkwayError {
  override name = "NotFoundError";
}
/** 429 after the client's retries: `retryAfter` seconds until the next request is allowed. */
export class RateLimitError extends PerkwayError {
  override name = "RateLimitError";
  constructor(
    status: number,
    body: ErrorBody,
    requestId: string | null,
    readonly retryAfter: number | null,
  ) {
    super(status, body, requestId);
  }
}
/** 5xx after the client's retries. */
export class ApiError extends PerkwayError {
  override name = "ApiError";
}
/** No response: network failure, timeout or abort. */
export class ConnectionError extends PerkwayError {
  override name = "ConnectionError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(0, { code: "connection_error", message });
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

/** The error for a non-2xx response. */
export function errorFromResponse(status: number, body: ErrorBody, requestId: string | null, retryAfter: number | null): PerkwayError {
  if (status === 401) return new AuthenticationError(status, body, requestId);
  if (status === 403) return new PermissionError(status, body, requestId);
  if (status === 404) return new NotFoundError(status, body, requestId);
  if (status === 429) return new RateLimitError(status, body, requestId, retryAfter);
  if (status >= 500) return new ApiError(status, body, requestId);
  return new InvalidRequestError(status, body, requestId);
}
