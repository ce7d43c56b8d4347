// The embedded default: PGlite (PostgreSQL compiled to WebAssembly) served over the PostgreSQL wire
// protocol on a local port, so Prisma, the CLI and migrations connect to it like any server.
// One process owns the data folder; others find it through `.data/embedded.json`.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pinExtendedProtocolBatches } from "./pglite-queue-fix";
import { setting } from "@/server/config/env";

export const DATA_DIR = path.resolve(setting("dataDir"));
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
  // pg_trgm: the inbox's search indexes (prisma/migrations/*_inbox_search_trgm) need it loaded.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
  const db = await PGlite.create(opts.dir ?? undefined, { extensions: { pg_trgm } });
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
      // A joiner closes its migration connection before its client opens the next one: the server
      // stops only after no connection has been open for a moment, not at the first idle instant.
      const deadline = Date.now() + (opts.waitForClientsMs ?? 120_000);
      const quietMs = Math.min(1_500, opts.waitForClientsMs ?? 1_500);
      let quietSince = Date.now();
      await sleep(100);
      while (Date.now() < deadline) {
        if (openConnections(server) > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) break;
        await sleep(50);
      }
      await server.stop();
      await db.close();
    },
  };
}

/**
 * Claims the data folder for this process (PGlite must never be opened by two processes at once):
 * an `owner.pid` file holding our pid. Returns the release function, or null while another live
 * process holds it. A claim left by a dead process is taken over.
 *
 * The file appears with the pid already in it (written to a file of our own, then hard-linked into
 * place; the link fails if the claim exists), so another process never reads a half-written claim.
 * Created empty and then written, a second process starting at the same moment could read "",
 * take it for a dead process's claim, delete it and claim too: both opened PGlite, and one aborted.
 */
export function claimDataDir(dataDir: string = DATA_DIR): (() => void) | null {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "owner.pid");
  const mine = path.join(dataDir, `owner.pid.${process.pid}`);
  fs.writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(mine, file);
        return () => releaseClaim(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      const owner = readClaim(file);
      if (owner === "gone") continue; // released meanwhile: try again
      if (owner !== process.pid && (owner === "unreadable" ? isRecent(file) : isAlive(owner))) return null;
      if (!moveStaleClaim(file, owner)) return null;
    }
    return null;
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

/** The pid in a claim file; "unreadable" for anything else (an older version's claim being written). */
function readClaim(file: string): number | "unreadable" | "gone" {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw err;
  }
  const pid = Number(text);
  return Number.isInteger(pid) && pid > 0 ? pid : "unreadable";
}

function isRecent(file: string): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < 10_000;
  } catch {
    return false;
  }
}

/**
 * Removes a dead process's claim so that it can be claimed again. It is renamed aside first (one
 * rename wins): if what was moved is no longer the claim we judged dead (a live process claimed the
 * folder in between), it is put back and the folder is not ours. False when the folder is taken.
 * Not closed: if yet another process claims in the instant between our rename and the put-back,
 * the put-back fails and two processes hold claims. That takes three processes racing over a dead
 * one's claim; the race test (6 at once over a dead claim) has not produced it.
 */
function moveStaleClaim(file: string, judged: number | "unreadable"): boolean {
  const aside = `${file}.stale-${process.pid}`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return true; // someone else removed it
    throw err;
  }
  const moved = readClaim(aside);
  if (moved !== judged && moved !== "gone") {
    try {
      fs.linkSync(aside, file);
    } catch {
      /* claimed again meanwhile (see above) */
    }
    fs.rmSync(aside, { force: true });
    return false;
  }
  fs.rmSync(aside, { force: true });
  return true;
}

/** Gives the folder back, unless the claim is no longer ours (taken over after we were judged dead). */
function releaseClaim(file: string): void {
  if (readClaim(file) === process.pid) fs.rmSync(file, { force: true });
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
