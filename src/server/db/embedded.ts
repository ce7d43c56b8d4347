// The embedded default: PGlite (PostgreSQL compiled to WebAssembly) served over the PostgreSQL wire
// protocol on a local port, so Prisma, the CLI and migrations connect to it like any server.
// One process owns the data folder; others find it through `.data/embedded.json`.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const DATA_DIR = path.resolve(process.env.PERKWAY_DATA_DIR ?? ".data");
const STATE_FILE = path.join(DATA_DIR, "embedded.json");

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

/** Starts PGlite on a free local port. `dir` null keeps the database in memory (tests). */
export async function startEmbeddedPostgres(opts: { dir: string | null; port?: number; publish?: boolean }): Promise<EmbeddedServer> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
  const db = opts.dir ? await PGlite.create(opts.dir) : await PGlite.create();
  const port = opts.port ?? (await freePort());
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 100 });
  await server.start();
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  if (opts.publish) {
    fs.mkdirSync(DATA_DIR, { recursive: true });
    fs.writeFileSync(STATE_FILE, JSON.stringify({ url, pid: process.pid }));
  }
  return {
    url,
    async stop() {
      if (opts.publish) fs.rmSync(STATE_FILE, { force: true });
      await server.stop();
      await db.close();
    },
  };
}

/** The URL of an embedded server another process of ours is running, if it is still answering. */
export async function findRunningEmbedded(): Promise<string | null> {
  let state: { url: string; pid: number };
  try {
    state = JSON.parse(fs.readFileSync(STATE_FILE, "utf8"));
  } catch {
    return null;
  }
  try {
    process.kill(state.pid, 0);
  } catch {
    return null;
  }
  const port = Number(new URL(state.url).port);
  return (await canConnect(port)) ? state.url : null;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
