// Operator settings of the database pool (README "Configuration"): DATABASE_POOL_SIZE,
// DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS. Read by the Prisma client
// (src/server/db/client.ts); `npm start` reads them before anything else, so a value that cannot be
// right stops the start with a ConfigError naming the variable instead of falling back unseen.
import { ConfigError } from "./config-error";
import { readEnv, type Env } from "./env";

type DatabaseSettings = {
  /** DATABASE_POOL_SIZE: connections per process. */
  poolSize: number;
  /** DATABASE_CONNECT_TIMEOUT_MS: a new connection gives up after this (0: never). */
  connectTimeoutMs: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a longer statement (0: off, the benches' seeding). */
  statementTimeoutMs: number;
};

/** A whole number of at least `min`; unset or blank: the default. */
function wholeNumber(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return n;
}

/** Pure: the settings an environment describes. Throws ConfigError on a value that cannot be right. */
export function readDatabaseConfig(env: Env = readEnv()): DatabaseSettings {
  return {
    poolSize: wholeNumber(env, "DATABASE_POOL_SIZE", 10, 1),
    connectTimeoutMs: wholeNumber(env, "DATABASE_CONNECT_TIMEOUT_MS", 5_000, 0),
    statementTimeoutMs: wholeNumber(env, "DATABASE_STATEMENT_TIMEOUT_MS", 15_000, 0),
  };
}
