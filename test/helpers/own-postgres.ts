// A PostgreSQL cluster of the test's own (initdb in a temp dir, a spare port), which the test may
// stop and start again: the shared server must never be stopped. Uses Debian's PostgreSQL binaries;
// as root, they run as the `postgres` user (initdb refuses root). `available()` is false when the
// binaries are missing, so the test can say why it skips.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const BIN = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

export type OwnPostgres = { url: string; port: number; start(): void; stop(): void; destroy(): void };

export function ownPostgresAvailable(): boolean {
  return fs.existsSync(path.join(BIN, "initdb")) && fs.existsSync(path.join(BIN, "pg_ctl"));
}

async function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function run(cmd: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-pg-"));
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const port = await sparePort();
  run(path.join(BIN, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => run(path.join(BIN, "pg_ctl"), ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]);
  // -m fast: open connections are cut, as when the database goes away under load.
  const stop = () => run(path.join(BIN, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
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
