// `npm run test:e2e`: starts the real app (production build, as `npm start` does) on a fresh
// database seeded with the demo data, runs the Playwright suite in Debian's Chromium, stops the app.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { credentialsFileFor } from "./seed/demo-credentials";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.resolve(".data/e2e");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const env: Record<string, string | undefined> = { ...process.env, SEED_DEMO: "1", PORT: String(port), PERKWAY_DATA_DIR: dataDir, APP_DOMAIN: `localhost:${port}`, AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64url"), LOG_LEVEL: "silent", WEBHOOK_ALLOW_PRIVATE: "1", OIDC_ALLOW_PRIVATE: "1", PERKWAY_TEST_FAULTS: "1", METRICS_TOKEN: randomBytes(24).toString("base64url") };
delete env.NODE_ENV;
if (process.env.DATABASE_URL) env.DATABASE_URL = await freshDatabase(process.env.DATABASE_URL);

console.error(`end-to-end: starting the app on port ${port} (${env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"})…`);
// What `npm start` runs (package.json), heap cap included, without npm around it.
const app = spawn(process.execPath, ["--max-old-space-size=256", "--max-semi-space-size=8", "scripts/run-built.mjs", "scripts/start.ts"], { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "pipe"] });
app.stderr.on("data", (d: Buffer) => {
  process.stderr.write(d.toString().split("\n").filter(Boolean).map((l) => `  [app] ${l}\n`).join(""));
});
const seed: { child: ReturnType<typeof spawn> | null } = { child: null };
const exited = new Promise<number>((resolve) => app.on("exit", (code) => resolve(code ?? 1)));

let status = 1;
try {
  await waitForApp();
  const credentialsFile = credentialsFileFor(env.DATABASE_URL ?? null, dataDir);
  const creds = JSON.parse(fs.readFileSync(credentialsFile, "utf8"));
  const first = creds.partners[0];
  const seedUrl = await startSeedServer();
  const r = spawnSync(process.execPath, [path.resolve("node_modules/@playwright/test/cli.js"), "test", "--reporter=list,json", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: {
      ...process.env,
      E2E_BASE_URL: `http://localhost:${port}`,
      E2E_ADMIN_EMAIL: first.admin.email,
      E2E_ADMIN_PASSWORD: first.admin.password,
      E2E_SUPER_ADMIN_EMAIL: creds.super_admin.email,
      E2E_SUPER_ADMIN_PASSWORD: creds.super_admin.password,
      E2E_PARTNER_SUBDOMAIN: first.subdomain,
      E2E_PARTNER_NAME: first.name,
      E2E_CREDENTIALS_FILE: credentialsFile,
      // e2e/support.ts runs the operator CLI against the app's own database (embedded: through its socket).
      E2E_DATA_DIR: dataDir,
      E2E_DATABASE_URL: env.DATABASE_URL ?? "",
      E2E_AUTH_SECRET: env.AUTH_SECRET,
      E2E_SEED_URL: seedUrl,
      // The fuzz reads the server's own event-loop delay from /metrics (e2e/fuzz-portal.spec.ts).
      E2E_METRICS_TOKEN: env.METRICS_TOKEN,
    },
  });
  status = r.status ?? 1;
} catch (err) {
  console.error(`end-to-end: ${(err as Error).message}`);
} finally {
  seed.child?.kill("SIGTERM");
  app.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  app.kill("SIGKILL");
}
process.exit(status);

/** The seeding process the specs' `cli()` talks to (e2e/tools/seed-server.ts), on the app's database. */
async function startSeedServer(): Promise<string> {
  const seedEnv: NodeJS.ProcessEnv = { ...(env as NodeJS.ProcessEnv), LOG_LEVEL: "silent" };
  if (!env.DATABASE_URL) delete seedEnv.DATABASE_URL;
  delete seedEnv.PORT;
  const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "e2e/tools/seed-server.ts"], { env: seedEnv, stdio: ["ignore", "pipe", "inherit"] });
  seed.child = child;
  return new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`the seed server exited with code ${code} before it was ready`)));
  });
}

async function waitForApp() {
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode} before it was ready`);
    try {
      const res = await fetch(`http://localhost:${port}/login`);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("the app did not come up within 15 minutes");
}

/** A fresh database next to the test one (`<name>_e2e`), so e2e sees exactly the demo data. */
async function freshDatabase(url: string): Promise<string> {
  const u = new URL(url);
  const name = `${u.pathname.slice(1) || "postgres"}_e2e`.replace(/[^a-zA-Z0-9_]/g, "_");
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  u.pathname = `/${name}`;
  return u.toString();
}
