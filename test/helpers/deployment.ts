// The processes operators run (contract section 14, docs/deploy.md), started for real on a database of
// the test's own: `npm start` (our server, the lean door), `next start` (Next's own server, the Next
// door) and `npm run worker`. A private database, because a worker claims every due webhook and
// email of its database, and those of other test files must stay theirs.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { applyMigrations } from "@/server/db/schema-engine";

export type PrivateDatabase = { url: string; embedded: boolean; drop(): Promise<void> };

/** A fresh, migrated database: beside the test database on PostgreSQL, else an in-memory PGlite. */
export async function privateDatabase(testDatabaseUrl: string): Promise<PrivateDatabase> {
  const probe = new pg.Client({ connectionString: testDatabaseUrl });
  await probe.connect();
  // PGlite is one database in one process: CREATE DATABASE is not for it.
  const embedded = (await probe.query<{ v: string }>("SELECT version() AS v")).rows[0].v.includes("emscripten") || testDatabaseUrl.includes("sslmode=disable");
  if (embedded) {
    await probe.end();
    const server = await startEmbeddedPostgres({ dir: null });
    await applyMigrations(server.url);
    return { url: server.url, embedded: true, drop: () => server.stop({ waitForClientsMs: 2_000 }) };
  }
  const name = `perkway_deploy_${process.pid}_${Date.now()}`;
  await probe.query(`CREATE DATABASE "${name}"`);
  await probe.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  return {
    url: url.toString(),
    embedded: false,
    async drop() {
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

export type Running = { name: string; child: ChildProcess; output: () => string; stop(): Promise<void> };

/** Starts a process of the product; resolves once `ready(port)` answers (or rejects with its output). */
export async function startProcess(name: string, args: string[], env: NodeJS.ProcessEnv, ready: () => Promise<boolean>, timeoutMs = 90_000): Promise<Running> {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const running: Running = {
    name,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it was ready:\n${out}`);
    if (await ready().catch(() => false)) return running;
    await new Promise((r) => setTimeout(r, 250));
  }
  await running.stop();
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${out}`);
}

/** The environment every process of one deployment shares (one database, one secret, one domain). */
export function deploymentEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-deploy-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PERKWAY_DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO: "0",
    LOG_LEVEL: "warn",
    // Several processes start at once on a 2-core machine: patience, not a failure.
    DATABASE_CONNECT_TIMEOUT_MS: "30000",
    ...extra,
  };
  delete env.DATABASE_DIRECT_URL;
  delete env.NEXT_RUNTIME;
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  return env;
}

/** One operator CLI command against the deployment's database; its JSON output. */
export function runCli(env: NodeJS.ProcessEnv, args: string[]): any {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], { env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`cli ${args.join(" ")} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

export const httpOk = (url: string) => async () => (await fetch(url)).status === 200;
