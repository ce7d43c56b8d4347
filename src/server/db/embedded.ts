// The embedded default: PGlite (PostgreSQL compiled to WebAssembly) served over the PostgreSQL wire
// protocol on a local port, so Prisma, the CLI and migrations connect to it like any server.
// One process owns the data folder; others find it through `.data/embedded.json`.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pinExtendedProtocolBatches } from "./pglite-queue-fix";

export const DATA_DIR = path.resolve(process.env.PERKWAY_DATA_DIR ?? ".data");
const stateFile = (dataDir: string) => path.join(dataDir, "embedded.json");

export type EmbeddedServer = {
  url: string;
  /** Writes {dataDir}/embedded.json so that other processes can find and join this server. */
  publish: (dataDir: string) => void;
  /** Closes the server once clients of other processes have disconnected (or the wait ran out). */
  stop: (opts?: { waitForClientsMs?: number }) => Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Live client connections of the socket server (its handler set is not part of the typed API). */
function openConnections(server: object): number {
  return (server as { handlers?: Set<unknown> }).handlers?.size ?? 0;
}

/** Starts PGlite on a free local port. `dir` null keeps the database in memory (tests). */
export async function startEmbeddedPostgres(opts: { dir: string | null; port?: number }): Promise<EmbeddedServer> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
  const db = opts.dir ? await PGlite.create(opts.dir) : await PGlite.create();
  const port = opts.port ?? (await freePort());
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 100 });
  pinExtendedProtocolBatches(server); // concurrent connections are safe only with this (pglite#1046)
  await server.start();
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  let published: string | null = null;
  return {
    url,
    publish(dataDir) {
      published = stateFile(dataDir);
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(published, JSON.stringify({ url, pid: process.pid }));
    },
    async stop(opts = {}) {
      if (published) fs.rmSync(published, { force: true }); // no new joiners from here on
      // Processes that joined (a CLI command while `npm start` runs, or the other way round) keep
      // their connections until they are done: wait for them, up to a limit.
      const deadline = Date.now() + (opts.waitForClientsMs ?? 120_000);
      await sleep(100);
      while (openConnections(server) > 0 && Date.now() < deadline) await sleep(100);
      await server.stop();
      await db.close();
    },
  };
}

/**
 * Claims the data folder for this process (PGlite must never be opened by two processes at once):
 * an `owner.pid` file created exclusively. Returns the release function, or null while another
 * live process holds it. A file left by a dead process is taken over.
 */
export function claimDataDir(dataDir: string = DATA_DIR): (() => void) | null {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "owner.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number(fs.readFileSync(file, "utf8"));
      if (owner && owner !== process.pid && isAlive(owner)) return null;
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The URL of an embedded server another process of ours is running, if it is still answering. */
export async function findRunningEmbedded(dataDir: string = DATA_DIR): Promise<string | null> {
  let state: { url: string; pid: number };
  try {
    state = JSON.parse(fs.readFileSync(stateFile(dataDir), "utf8"));
  } catch {
    return null;
  }
  if (!isAlive(state.pid)) return null;
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
