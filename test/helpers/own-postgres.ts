// A PostgreSQL cluster of the test's own (initdb in a temp dir, a spare port), which the test may
// stop and start again: the shared server must never be stopped. Uses the machine's PostgreSQL
// server binaries (PG_BIN_DIR, else `pg_config --bindir`, else the newest /usr/lib/postgresql/*/bin);
// as root, they run as the `postgres` user (initdb refuses root). `ownPostgresMissing()` says why
// there is no cluster to be had, so the test can skip with that reason (test/helpers/requires-postgres.ts).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sparePort } from "./spare-port";

const hasServerBinaries = (dir: string) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl"));

function findBinDir(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  const pgConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (pgConfig.status === 0) candidates.push(pgConfig.stdout.trim());
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, "bin")));
  }
  return candidates.find(hasServerBinaries) ?? null;
}

const BIN = findBinDir();

/** The machine's PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup), or null (test/helpers/pg-replica.ts too). */
export function postgresBinDir(): string | null {
  return BIN;
}

/** null when a cluster can be started here, else what is missing. */
export function ownPostgresMissing(): string | null {
  return BIN
    ? null
    : "needs PostgreSQL's server binaries (initdb, pg_ctl) to start a cluster of its own: none in PG_BIN_DIR, `pg_config --bindir` or /usr/lib/postgresql/*/bin (apt-get install postgresql)";
}

export type OwnPostgres = { url: string; port: number; start(): void; stop(): void; destroy(): void };

function run(cmd: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = BIN;
  if (!bin) throw new Error(ownPostgresMissing()!);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-pg-"));
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const port = await sparePort();
  run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => run(path.join(bin, "pg_ctl"), ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]);
  // -m fast: open connections are cut, as when the database goes away under load.
  const stop = () => run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
