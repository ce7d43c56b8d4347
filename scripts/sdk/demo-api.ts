// Starts scripts/sdk/serve-demo-api.ts in a child process on a database of its own: a fresh
// PostgreSQL database next to DATABASE_URL's (dropped on close), or an embedded PGlite in a temp
// folder when there is no PostgreSQL to create it on. For the doc-example test and the SDK's
// tarball quick start: what a partner's engineer sees after `npm start`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export type DemoApi = { url: string; keys: { public_key: string; private_key: string }; close(): Promise<void> };

const ROOT = path.resolve(import.meta.dirname, "../..");

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.DATABASE_URL;
  if (!base) return null;
  const name = `perkway_demo_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch {
    return null; // the embedded test database cannot hold a second one
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await c.end();
    },
  };
}

export async function startDemoApi(opts: { log?: (line: string) => void } = {}): Promise<DemoApi> {
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-demo-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PERKWAY_DATA_DIR: dataDir, SEED_DEMO: "1", LOG_LEVEL: "silent", NODE_ENV: "development", PORT: "0" };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/sdk/serve-demo-api.ts")], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stderr.on("data", (b: Buffer) => opts.log?.(b.toString()));
  const ready = await new Promise<{ url: string; keys: DemoApi["keys"] }>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line));
    });
    child.once("exit", (code) => reject(new Error(`serve-demo-api exited with ${code} before it was ready`)));
  });
  return {
    ...ready,
    async close() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
