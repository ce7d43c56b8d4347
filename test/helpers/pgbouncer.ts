// A private PgBouncer in transaction mode in front of a PostgreSQL URL: how most managed PostgreSQL
// is reached (Supavisor, RDS Proxy behave alike), so that the /v1 suites run through one
// (scripts/test.ts) and the pooler's rules are tested, not assumed. Debian's `pgbouncer` package; as
// root it runs as the `postgres` user (it refuses root). `pgbouncerBinary()` is null when missing.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sparePort } from "./spare-port";

export type Pgbouncer = { url: string; directUrl: string; stop(): Promise<void> };

export function pgbouncerBinary(): string | null {
  for (const candidate of ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer", "/usr/local/bin/pgbouncer"]) if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync("sh", ["-c", "command -v pgbouncer"], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** Starts PgBouncer (pool_mode = transaction) in front of `directUrl`; its `url` names the same database. */
export async function startPgbouncer(directUrl: string, opts: { poolSize?: number } = {}): Promise<Pgbouncer> {
  const bin = pgbouncerBinary();
  if (!bin) throw new Error("pgbouncer is not installed (Debian: apt-get install -y pgbouncer)");
  const target = new URL(directUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-pgbouncer-"));
  const port = await sparePort();
  const user = decodeURIComponent(target.username || "postgres");
  fs.writeFileSync(path.join(dir, "userlist.txt"), `"${user}" "${decodeURIComponent(target.password)}"\n`);
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      "auth_type = trust",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      // What the pg client sends at start-up besides user and database (docs/deploy.md, "Poolers").
      "ignore_startup_parameters = extra_float_digits,options,statement_timeout",
      "max_client_conn = 1000",
      `default_pool_size = ${opts.poolSize ?? 20}`,
      "server_reset_query =",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
      "",
    ].join("\n"),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync("chown", ["-R", "postgres", dir]);
  const child: ChildProcess = asRoot
    ? spawn("runuser", ["-u", "postgres", "--", bin, path.join(dir, "pgbouncer.ini")], { stdio: "ignore" })
    : spawn(bin, [path.join(dir, "pgbouncer.ini")], { stdio: "ignore" });
  const pooled = new URL(directUrl);
  pooled.port = String(port);
  pooled.hostname = "127.0.0.1";
  await waitForPort(port, child, path.join(dir, "pgbouncer.log"));
  return {
    url: pooled.toString(),
    directUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        // pgbouncer itself, not runuser (which does not pass SIGINT on, and left it running once killed),
        // and SIGTERM: SIGINT is pgbouncer's "wait until every client has left".
        const pid = Number(fs.readFileSync(path.join(dir, "pgbouncer.pid"), "utf8").trim());
        signal(pid, "SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
        signal(pid, "SIGKILL");
        child.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${fs.existsSync(log) ? fs.readFileSync(log, "utf8").slice(-500) : "no log"}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => (s.destroy(), resolve(true)));
      s.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("pgbouncer did not listen within 10 s");
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    if (pid > 0) process.kill(pid, name);
  } catch {
    // already gone
  }
}
