// The error body of docs/api.md, Errors, as zod schemas for the OpenAPI document (the runtime body is
// built by src/server/http/error-response.ts; test/api/openapi*.test.ts keeps the two in step).
import { z } from "zod";
import type { ErrorType } from "@/server/errors/app-error";

const ERROR_TYPES = ["invalid_request_error", "authentication_error", "permission_error", "rate_limit_error", "api_error"] as const satisfies readonly ErrorType[];

const errorObject = z
  .looseObject({
    type: z.enum(ERROR_TYPES).meta({ description: "Error family, derived from the status: 400/404/405/409/413/415/422 invalid_request_error, 401 authentication_error, 403 permission_error, 429 rate_limit_error, 5xx api_error" }),
    code: z.string().meta({ description: "Stable snake_case code; the list is in the API guide", example: "parameter_invalid" }),
    message: z.string().meta({ description: "Human-readable explanation; may change, do not parse it", example: "limit must be an integer from 1 to 100" }),
    param: z.string().nullable().meta({ description: "The offending field as a dot path (e.g. `eligibility.geography`, `events[3].deal_id`), or null", example: "limit" }),
    request_id: z.string().meta({ description: "Same as the X-Request-Id response header; quote it to support", example: "req_9mB1aQ3xYcVw2LkP0s8T" }),
    errors: z
      .array(z.object({ param: z.string().meta({ example: "limit" }), message: z.string().meta({ example: "limit must be an integer from 1 to 100" }) }).strict())
      .optional()
      .meta({ description: "Every problem, when a validation failure has several" }),
  })
  .meta({ id: "ErrorObject", description: "Endpoint-specific members may be added (e.g. `reason` on not_eligible)" });

export const errorBodySchema = z.object({ error: errorObject }).strict().meta({ id: "Error" });

/** POST /v1/authentications answers its errors with `success: false` too. */
export const authenticationErrorBodySchema = z.object({ success: z.literal(false), error: errorObject }).strict().meta({ id: "AuthenticationError" });
