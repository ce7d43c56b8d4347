// What a thrown database error means, for src/server/errors/to-app-error.ts: the only Prisma
// knowledge outside services and db (eslint.config.mjs keeps the generated client here).
import { Prisma } from "@/generated/prisma/client";

/** Prisma's known-request code (P2002 unique violation, P2025 record not found), or null. */
export function prismaErrorCode(err: unknown): string | null {
  return err instanceof Prisma.PrismaClientKnownRequestError ? err.code : null;
}

// The database is away or too slow: not the request's fault, retrying later may succeed.
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const UNAVAILABLE_PG_CODES = new Set([
  "57014", // query_canceled: statement_timeout
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up)
  "53300", // too_many_connections
  "55P03", // lock_not_available (lock_timeout)
  "08000", "08001", "08003", "08004", "08006", // connection exceptions
]);
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Can't reach database server|Client has encountered a connection error|Transaction already closed|terminating connection/i;

/** True when `err` (a Prisma error, a driver adapter error, a pg or socket error) says the database is
 *  unreachable, going away, overloaded or too slow. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  if (typeof e.kind === "string" && UNAVAILABLE_KINDS.has(e.kind)) return true;
  if (typeof e.kind === "string" && e.kind === "postgres" && typeof e.code === "string" && UNAVAILABLE_PG_CODES.has(e.code)) return true;
  if (typeof e.code === "string") {
    if (UNAVAILABLE_PG_CODES.has(e.code) || UNAVAILABLE_NODE_CODES.has(e.code)) return true;
    if (err instanceof Prisma.PrismaClientKnownRequestError && UNAVAILABLE_PRISMA_CODES.has(e.code)) return true;
  }
  if (err instanceof Prisma.PrismaClientInitializationError) return true;
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message) && (err instanceof Prisma.PrismaClientKnownRequestError || err instanceof Prisma.PrismaClientUnknownRequestError || isDriverError(err))) return true;
  return isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}

function isDriverError(err: object): boolean {
  const name = (err as { name?: unknown }).name;
  return name === "DriverAdapterError" || name === "DatabaseError" || name === "Error";
}

/** True when `err` is PostgreSQL cancelling a statement (statement_timeout, 57014), however wrapped. */
export function isStatementTimeout(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as { code?: unknown; originalCode?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown; code?: unknown } };
  if (e.code === "57014" || e.originalCode === "57014" || e.meta?.code === "57014") return true;
  return isStatementTimeout(e.meta?.driverAdapterError, depth + 1) || isStatementTimeout(e.cause, depth + 1);
}
