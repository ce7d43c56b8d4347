// Which database a process talks to: DATABASE_URL when set (real PostgreSQL); otherwise the
// embedded PGlite under .data/ — joined through its socket when another of our processes already
// serves it, started (and owned) by this process when none does.
// Pending migrations are applied here too, before the embedded server is announced to others.
import path from "node:path";
import pg from "pg";
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

async function holdConnection(url: string): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {}); // the owner going away later is not this process's failure
  try {
    await client.connect();
    return client;
  } catch {
    return null;
  }
}

export async function resolveDatabase(opts: { port?: number } = {}): Promise<ResolvedDatabase> {
  const configured = setting("databaseUrl");
  // Migrations take a session-level lock: through a transaction-mode pooler they need the direct URL.
  if (configured) return { url: configured, embedded: false, owned: false, applied: await applyMigrations(setting("databaseDirectUrl") ?? configured), stop: async () => {} };
  // Another process may be starting the server right now: it holds the folder before it answers.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const running = await findRunningEmbedded();
    if (running) {
      // The owner stops its server once no connection has been open for a moment: a joiner holds one
      // from here to its own stop, or the gap between its migrations and its first query (module
      // loading, seconds on a busy machine) could see the server go (a CLI beside a finishing one).
      const presence = await holdConnection(running);
      if (!presence) continue; // it stopped just now: claim the folder on the next turn
      try {
        return { url: running, embedded: true, owned: false, applied: await applyMigrations(running), stop: () => presence.end().catch(() => {}) };
      } catch (err) {
        await presence.end().catch(() => {});
        throw err;
      }
    }
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
