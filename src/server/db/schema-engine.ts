// Prisma's native schema engine cannot be downloaded on our machines; the WebAssembly build does
// the same work (diff, apply, record in _prisma_migrations) through the pg driver adapter.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { setting } from "@/server/config/env";


type Engine = {
  diff(params: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  free(): void;
};

(globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY ??= { set_message(m: string) { console.error("schema engine panic:", m); } };

type Glue = { SchemaEngine: { new: (opts: unknown, log: (m: string) => void, adapter: unknown) => Promise<Engine> } };

// One WebAssembly instance per process, kept on globalThis: this module can be loaded more than once
// in a process (Next's bundle beside our server's API path; a test runner that resets its modules), but
// the engine's glue module (schema_engine_bg.js, imported natively) is one module per process, with one
// `wasm` binding and one cached view of its memory. A second instance set into it kept the first
// instance's memory view: strings went into one instance's memory and were read from the other's, and
// the engine panicked on garbage (a CI run of the migrations test). The promise, not the glue, so that
// two first callers at once do not instantiate twice.
const shared = globalThis as unknown as { perkwaySchemaEngine?: { glue: Promise<Glue> | null; starts: number } };
const engineState = (shared.perkwaySchemaEngine ??= { glue: null, starts: 0 });

/** How many times this process has started the schema engine (never, when every migration was already applied). */
export function schemaEngineStarts(): number {
  return engineState.starts;
}

function loadGlue(): Promise<Glue> {
  engineState.glue ??= instantiateGlue().catch((err) => {
    engineState.glue = null; // a failed load (a missing file) is tried again by the next caller
    throw err;
  });
  return engineState.glue;
}

async function instantiateGlue(): Promise<Glue> {
  // Resolved and imported at run time, from the project's node_modules: inside Next's server bundle
  // (`next start` migrates from src/instrumentation.ts) the bundler would turn require.resolve into a
  // module id and the wasm file's path into a number.
  const runtimeRequire = createRequire(path.join(process.cwd(), "package.json"));
  const bgPath = runtimeRequire.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bg = await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(bgPath).href);
  const wasmPath = path.join(path.dirname(bgPath), "schema_engine_bg.wasm");
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), { "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports });
  const exports = instance.exports as Record<string, unknown>;
  (bg as unknown as { __wbg_set_wasm(w: unknown): void }).__wbg_set_wasm(exports);
  (exports.__wbindgen_start as () => void)();
  return bg as unknown as Glue;
}

// The engine's introspection reads catalog columns of PostgreSQL's internal "char" type (OID 18),
// which the pg adapter refuses to map. We let them through as text at the driver level, remember
// which columns they were, and report them to the engine as Character (the engine runs one query
// at a time on its single connection, so "the last result" is unambiguous).
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const CHARACTER_COLUMN = 6; // ColumnTypeEnum.Character
let lastCharColumns: number[] = [];

function charAsText<T>(result: T): T {
  const fields = (result as { fields?: { dataTypeID: number }[] })?.fields ?? [];
  lastCharColumns = [];
  fields.forEach((f, i) => {
    if (f.dataTypeID === PG_CHAR_OID) {
      f.dataTypeID = PG_TEXT_OID;
      lastCharColumns.push(i);
    }
  });
  return result;
}
function patchQuery<Q>(target: Q): Q {
  const t = target as unknown as { query: (...a: unknown[]) => unknown };
  const original = t.query.bind(target);
  t.query = (...args: unknown[]) => {
    const r = original(...args);
    return r instanceof Promise ? r.then(charAsText) : r;
  };
  return target;
}
type Queryable = { queryRaw: (q: unknown) => Promise<{ columnTypes: number[] }>; startTransaction?: (...a: unknown[]) => Promise<Queryable> };
function reportCharColumns<A extends Queryable>(adapter: A): A {
  const queryRaw = adapter.queryRaw.bind(adapter);
  adapter.queryRaw = async (q) => {
    const result = await queryRaw(q);
    for (const i of lastCharColumns) result.columnTypes[i] = CHARACTER_COLUMN;
    return result;
  };
  if (adapter.startTransaction) {
    const start = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (...a) => reportCharColumns(await start(...a));
  }
  return adapter;
}
class CatalogFriendlyPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    patchQuery(this);
    this.on("connect", (client) => void patchQuery(client));
  }
}
function catalogFriendlyAdapter(pool: pg.Pool) {
  const factory = new PrismaPg(pool);
  const connect = factory.connect.bind(factory);
  factory.connect = async () => reportCharColumns((await connect()) as unknown as Queryable) as never;
  return bindMigrationAwareSqlAdapterFactory(factory);
}

// Overridable so that tests can check a modified copy of the schema.
export const SCHEMA_PATH = path.resolve(setting("schemaPath"));
export const MIGRATIONS_DIR = path.resolve(setting("migrationsDir"));
const FILTERS = { externalTables: [], externalEnums: [] };

