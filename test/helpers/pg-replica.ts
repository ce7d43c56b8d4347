// A real streaming replica of the test PostgreSQL (contract section 21), for the read-replica tests
// and `npm run bench:replicas`: `pg_basebackup -R -X stream` of the primary's whole cluster into a
// temp folder, started on another port as a hot standby, which the test may stop, start again, and
// lag on purpose (`pg_wal_replay_pause()`). It replicates every database of the cluster, so a
// database made on the primary (test/helpers/deployment.ts: privateDatabase) is on the replica too.
//
// The primary must allow it: wal_level replica (PostgreSQL's default), max_wal_senders > 0 (default 10)
// and a pg_hba.conf line for replication connections from 127.0.0.1. `prepareReplication` adds that
// line itself when it can (root on the machine that runs the primary, .ci/run's case; it is what
// docs/scaling.md tells an operator too) and otherwise says what is missing, so that the test skips
// with that reason (test/helpers/requires-postgres.ts) — and fails instead in CI.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { postgresBinDir } from "./own-postgres";
import { sparePort } from "./spare-port";

export type Replica = {
  /** "127.0.0.1:port": the name /healthz and /metrics give it. */
  name: string;
  port: number;
  /** The replica's URL for `database`, with the primary's user (and `password`, which trust ignores). */
  urlFor(database: string, password?: string): string;
  /** Stops it (-m fast: its connections are cut, as when a replica host dies). */
  stop(): void;
  start(): void;
  /** Stops replaying WAL (it still receives it): from now on it falls behind the primary. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops it, deletes its files and drops its replication slot on the primary. */
  destroy(): Promise<void>;
};

