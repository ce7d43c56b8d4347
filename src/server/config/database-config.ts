// Operator settings of the database pool (README "Configuration"): DATABASE_POOL_SIZE,
// DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS. Read by the Prisma client
// (src/server/db/client.ts); `npm start` reads them before anything else, so a value that cannot be
// right stops the start with a ConfigError naming the variable instead of falling back unseen.
import { ConfigError } from "./config-error";
import { readEnv, setting, type Env } from "./env";

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

// ---- Read replicas (contract section 21): DATABASE_REPLICA_URLS, DATABASE_REPLICA_STICKY_MS,
// DATABASE_REPLICA_MAX_LAG_MS. Read by the replica set (src/server/db/replica-set.ts).

export type ReplicaTarget = {
  /** "host:port": how the replica is named in /healthz, /metrics and logs (never its password). */
  name: string;
  url: string;
};

export type ReplicaSettings = {
  /** DATABASE_REPLICA_URLS: streaming replicas of DATABASE_URL's PostgreSQL (unset: none). */
  replicas: ReplicaTarget[];
  /** DATABASE_REPLICA_STICKY_MS: a session that wrote reads from the primary this long (read-your-writes). */
  stickyMs: number;
  /** DATABASE_REPLICA_MAX_LAG_MS: a replica further behind is left out until it catches up. */
  maxLagMs: number;
};

/** One replica URL: postgres:// or postgresql:// with a host. The message never repeats a password. */
function replicaTarget(raw: string, index: number): ReplicaTarget {
  const refuse = (why: string) => new ConfigError(`DATABASE_REPLICA_URLS: entry ${index + 1} ${why}; expected postgresql://user:password@host:port/database, comma-separated`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("is not a URL");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") throw refuse(`starts with ${url.protocol}// instead of postgresql://`);
  if (!url.hostname) throw refuse("names no host");
  // Values pg would only fail on at connect time, leaving the replica unreachable with no word why.
  if (/\s/.test(raw)) throw refuse("contains a space (separate replicas with commas)");
  if (url.port === "0") throw refuse("names port 0");
  let database: string;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    database = decodeURIComponent(url.pathname.slice(1));
  } catch {
    throw refuse("has a malformed %-escape in its user, password or database");
  }
  if (database.includes("/")) throw refuse("names a database with a / in it (separate replicas with commas)");
  return { name: `${url.hostname}:${url.port || "5432"}`, url: raw };
}

/**
 * Pure: the replica settings an environment describes. Throws ConfigError on a value that cannot be
 * right. `embedded`: the process runs on the embedded database (no DATABASE_URL), which has no
 * replicas: naming some there is refused rather than ignored unseen.
 */
export function readReplicaConfig(env: Env = readEnv(), opts: { embedded?: boolean } = {}): ReplicaSettings {
  const entries = (env.DATABASE_REPLICA_URLS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const replicas = entries.map(replicaTarget);
  const names = new Set<string>();
  for (const r of replicas) {
    if (names.has(r.name)) throw new ConfigError(`DATABASE_REPLICA_URLS names ${r.name} twice`);
    names.add(r.name);
  }
  if (replicas.length && opts.embedded) {
    throw new ConfigError("DATABASE_REPLICA_URLS names replicas of DATABASE_URL's PostgreSQL, but DATABASE_URL is not set: the embedded database has no replicas");
  }
  return {
    replicas,
    stickyMs: wholeNumber(env, "DATABASE_REPLICA_STICKY_MS", 5_000, 0),
    maxLagMs: wholeNumber(env, "DATABASE_REPLICA_MAX_LAG_MS", 5_000, 500),
  };
}

/** Every DATABASE_* setting checked at once (a ConfigError naming the first wrong one), before
 *  bootstrap points DATABASE_URL at the embedded database, which has no replicas: `npm start` and
 *  `npm run worker` call it first. */
export function checkDatabaseSettings(env: Env = readEnv()): void {
  readDatabaseConfig(env);
  readReplicaConfig(env, { embedded: setting("databaseUrl") === null });
}
