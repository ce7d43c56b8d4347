// The one mapping from errors to the contract's error body (contract.md §1).
import { ZodError } from "zod";
import { AppError } from "@/server/errors/app-error";
import { Prisma } from "@/generated/prisma/client";
import { zodErrorToAppError } from "./zod-error";

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return zodErrorToAppError(err);
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
    return new AppError(409, "resource_conflict", "A resource with the same unique value already exists");
  }
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2025") {
    return new AppError(404, "resource_not_found", "The requested resource does not exist");
  }
  return new AppError(500, "internal_error", "Something went wrong on our side. Retry later; if it persists, contact support with the request id.");
}

export function errorBody(err: AppError, requestId: string): Record<string, unknown> {
  const error: Record<string, unknown> = {
    type: err.type,
    code: err.code,
    message: err.message,
    param: err.param,
    request_id: requestId,
  };
  if (err.errors?.length) error.errors = err.errors;
  if (err.extra) Object.assign(error, err.extra);
  return { error };
}
