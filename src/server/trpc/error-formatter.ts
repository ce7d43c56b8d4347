// The one place where thrown errors become tRPC errors. Which errors are "ours" and what they mean
// (AppError as is, ZodError → 400 parameter_*, Prisma P2002 → 409, P2025 → 404, database away →
// 503) is decided once, by `toAppError` (src/server/errors/to-app-error.ts); the tRPC code comes from
// the error-code registry (src/server/errors/error-codes.ts), so 405, 410, 413, 415 and 503 keep
// their meaning here too. `toTRPCError` fixes the tRPC code (and so the HTTP status); `formatTRPCError` adds our
// stable `appCode` / `param` / `errors` to the error shape's `data` and keeps 5xx messages generic.
// `data.code` stays tRPC's own code key (e.g. "NOT_FOUND"): clients keep the standard semantics, and
// our snake_case code from AppError (documented in docs/api.md) is `data.appCode`.
import { TRPCError, type TRPC_ERROR_CODE_KEY, type TRPCDefaultErrorShape } from "@trpc/server";
import { AppError, type FieldError } from "@/server/errors/app-error";
import { toAppError } from "@/server/errors/to-app-error";
import { trpcCodeFor } from "@/server/errors/error-codes";
import { plainFieldErrors, plainMessage } from "@/server/errors/plain-field-errors";

/** The AppError a thrown value stands for, or null when it is not one of ours (a bug: it stays a
 *  logged INTERNAL_SERVER_ERROR with a generic message). */
function knownAppError(cause: unknown): AppError | null {
  if (cause === undefined) return null;
  const appError = toAppError(cause);
  return appError.code === "internal_error" && !(cause instanceof AppError) ? null : appError;
}

/** The TRPCError a thrown value should become, or null when it is not one of ours. */
export function toTRPCError(cause: unknown): TRPCError | null {
  const appError = knownAppError(cause);
  return appError ? new TRPCError({ code: trpcCodeFor(appError) satisfies TRPC_ERROR_CODE_KEY, message: appError.message, cause: appError }) : null;
}

type AppErrorData = {
  /** Our stable snake_case error code (AppError.code), or null for errors that are not ours. */
  appCode: string | null;
  /** The offending field (dot path, `[i]` for array indexes), or null. */
  param: string | null;
  /** Every field problem of a validation failure with several, or null. */
  errors: FieldError[] | null;
};

type AppErrorShape = TRPCDefaultErrorShape & { data: TRPCDefaultErrorShape["data"] & AppErrorData };

export function formatTRPCError({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }): AppErrorShape {
  // The cause is an AppError (mapped by toTRPCError), or a ZodError when tRPC's own input parsing failed.
  const appError = knownAppError(error.cause);
  // The portal's people read these: field problems in plain words (/v1 keeps its own, elsewhere).
  const plain = appError ? plainFieldErrors(appError) : null;
  let message = appError ? plainMessage(appError, plain) : shape.message;
  // A 5xx never shows an internal message (SQL, stack, driver text) to the client.
  if (shape.data.httpStatus >= 500 && !appError) message = "Internal server error.";
  // Nor a stack (tRPC adds it outside production): the server log has it (api/trpc route's onError).
  const { stack: _stack, ...rest } = shape.data;
  const data: AppErrorData = { appCode: appError?.code ?? null, param: appError?.param ?? null, errors: plain && (plain.length > 1 || appError?.errors) ? plain : (appError?.errors ?? null) };
  return { ...shape, message, data: { ...rest, ...data } };
}
