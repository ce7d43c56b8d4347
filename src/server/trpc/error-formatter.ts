// The one place where thrown errors become tRPC errors. Which errors are "ours" and what they mean
// (AppError as is, ZodError → 400 parameter_*, Prisma P2002 → 409, P2025 → 404) is decided once, by
// the HTTP side's `toAppError` (src/server/http/error-response.ts); this file only maps the result
// to tRPC. `toTRPCError` fixes the tRPC code (and so the HTTP status); `formatTRPCError` adds our
// stable `appCode` / `param` / `errors` to the error shape's `data` and keeps 5xx messages generic.
// `data.code` stays tRPC's own code key (e.g. "NOT_FOUND"): clients keep the standard semantics, and
// our snake_case code from AppError (documented in docs/api.md) is `data.appCode`.
import { TRPCError, type TRPC_ERROR_CODE_KEY, type TRPCDefaultErrorShape } from "@trpc/server";
import { AppError, type FieldError } from "@/server/errors/app-error";
import { toAppError } from "@/server/http/error-response";

const CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
};

function trpcCodeForStatus(status: number): TRPC_ERROR_CODE_KEY {
  return CODE_BY_STATUS[status] ?? "INTERNAL_SERVER_ERROR";
}

/** The AppError a thrown value stands for, or null when it is not one of ours (a bug: it stays a
 *  logged INTERNAL_SERVER_ERROR with a generic message). */
function knownAppError(cause: unknown): AppError | null {
  if (cause === undefined) return null;
  const appError = toAppError(cause);
  return appError.status >= 500 && !(cause instanceof AppError) ? null : appError;
}

/** The TRPCError a thrown value should become, or null when it is not one of ours. */
export function toTRPCError(cause: unknown): TRPCError | null {
  const appError = knownAppError(cause);
  return appError ? new TRPCError({ code: trpcCodeForStatus(appError.status), message: appError.message, cause: appError }) : null;
}

export type AppErrorData = {
  /** Our stable snake_case error code (AppError.code), or null for errors that are not ours. */
  appCode: string | null;
  /** The offending field (dot path, `[i]` for array indexes), or null. */
  param: string | null;
  /** Every field problem of a validation failure with several, or null. */
  errors: FieldError[] | null;
};

export type AppErrorShape = TRPCDefaultErrorShape & { data: TRPCDefaultErrorShape["data"] & AppErrorData };

export function formatTRPCError({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }): AppErrorShape {
  // The cause is an AppError (mapped by toTRPCError), or a ZodError when tRPC's own input parsing failed.
  const appError = knownAppError(error.cause);
  let message = appError?.message ?? shape.message;
  // A 5xx never shows an internal message (SQL, stack, driver text) to the client.
  if (shape.data.httpStatus >= 500 && !(error.cause instanceof AppError)) message = "Internal server error.";
  // Nor a stack (tRPC adds it outside production): the server log has it (api/trpc route's onError).
  const { stack: _stack, ...rest } = shape.data;
  const data: AppErrorData = { appCode: appError?.code ?? null, param: appError?.param ?? null, errors: appError?.errors ?? null };
  return { ...shape, message, data: { ...rest, ...data } };
}
