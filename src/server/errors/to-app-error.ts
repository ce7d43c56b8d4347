// The one mapping from anything thrown to an AppError: ours as is, ZodError → 400 parameter_*,
// Prisma unique violation → 409, record not found → 404, a database that is away or too slow → 503
// with Retry-After, anything else → a generic 500.
// Transport-neutral: the HTTP error body (src/server/http/error-response.ts) and the tRPC formatter
// (src/server/trpc/error-formatter.ts) both start here.
import { ZodError } from "zod";
import { isDatabaseUnavailable, prismaErrorCode } from "@/server/db/prisma-errors";
import { AppError } from "./app-error";
import { zodErrorToAppError } from "./zod-error";

const DATABASE_RETRY_AFTER_SECONDS = 2;

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return zodErrorToAppError(err);
  const prismaCode = prismaErrorCode(err);
  if (prismaCode === "P2002") {
    return new AppError("resource_conflict", "A resource with the same unique value already exists");
  }
  if (prismaCode === "P2025") {
    return new AppError("resource_not_found", "The requested resource does not exist");
  }
  if (isDatabaseUnavailable(err)) {
    return new AppError("service_unavailable", "The service is temporarily unavailable (database unreachable or too slow). Retry after a few seconds.", {
      extra: { retry_after: DATABASE_RETRY_AFTER_SECONDS },
    });
  }
  return new AppError("internal_error", "Something went wrong on our side. Retry later; if it persists, contact support with the request id.");
}
