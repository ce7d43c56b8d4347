// SCIM's wire format (RFC 7644): application/scim+json bodies, and the error shape
// urn:ietf:params:scim:api:messages:2.0:Error with `status` as a string and `scimType` where RFC 7644
// names one. AppErrors of the members module (user_not_found, email_taken, …) are translated here.
import { AppError } from "@/server/errors/app-error";
import { toAppError } from "@/server/errors/to-app-error";
import type { ErrorCode } from "@/server/errors/error-codes";
import { BytesResponse } from "@/server/http/bytes-response";
import { SCIM_ERROR_SCHEMA } from "@/server/schemas/scim.schema";
import { errorFields as errorLogFields, logger } from "@/server/observability/logger";

const SCIM_CONTENT_TYPE = "application/scim+json";

export function scimResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const h = new Headers({ "Content-Type": SCIM_CONTENT_TYPE, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers });
  if (status === 204) return new Response(null, { status, headers: h });
  return new BytesResponse(JSON.stringify(body), { status, headers: h });
}

/** scimType by our error code (RFC 7644 3.12); codes not listed carry none. */
const SCIM_TYPES: Partial<Record<ErrorCode, string>> = {
  scim_invalid_filter: "invalidFilter",
  scim_invalid_value: "invalidValue",
  scim_invalid_syntax: "invalidSyntax",
  scim_invalid_path: "invalidPath",
  scim_no_target: "noTarget",
  scim_mutability: "mutability",
  parameter_invalid: "invalidValue",
  parameter_missing: "invalidValue",
  unknown_parameter: "invalidValue",
  body_invalid: "invalidSyntax",
  email_taken: "uniqueness",
  external_user_id_taken: "uniqueness",
  resource_conflict: "uniqueness",
};

/** What a directory's administrator reads: never a stack trace or SQL (a 5xx says only that it failed). */
export function scimErrorResponse(err: unknown, requestId: string): { response: Response; error: AppError; scimType: string | null } {
  const error = toAppError(err);
  if (error.status >= 500) logger().error({ request_id: requestId, ...errorLogFields(err) }, "unhandled error (SCIM)");
  const scimType = SCIM_TYPES[error.code];
  const body: Record<string, unknown> = { schemas: [SCIM_ERROR_SCHEMA], status: String(error.status), ...(scimType ? { scimType } : {}), detail: error.message };
  const headers: Record<string, string> = {};
  if (error.extra?.retry_after !== undefined) headers["Retry-After"] = String(error.extra.retry_after);
  if (error.status === 405 && Array.isArray(error.extra?.allowed_methods)) headers.Allow = (error.extra.allowed_methods as string[]).join(", ");
  if (error.status === 401) headers["WWW-Authenticate"] = 'Bearer realm="perkway-scim"';
  return { response: scimResponse(error.status, body, headers), error, scimType: scimType ?? null };
}

export const scimInvalidValue = (detail: string) => new AppError("scim_invalid_value", detail);
