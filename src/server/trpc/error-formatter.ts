// The one place where thrown errors become tRPC errors. `toTRPCError` fixes the tRPC code (and so the
// HTTP status) of AppError, ZodError and Prisma unique violations; `formatTRPCError` adds our stable
// `appCode` / `param` / `errors` to the error shape's `data` and keeps 5xx messages generic.
// `data.code` stays tRPC's own code key (e.g. "NOT_FOUND"): clients keep the standard semantics, and
// our snake_case code from AppError (documented in docs/api.md) is `data.appCode`.
import { StandardSchemaV1Error, TRPCError, type TRPC_ERROR_CODE_KEY, type TRPCDefaultErrorShape } from "@trpc/server";
import { ZodError } from "zod";
import { AppError, type FieldError } from "@/server/errors/app-error";

const CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
};

export function trpcCodeForStatus(status: number): TRPC_ERROR_CODE_KEY {
  return CODE_BY_STATUS[status] ?? "INTERNAL_SERVER_ERROR";
}

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

function issuesOf(cause: unknown): ReadonlyArray<Issue> | null {
  if (cause instanceof ZodError) return cause.issues as ReadonlyArray<Issue>;
  if (cause instanceof StandardSchemaV1Error) return cause.issues as ReadonlyArray<Issue>;
  return null;
}

function issuePath(issue: Issue): string | null {
  const parts = (issue.path ?? []).map((seg) =>
    String(typeof seg === "object" && seg !== null && "key" in seg ? seg.key : seg),
  );
  return parts.length ? parts.join(".") : null;
}

function isUniqueViolation(cause: unknown): boolean {
  return cause instanceof Error && (cause as { code?: unknown }).code === "P2002";
}

/**
 * The TRPCError a thrown value should become, or null when it is not one of ours (it then stays a
 * logged INTERNAL_SERVER_ERROR).
 */
export function toTRPCError(cause: unknown): TRPCError | null {
  if (cause instanceof AppError) {
    return new TRPCError({ code: trpcCodeForStatus(cause.status), message: cause.message, cause });
  }
  const issues = issuesOf(cause);
  if (issues) return new TRPCError({ code: "BAD_REQUEST", message: validationMessage(issues), cause: cause as Error });
  if (isUniqueViolation(cause)) {
    return new TRPCError({ code: "CONFLICT", message: "A resource with these values already exists.", cause: cause as Error });
  }
  return null;
}

function validationMessage(issues: ReadonlyArray<Issue>): string {
  const first = issues[0];
  if (!first) return "Invalid request.";
  const param = issuePath(first);
  return param ? `${param}: ${first.message}` : first.message;
}

export type AppErrorData = {
  /** Our stable snake_case error code (AppError.code), or null for errors that are not ours. */
  appCode: string | null;
  /** The offending field as a dot path, or null. */
  param: string | null;
  /** Every field problem of a validation failure, or null. */
  errors: FieldError[] | null;
};

export type AppErrorShape = TRPCDefaultErrorShape & { data: TRPCDefaultErrorShape["data"] & AppErrorData };

export function formatTRPCError({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }): AppErrorShape {
  const cause = error.cause;
  let extra: AppErrorData = { appCode: null, param: null, errors: null };
  let message = shape.message;

  if (cause instanceof AppError) {
    extra = { appCode: cause.code, param: cause.param, errors: cause.errors ?? null };
  } else {
    const issues = issuesOf(cause);
    if (issues) {
      const errors = issues.map((i) => ({ param: issuePath(i) ?? "", message: i.message }));
      extra = { appCode: "parameter_invalid", param: issuePath(issues[0] ?? { message: "" }), errors };
      message = validationMessage(issues);
    } else if (isUniqueViolation(cause)) {
      extra = { appCode: "resource_already_exists", param: null, errors: null };
    }
  }

  // A 5xx never shows an internal message (SQL, stack, driver text) to the client.
  if (shape.data.httpStatus >= 500 && !(cause instanceof AppError)) message = "Internal server error.";

  return { ...shape, message, data: { ...shape.data, ...extra } };
}
