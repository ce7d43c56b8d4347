// The one error class of the app. `code` is stable (documented in docs/api.md); the HTTP status and
// error `type` are derived once in src/server/http/error-response.ts and the tRPC code in
// src/server/trpc/error-formatter.ts.
export type ErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "rate_limit_error"
  | "api_error";

export type FieldError = { param: string; message: string };

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly param: string | null;
  readonly errors?: FieldError[];
  readonly extra?: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    opts: { param?: string | null; errors?: FieldError[]; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.param = opts.param ?? null;
    this.errors = opts.errors;
    this.extra = opts.extra;
  }

  get type(): ErrorType {
    return errorTypeFor(this.status);
  }
}

export function errorTypeFor(status: number): ErrorType {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}
