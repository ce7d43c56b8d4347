// The one Prisma client of the process. Only src/server/services/** (and scripts that seed through
// services) import it. DATABASE_URL is always set by the time this runs: the launcher, the CLI and
// the test setup resolve the embedded database first (src/server/db/resolve-database.ts).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { readEnv, setting, type Env } from "@/server/config/env";

/**
 * Pool settings. A database that is away or slow must answer 503 quickly (src/server/db/prisma-errors.ts),
 * never hang a request: a new connection gives up after DATABASE_CONNECT_TIMEOUT_MS, a statement after
 * DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL cancels it). Broken connections are dropped by the pool and
 * new ones made on demand, so the app recovers by itself when PostgreSQL is back.
 */
export function poolConfigFromEnv(env: Env = readEnv()) {
  const num = (v: string | undefined, d: number) => (v !== undefined && v !== "" && Number.isFinite(Number(v)) ? Number(v) : d);
  return {
    max: num(env.DATABASE_POOL_SIZE, 10),
    connectionTimeoutMillis: num(env.DATABASE_CONNECT_TIMEOUT_MS, 5_000),
    statement_timeout: num(env.DATABASE_STATEMENT_TIMEOUT_MS, 15_000),
    // A transaction left open by a crashed request must not hold locks forever.
    idle_in_transaction_session_timeout: num(env.DATABASE_STATEMENT_TIMEOUT_MS, 15_000) * 4,
    idleTimeoutMillis: 30_000,
  };
}

function createClient(): PrismaClient {
  const url = setting("databaseUrl");
  if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm start` or `npm run dev`, which provide the embedded database");
  // Our own pool (the adapter would make the same one) so that its figures can be read: poolStats().
  const pool = new pg.Pool({ connectionString: url, ...poolConfigFromEnv() });
  globalForDb.perkwayPool = pool;
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}

const globalForDb = globalThis as unknown as { perkwayDb?: PrismaClient; perkwayPool?: pg.Pool };

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

/** The connection pool of this process now (null before the first query). */
export function poolStats(): PoolStats | null {
  const pool = globalForDb.perkwayPool;
  if (!pool) return null;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

/**
 * Lazily created so that importing a service never needs a database until it is called. Read-your-
 * writes for the per-process caches is the writing operation's own business
 * (src/server/services/shared/cached-reads.ts), not this client's.
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    globalForDb.perkwayDb ??= createClient();
    const value = Reflect.get(globalForDb.perkwayDb, prop);
    return typeof value === "function" ? value.bind(globalForDb.perkwayDb) : value;
  },
});

/**
 * One SQL statement on the pool itself, past Prisma's query engine: for the hot statements whose
 * Prisma overhead (its engine handles every parameter: about a millisecond for a large JSON one) is
 * most of their cost (src/server/services/events/event-writer.ts). Rows come back as pg decodes them.
 */
export async function queryDirect<T>(sql: string, params: readonly unknown[], opts: { preparedAs?: string } = {}): Promise<T[]> {
  globalForDb.perkwayDb ??= createClient();
  // preparedAs: a named statement, parsed and planned once per connection, then sent as its name
  // and parameters only.
  const result = await globalForDb.perkwayPool!.query({ text: sql, values: params as unknown[], name: opts.preparedAs });
  return result.rows as T[];
}

export async function disconnectDb(): Promise<void> {
  await globalForDb.perkwayDb?.$disconnect();
  globalForDb.perkwayDb = undefined;
  globalForDb.perkwayPool = undefined;
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
