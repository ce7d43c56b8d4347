// The one Prisma client of the process. Only src/server/services/** (and scripts that seed through
// services) import it. DATABASE_URL is always set by the time this runs: the launcher, the CLI and
// the test setup resolve the embedded database first (src/server/db/resolve-database.ts).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { changeFeed } from "./change-feed";
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

// Read-your-writes in this process: the per-process caches fed by NOTIFY (change-feed.ts) are
// cleared when a write of this process completes, so a request that follows a change made here never
// waits for the notification. Writes on other processes arrive by NOTIFY (within milliseconds).
const WRITE_METHODS = new Set(["create", "createMany", "createManyAndReturn", "update", "updateMany", "updateManyAndReturn", "upsert", "delete", "deleteMany"]);
const WATCHED_MODELS = new Set(["partner", "deal", "visibilityRule", "dealCategory", "category", "catalogVersion"]);
// Members: only changes of existing rows matter (the hosted app caches signed-in members; a new row
// was never cached), so creates — the API's most frequent write — leave the caches alone. PATCH
// /v1/users updates outside a transaction (update-member.ts), so this is its read-your-writes.
const MEMBER_CHANGE_METHODS = new Set(["update", "updateMany", "updateManyAndReturn", "upsert", "delete", "deleteMany"]);
const WRITING_CLIENT_METHODS = new Set(["$transaction", "$executeRaw", "$executeRawUnsafe"]);

function afterWrite<T>(result: T): T {
  if (result && typeof (result as { then?: unknown }).then === "function") {
    return (result as unknown as Promise<unknown>).then(
      (v) => (changeFeed().localChange(), v),
      (e) => {
        changeFeed().localChange(); // a failed transaction may have committed nothing, or something
        throw e;
      },
    ) as T;
  }
  changeFeed().localChange();
  return result;
}

const watchedDelegates = new WeakMap<object, object>();
function watchDelegate(delegate: object, methods: Set<string>): object {
  let proxy = watchedDelegates.get(delegate);
  if (!proxy) {
    proxy = new Proxy(delegate, {
      get(target, method) {
        const fn = Reflect.get(target, method);
        if (typeof fn !== "function") return fn;
        return methods.has(method as string) ? (...args: unknown[]) => afterWrite(fn.apply(target, args)) : fn.bind(target);
      },
    });
    watchedDelegates.set(delegate, proxy);
  }
  return proxy;
}

/** Lazily created so that importing a service never needs a database until it is called. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    globalForDb.perkwayDb ??= createClient();
    const client = globalForDb.perkwayDb;
    const value = Reflect.get(client, prop);
    if (typeof prop === "string" && value && typeof value === "object") {
      if (WATCHED_MODELS.has(prop)) return watchDelegate(value, WRITE_METHODS);
      if (prop === "member") return watchDelegate(value, MEMBER_CHANGE_METHODS);
    }
    if (typeof value !== "function") return value;
    if (typeof prop === "string" && WRITING_CLIENT_METHODS.has(prop)) return (...args: unknown[]) => afterWrite((value as (...a: unknown[]) => unknown).apply(client, args));
    return value.bind(client);
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

/** A transaction that only reads (the catalogue cache's snapshots): it does not clear the caches. */
export function readTransaction<T>(fn: (tx: Tx) => Promise<T>, options?: Parameters<PrismaClient["$transaction"]>[1]): Promise<T> {
  globalForDb.perkwayDb ??= createClient();
  return globalForDb.perkwayDb.$transaction(fn, options);
}

export async function disconnectDb(): Promise<void> {
  await globalForDb.perkwayDb?.$disconnect();
  globalForDb.perkwayDb = undefined;
  globalForDb.perkwayPool = undefined;
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
