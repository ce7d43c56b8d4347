// The one Prisma client of the process. Only src/server/services/** (and scripts that seed through
// services) import it. DATABASE_URL is always set by the time this runs: the launcher, the CLI and
// the test setup resolve the embedded database first (src/server/db/resolve-database.ts).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { readDatabaseConfig } from "@/server/config/database-config";
import { readEnv, setting, type Env } from "@/server/config/env";
import { metrics } from "@/server/observability/metrics";

/**
 * Pool settings. A database that is away or slow must answer 503 quickly (src/server/db/prisma-errors.ts),
 * never hang a request: a new connection gives up after DATABASE_CONNECT_TIMEOUT_MS, a statement after
 * DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL cancels it). Broken connections are dropped by the pool and
 * new ones made on demand, so the app recovers by itself when PostgreSQL is back.
 */
export function poolConfigFromEnv(env: Env = readEnv()) {
  // A value that cannot be right is a ConfigError naming the variable (src/server/config/database-config.ts).
  const { poolSize, connectTimeoutMs, statementTimeoutMs } = readDatabaseConfig(env);
  return {
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // A transaction left open by a crashed request must not hold locks forever. Sent in `options`
    // (a startup parameter PgBouncer can be told to ignore beside statement_timeout, docs/deploy.md).
    options: `-c idle_in_transaction_session_timeout=${statementTimeoutMs * 4}`,
    idleTimeoutMillis: 30_000,
  };
}

/**
 * Interactive transactions ($transaction(async (tx) => …)) wait for their turn and run as long as a
 * statement may: Prisma's own defaults (2 s to start, 5 s to finish) are shorter than the statement
 * timeout, and on the embedded database, where transactions run one at a time on its one session, a
 * transaction queued behind another (two scheduled runners, a busy machine) failed with "Unable to
 * start a transaction in the given time" though nothing was wrong.
 */
export function transactionOptionsFromEnv(env: Env = readEnv()) {
  const { statement_timeout } = poolConfigFromEnv(env);
  // 0 turns the statement timeout off (the benches' seeding): Prisma's defaults then, as before.
  return statement_timeout > 0 ? { maxWait: statement_timeout, timeout: statement_timeout } : undefined;
}

/**
 * A pg client class that counts each statement it sends (perkway_db_statements_total{server}), so the
 * share each server runs is known: the primary, each read replica (contract section 21).
 */
function countingClient(server: string): typeof pg.Client {
  const counted = metrics().dbStatements.labels({ server });
  const Counting = class extends pg.Client {};
  const send = pg.Client.prototype.query;
  (Counting.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (this: pg.Client, ...a: unknown[]) {
    counted.inc();
    return (send as (...b: unknown[]) => unknown).apply(this, a);
  };
  return Counting;
}

/**
 * A Prisma client over a pool of its own with the settings above: the primary's, and each read
 * replica's (replica-set.ts). `server` names it in perkway_db_statements_total.
 */
export function prismaClientFor(url: string, extra: pg.PoolConfig = {}, server = "primary"): { client: PrismaClient; pool: pg.Pool } {
  // Our own pool (the adapter would make the same one) so that its figures can be read: poolStats().
  const pool = new pg.Pool({ connectionString: url, ...poolConfigFromEnv(), ...extra, Client: countingClient(server) });
  return { client: new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), transactionOptions: transactionOptionsFromEnv() }), pool };
}

function createClient(): PrismaClient {
  const url = setting("databaseUrl");
  if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm start` or `npm run dev`, which provide the embedded database");
  const { client, pool } = prismaClientFor(url);
  globalForDb.perkwayPool = pool;
  return client;
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
 * (src/server/services/cache/cached-reads.ts), not this client's.
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
export async function queryDirect<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
  globalForDb.perkwayDb ??= createClient();
  // Never a named prepared statement: poolers in transaction mode and the embedded database cannot
  // keep one (src/server/db/server-statement.ts keeps a hot statement's plan instead).
  const result = await globalForDb.perkwayPool!.query({ text: sql, values: params as unknown[] });
  return result.rows as T[];
}

/** One pool connection for a few statements that must share it (a transaction), released after. */
export async function withDirectClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  globalForDb.perkwayDb ??= createClient();
  const client = await globalForDb.perkwayPool!.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

export async function disconnectDb(): Promise<void> {
  // The read replicas' pools and lag watch first (imported here only when there is something to close).
  if ((globalThis as { perkwayReplicaSet?: unknown }).perkwayReplicaSet) await (await import("./replica-set")).closeReplicaSet();
  await globalForDb.perkwayDb?.$disconnect();
  globalForDb.perkwayDb = undefined;
  globalForDb.perkwayPool = undefined;
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
