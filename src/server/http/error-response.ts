// The one mapping from errors to the error body of docs/api.md, Errors.
import { AppError } from "@/server/errors/app-error";
import { jsonResponse } from "./json-response";
import { newRequestId } from "./request-id";
import { toAppError } from "@/server/errors/to-app-error";
import { errorFields as errorLogFields, logger } from "@/server/observability/logger";

/** `extra` members that become response headers (Allow, Retry-After), not body fields. */
const HEADER_EXTRAS = new Set(["allowed_methods", "retry_after"]);

export function errorBody(err: AppError, requestId: string): Record<string, unknown> {
  const error: Record<string, unknown> = {
    type: err.type,
    code: err.code,
    message: err.message,
    param: err.param,
    request_id: requestId,
  };
  if (err.errors?.length) error.errors = err.errors;
  for (const [k, v] of Object.entries(err.extra ?? {})) if (!HEADER_EXTRAS.has(k)) error[k] = v;
  return { error };
}

/** A refusal outside the /v1 pipeline (/healthz, /metrics): the error body with a fresh request id. */
export function refusalResponse(err: AppError, headers: Record<string, string> = {}): Response {
  const requestId = newRequestId();
  const response = errorResponse(err, { requestId, request: null, url: null });
  response.headers.set("X-Request-Id", requestId);
  for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  return response;
}

export function errorResponse(
  err: unknown,
  { requestId, request, url, errorFields }: { requestId: string; request: Request | null; url: URL | null; errorFields?: Record<string, unknown> },
): Response {
  const appError = toAppError(err);
  if (appError.status >= 500) {
    logger().error({ request_id: requestId, method: request?.method, path: url?.pathname, ...errorLogFields(err) }, "unhandled error");
  }
  const body = { ...errorBody(appError, requestId), ...errorFields };
  const headers: Record<string, string> = {};
  if (appError.status === 405 && Array.isArray(appError.extra?.allowed_methods)) headers.Allow = (appError.extra.allowed_methods as string[]).join(", ");
  if (appError.extra?.retry_after !== undefined) headers["Retry-After"] = String(appError.extra.retry_after);
  return jsonResponse(appError.status, body, headers);
}
