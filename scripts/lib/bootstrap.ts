// What every entry point (server, CLI, seed) does first: pick the database (embedded PGlite unless
// DATABASE_URL is set; pending migrations applied) and make sure AUTH_SECRET is known.
import { ensureAuthSecret } from "@/server/crypto/ensure-auth-secret";
import { DATA_DIR } from "@/server/db/embedded";
import { resolveDatabase, type ResolvedDatabase } from "@/server/db/resolve-database";

export const log = (...args: unknown[]) => console.error(...args);

export async function bootstrap(opts: { port?: number; quiet?: boolean } = {}): Promise<ResolvedDatabase> {
  process.env.AUTH_SECRET = ensureAuthSecret({
    dataDir: DATA_DIR,
    production: process.env.NODE_ENV === "production",
    hasDatabaseUrl: Boolean(process.env.DATABASE_URL),
  });
  const database = await resolveDatabase({ port: opts.port });
  process.env.DATABASE_URL = database.url;
  if (!opts.quiet) log(database.embedded ? `database: embedded PGlite (${DATA_DIR}/pglite)${database.owned ? "" : ", shared with the running server"}` : "database: DATABASE_URL");
  const { applied } = database;
  if (applied.length && !opts.quiet) log(`applied ${applied.length} migration(s): ${applied.join(", ")}`);
  return database;
}
