// Which database a process talks to: DATABASE_URL when set (real PostgreSQL); otherwise the
// embedded PGlite under .data/ — joined through its socket when another of our processes already
// serves it, started (and owned) by this process when none does.
import path from "node:path";
import { DATA_DIR, findRunningEmbedded, startEmbeddedPostgres } from "./embedded";

export type ResolvedDatabase = { url: string; embedded: boolean; owned: boolean; stop: () => Promise<void> };

export async function resolveDatabase(opts: { port?: number } = {}): Promise<ResolvedDatabase> {
  const configured = process.env.DATABASE_URL;
  if (configured) return { url: configured, embedded: false, owned: false, stop: async () => {} };
  const running = await findRunningEmbedded();
  if (running) return { url: running, embedded: true, owned: false, stop: async () => {} };
  const server = await startEmbeddedPostgres({ dir: path.join(DATA_DIR, "pglite"), port: opts.port, publishIn: DATA_DIR });
  return { url: server.url, embedded: true, owned: true, stop: server.stop };
}