const HBA_LINE = "host replication all 127.0.0.1/32 trust";

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>, extra: pg.ClientConfig = {}): Promise<T> {
  const client = new pg.Client({ connectionString: url, ...extra });
  client.on("error", () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function replicationAllowed(primaryUrl: string): Promise<boolean> {
  try {
    await withClient(primaryUrl, (c) => c.query("IDENTIFY_SYSTEM"), { replication: "true" } as pg.ClientConfig);
    return true;
  } catch {
    return false;
  }
}

/**
 * null when a replica of `primaryUrl`'s server can be made here; else why not. Adds the pg_hba.conf
 * line for replication from 127.0.0.1 when the primary lacks it and its file is writable here.
 */
export async function prepareReplication(primaryUrl: string): Promise<string | null> {
  const bin = postgresBinDir();
  if (!bin || !fs.existsSync(path.join(bin, "pg_basebackup"))) return "needs PostgreSQL's server binaries and pg_basebackup to make a streaming replica (apt-get install postgresql)";
  const settings = await withClient(primaryUrl, async (c) => {
    const show = async (name: string) => (await c.query<Record<string, string>>(`SHOW ${name}`)).rows[0][name];
    return { walLevel: await show("wal_level"), senders: Number(await show("max_wal_senders")), hba: await show("hba_file").catch(() => "") };
  });
  if (settings.walLevel === "minimal" || settings.senders < 1) return `the test PostgreSQL cannot stream to a replica (wal_level=${settings.walLevel}, max_wal_senders=${settings.senders}): set wal_level = replica and max_wal_senders = 10, and restart it`;
  if (await replicationAllowed(primaryUrl)) return null;
  let writable = false;
  try {
    fs.accessSync(settings.hba, fs.constants.W_OK);
    writable = true;
  } catch {
    // not ours to change
  }
  if (!writable) return `the test PostgreSQL refuses replication connections from 127.0.0.1: add "${HBA_LINE}" to its pg_hba.conf and reload it`;
  fs.appendFileSync(settings.hba, `\n# perkway read-replica tests (test/helpers/pg-replica.ts)\n${HBA_LINE}\n`);
  await withClient(primaryUrl, (c) => c.query("SELECT pg_reload_conf()"));
  for (let i = 0; i < 20; i++) {
    if (await replicationAllowed(primaryUrl)) return null;
    await new Promise((r) => setTimeout(r, 100));
  }
  return `the test PostgreSQL still refuses replication connections after adding "${HBA_LINE}" to ${settings.hba}`;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { encoding: "utf8", env });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
}

/** Makes and starts a hot standby of `primaryUrl`'s server (call prepareReplication first). */
export async function startReplica(primaryUrl: string): Promise<Replica> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no PostgreSQL server binaries");
  const primary = new URL(primaryUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-replica-"));
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) spawnSync("chown", ["postgres", dir]);
  // A hot standby must allow at least as much as its primary of these.
  const limits = await withClient(primaryUrl, async (c) => {
    const names = ["max_connections", "max_worker_processes", "max_wal_senders", "max_prepared_transactions", "max_locks_per_transaction"];
    const out: string[] = [];
    for (const n of names) out.push(`-c ${n}=${(await c.query<Record<string, string>>(`SHOW ${n}`)).rows[0][n]}`);
    return out.join(" ");
  });
  const user = decodeURIComponent(primary.username || "postgres");
  // A physical replication slot keeps the WAL the replica has not received yet on the primary, so a
  // replica stopped for a while (or a busy primary recycling WAL fast) still catches up when started
  // again. Named with this process's pid: destroy() drops it, and a slot left by a process that died
  // is dropped here (the shared server must not keep WAL for a replica that no longer exists).
  await dropOrphanSlots(primaryUrl);
  const slot = `${SLOT_PREFIX}${process.pid}_${Date.now()}`;
  // The URL's password, for a primary that asks one of replication connections (CI's scram line); -R
  // writes it into the standby's primary_conninfo.
  const env = primary.password ? { ...process.env, PGPASSWORD: decodeURIComponent(primary.password) } : process.env;
  run(path.join(bin, "pg_basebackup"), ["-h", primary.hostname, "-p", primary.port || "5432", "-U", user, "-D", data, "-R", "-X", "stream", "-C", "-S", slot, "-c", "fast", "--no-sync"], env);
  // Debian keeps a cluster's configuration outside its data directory: the copy gets its own.
  fs.writeFileSync(path.join(data, "postgresql.conf"), "hot_standby = on\n");
  fs.writeFileSync(path.join(data, "pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n");
  fs.writeFileSync(path.join(data, "pg_ident.conf"), "");
  if (process.getuid?.() === 0) spawnSync("chown", ["-R", "postgres", data]);
  const port = await sparePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c hot_standby=on -c shared_buffers=32MB ${limits}`;
  const start = () => run(path.join(bin, "pg_ctl"), ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
  const stop = () => run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  start();
  const urlFor = (database: string, password?: string) => {
    const u = new URL(primaryUrl);
    u.hostname = "127.0.0.1";
    u.port = String(port);
    u.pathname = `/${database}`;
    if (password !== undefined) u.password = password;
    return u.toString();
  };
  const adminUrl = urlFor(primary.pathname.slice(1) || "postgres");
  return {
    name: `127.0.0.1:${port}`,
    port,
    urlFor,
    stop,
    start,
    pauseReplay: () => withClient(adminUrl, async (c) => void (await c.query("SELECT pg_wal_replay_pause()"))),
    resumeReplay: () => withClient(adminUrl, async (c) => void (await c.query("SELECT pg_wal_replay_resume()"))),
    async destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
      await withClient(primaryUrl, (c) => c.query("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active", [slot])).catch(() => {});
    },
  };
}

const SLOT_PREFIX = "perkway_test_replica_";

/** Drops the inactive slots of replicas whose process (named in the slot) is gone. */
async function dropOrphanSlots(primaryUrl: string): Promise<void> {
  await withClient(primaryUrl, async (c) => {
    const { rows } = await c.query<{ slot_name: string }>("SELECT slot_name FROM pg_replication_slots WHERE slot_name LIKE $1 AND NOT active", [`${SLOT_PREFIX}%`]);
    for (const { slot_name } of rows) {
      const pid = Number(slot_name.slice(SLOT_PREFIX.length).split("_")[0]);
      let alive = false;
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        // gone
      }
      if (!alive) await c.query("SELECT pg_drop_replication_slot($1)", [slot_name]).catch(() => {});
    }
  });
}
