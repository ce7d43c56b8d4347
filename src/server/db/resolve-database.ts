// Which database a process talks to: DATABASE_URL when set (real PostgreSQL); otherwise the
// embedded PGlite under .data/ — joined through its socket when another of our processes already
// serves it, started (and owned) by this process when none does.
// Pending migrations are applied here too, before the embedded server is announced to others.
import path from "node:path";
import { claimDataDir, DATA_DIR, findRunningEmbedded, startEmbeddedPostgres } from "./embedded";
import { applyMigrations } from "./schema-engine";
import { setting } from "@/server/config/env";

export type ResolvedDatabase = {
  url: string;
  embedded: boolean;
  owned: boolean;
  applied: string[];
  /** Call after this process has closed its own connections (disconnectDb). */
  stop: (opts?: { waitForClientsMs?: number }) => Promise<void>;
};

export async function resolveDatabase(opts: { port?: number } = {}): Promise<ResolvedDatabase> {
  const configured = setting("databaseUrl");
  if (configured) return { url: configured, embedded: false, owned: false, applied: await applyMigrations(configured), stop: async () => {} };
  // Another process may be starting the server right now: it holds the folder before it answers.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const running = await findRunningEmbedded();
    if (running) return { url: running, embedded: true, owned: false, applied: await applyMigrations(running), stop: async () => {} };
    const release = claimDataDir();
    if (release) {
      try {
        const server = await startEmbeddedPostgres({ dir: path.join(DATA_DIR, "pglite"), port: opts.port });
        const stop = async (o?: { waitForClientsMs?: number }) => (await server.stop(o), release());
        try {
          const applied = await applyMigrations(server.url);
          server.publish(DATA_DIR); // only a migrated database is ever joined
          return { url: server.url, embedded: true, owned: true, applied, stop };
        } catch (err) {
          await server.stop();
          throw err;
        }
      } catch (err) {
        release();
        throw err;
      }
    }
    if (Date.now() > deadline) throw new Error(`${DATA_DIR} is held by another process that is not serving it: stop that process, or delete ${DATA_DIR}/owner.pid if none runs`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