export type ProjectPaths = { schemaPath: string; migrationsDir: string };
const defaultPaths = (): ProjectPaths => ({ schemaPath: SCHEMA_PATH, migrationsDir: MIGRATIONS_DIR });

export async function openSchemaEngine(url: string | null, paths: ProjectPaths = defaultPaths()): Promise<Engine> {
  const { SchemaEngine } = await loadGlue();
  const schema = fs.readFileSync(paths.schemaPath, "utf8");
  // A diff between files needs no database, but the engine always wants an adapter.
  const pool = new CatalogFriendlyPool({ connectionString: url ?? "postgresql://unused@127.0.0.1:1/none", max: 1 });
  const clients = new Set<pg.Client>();
  pool.on("connect", (client) => void clients.add(client));
  engineState.starts++;
  const engine = await SchemaEngine.new({ datamodels: [[paths.schemaPath, schema]] }, () => {}, catalogFriendlyAdapter(pool));
  // The engine's connection holds Prisma's session-level migration lock (pg_advisory_lock(72707369))
  // until it closes, and freeing the engine does not close it: left idle in the pool, it made the next
  // instance's (or the CLI's) migrations wait 10 s and fail. Closed with the engine.
  const free = engine.free.bind(engine);
  engine.free = () => {
    free();
    for (const client of clients) void client.end().catch(() => {});
    void pool.end().catch(() => {});
  };
  return engine;
}

export function readMigrationsList(migrationsDir: string = MIGRATIONS_DIR) {
  const dirs = fs.existsSync(migrationsDir)
    ? fs.readdirSync(migrationsDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: { path: "migration.sql", content: { tag: "ok", value: fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8") } },
    })),
  };
}

/**
 * Applies pending migrations; returns the names applied now. Several app instances starting at once
 * take turns through a PostgreSQL advisory lock (as `prisma migrate deploy` does), so none sees a
 * half-applied migration. (On PGlite every connection shares one session, so the lock is a no-op
 * there; the embedded server is published only after its owner has migrated: resolve-database.ts.)
 */
export async function applyMigrations(url: string, paths: ProjectPaths = defaultPaths()): Promise<string[]> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const migrationsList = readMigrationsList(paths.migrationsDir);
    if (await allMigrationsApplied(lock, migrationsList.migrationDirectories)) return [];
    const engine = await openSchemaEngine(url, paths);
    try {
      const out = await engine.applyMigrations({ migrationsList, filters: FILTERS });
      return out.appliedMigrationNames;
    } finally {
      engine.free();
    }
  } finally {
    await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await lock.end();
  }
}

/**
 * True when the database has recorded exactly these migrations, each finished and with the checksum
 * of its file as it is now (Prisma's: the SHA-256 of migration.sql): nothing to do, and the schema
 * engine (its WebAssembly, a second of CPU at every process start) is not loaded. Anything else —
 * no _prisma_migrations yet, a pending, failed, edited or unknown migration — goes to the engine,
 * which applies, refuses or reports exactly as before.
 */
async function allMigrationsApplied(client: pg.Client, dirs: ReturnType<typeof readMigrationsList>["migrationDirectories"]): Promise<boolean> {
  let rows: { migration_name: string; checksum: string; finished: boolean }[];
  try {
    ({ rows } = await client.query(
      "SELECT migration_name, checksum, finished_at IS NOT NULL AS finished FROM _prisma_migrations WHERE rolled_back_at IS NULL",
    ));
  } catch {
    return false; // no migrations table (a new database): the engine creates it
  }
  if (rows.length !== dirs.length) return false;
  const recorded = new Map(rows.map((r) => [r.migration_name, r]));
  return dirs.every((d) => {
    const r = recorded.get(d.path);
    const sql = d.migrationFile.content.value;
    return !!r && r.finished && r.checksum === createHash("sha256").update(sql).digest("hex");
  });
}

const MIGRATION_LOCK_KEY = 727_073_690; // any constant shared by every instance of this app

/**
 * SQL that takes the committed migrations to the current schema.prisma ("" when they agree).
 * The migrations are replayed into a throwaway in-memory PGlite, which is then diffed against the schema.
 */
export async function diffMigrationsToSchema(paths: ProjectPaths = defaultPaths()): Promise<string> {
  const { startEmbeddedPostgres } = await import("./embedded");
  const scratch = await startEmbeddedPostgres({ dir: null });
  const engine = await openSchemaEngine(scratch.url, paths);
  const schema = fs.readFileSync(paths.schemaPath, "utf8");
  try {
    await engine.applyMigrations({ migrationsList: readMigrationsList(paths.migrationsDir), filters: FILTERS });
    const out = await engine.diff({
      from: { tag: "schemaDatasource", files: [{ path: paths.schemaPath, content: schema }], configDir: process.cwd() },
      to: { tag: "schemaDatamodel", files: [{ path: paths.schemaPath, content: schema }] },
      script: true,
      exitCode: null,
      filters: FILTERS,
    });
    const sql = (out.stdout ?? "").trim();
    return sql === "-- This is an empty migration." ? "" : sql;
  } finally {
    engine.free();
    await scratch.stop();
  }
}
