// The embedded default: PGlite (PostgreSQL compiled to WebAssembly) served over the PostgreSQL wire
// protocol on a local port, so Prisma, the CLI and migrations connect to it like any server.
// One process owns the data folder; others find it through `.data/embedded.json`.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pinExtendedProtocolBatches } from "./pglite-queue-fix";

export const DATA_DIR = path.resolve(process.env.PERKWAY_DATA_DIR ?? ".data");
const stateFile = (dataDir: string) => path.join(dataDir, "embedded.json");

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

/**
 * Starts PGlite on a free local port. `dir` null keeps the database in memory (tests).
 * `publishIn` writes {publishIn}/embedded.json so that other processes can find the server.
 */
export async function startEmbeddedPostgres(opts: { dir: string | null; port?: number; publishIn?: string }): Promise<EmbeddedServer> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
  const db = opts.dir ? await PGlite.create(opts.dir) : await PGlite.create();
  const port = opts.port ?? (await freePort());
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 100 });
  pinExtendedProtocolBatches(server); // concurrent connections are safe only with this (pglite#1046)
  await server.start();
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  const published = opts.publishIn ? stateFile(opts.publishIn) : null;
  if (published) {
    fs.mkdirSync(path.dirname(published), { recursive: true });
    fs.writeFileSync(published, JSON.stringify({ url, pid: process.pid }));
  }
  return {
    url,
    async stop() {
      if (published) fs.rmSync(published, { force: true });
      await server.stop();
      await db.close();
    },
  };
}

/** The URL of an embedded server another process of ours is running, if it is still answering. */
export async function findRunningEmbedded(dataDir: string = DATA_DIR): Promise<string | null> {
  let state: { url: string; pid: number };
  try {
    state = JSON.parse(fs.readFileSync(stateFile(dataDir), "utf8"));
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
