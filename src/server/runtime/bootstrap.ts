// What every entry point (server, CLI, seed) does first: pick the database (embedded PGlite unless
// DATABASE_URL is set; pending migrations applied) and make sure AUTH_SECRET is known.
import { ensureAuthSecret } from "@/server/crypto/ensure-auth-secret";
import { DATA_DIR } from "@/server/db/embedded";
import { resolveDatabase, type ResolvedDatabase } from "@/server/db/resolve-database";
import { setEnv, setting } from "@/server/config/env";

export const log = (...args: unknown[]) => console.error(...args);

export async function bootstrap(opts: { port?: number; quiet?: boolean } = {}): Promise<ResolvedDatabase> {
  setEnv(
    "AUTH_SECRET",
    ensureAuthSecret({ dataDir: DATA_DIR, production: setting("nodeEnv") === "production", hasDatabaseUrl: setting("databaseUrl") !== null }),
  );
  const database = await resolveDatabase({ port: opts.port });
  setEnv("DATABASE_URL", database.url);
  if (!opts.quiet) log(database.embedded ? `database: embedded PGlite (${DATA_DIR}/pglite)${database.owned ? "" : ", shared with the running server"}` : "database: DATABASE_URL");
  const { applied } = database;
  // A new database gets every migration: name the first and the last, not a screenful.
  if (applied.length && !opts.quiet) log(`applied ${applied.length} migration(s): ${applied.length > 3 ? `${applied[0]} … ${applied[applied.length - 1]}` : applied.join(", ")}`);
  return database;
}
