// The one error class of the app, thrown by its code: `new AppError("deal_not_found", message)`.
// The code is a key of the registry (src/server/errors/error-codes.ts), which gives its HTTP status;
// the error `type` follows from the status and the tRPC code from the registry.
import { ERROR_CODES, type ErrorCode } from "./error-codes";

export type ErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "rate_limit_error"
  | "api_error";

export type FieldError = { param: string; message: string };

export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly param: string | null;
  readonly errors?: FieldError[];
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { param?: string | null; errors?: FieldError[]; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_CODES[code].status;
    this.code = code;
    this.param = opts.param ?? null;
    this.errors = opts.errors;
    this.extra = opts.extra;
  }

  get type(): ErrorType {
    return errorTypeFor(this.status);
  }
}

function errorTypeFor(status: number): ErrorType {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}
