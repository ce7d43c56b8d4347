// `npm start` (production server, building first when there is no current build) and `npm run dev`.
// Both: pick the database (embedded PGlite under .data/ unless DATABASE_URL), apply pending
// migrations, seed demo data into an empty database, then serve on PORT (default 3000).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "@/server/config/config-error";
import { readHostedAppConfig } from "@/server/config/hosted-app-config";
import { bootstrap, log } from "./lib/bootstrap";

const dev = process.argv.includes("--dev");
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "0.0.0.0";
process.env.APP_DOMAIN ??= `localhost:${port}`;
// Local development sends webhooks to local receivers (production refuses private addresses).
if (dev) process.env.WEBHOOK_ALLOW_PRIVATE ??= "1";
// next-auth builds its callback URLs and decides on Secure cookies from this.
const { scheme, appDomain } = readHostedAppConfig(process.env);
process.env.NEXTAUTH_URL ??= `${scheme}://${appDomain}`;

// Read before bootstrap, which points DATABASE_URL at the embedded database when none is set.
const externalDatabaseUrl = process.env.DATABASE_URL || null;
// A missing or wrong setting is a message to act on, not a crash: no stack trace.
const database = await bootstrap().catch((err: unknown) => {
  if (!(err instanceof ConfigError)) throw err;
  log(`perkway: ${err.message}`);
  process.exit(1);
});

const { credentialsFileFor, printDemoCredentials, shouldSeedDemo } = await import("./seed/demo-credentials");
const credentialsFile = credentialsFileFor(externalDatabaseUrl);
const seedDemo = shouldSeedDemo(externalDatabaseUrl, process.env.SEED_DEMO);
let seededNow = false;
if (seedDemo) {
  const { seedDemoIfEmpty } = await import("./seed/demo");
  seededNow = await seedDemoIfEmpty(credentialsFile, externalDatabaseUrl);
} else if (externalDatabaseUrl && process.env.SEED_DEMO !== "0") {
  log("DATABASE_URL: no demo data is seeded into it (set SEED_DEMO=1 to seed an empty database with the demo partners)");
}

if (!dev && buildIsStale()) {
  log("building the app (next build) — this takes a minute or two the first time…");
  const r = spawnSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], { stdio: ["ignore", process.stderr, process.stderr], env: process.env });
  if (r.status !== 0) {
    log("next build failed: see the output above");
    process.exit(1);
  }
}

const { startServer } = await import("@/server/server");
const server = await startServer({ dev, port, hostname });
// Webhook deliveries are sent from every server process (they share the queue: SKIP LOCKED).
const { startWebhookWorkerFromEnv } = await import("@/server/services/webhooks/webhook-worker");
const webhookWorker = startWebhookWorkerFromEnv(process.env);
printDemoCredentials(credentialsFile, seededNow);
log(`\nPerkway is running: portal http://localhost:${port}  ·  API http://localhost:${port}/v1  ·  API reference http://localhost:${port}/docs/api`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log("stopping…");
    server.close();
    server.closeAllConnections();
    await webhookWorker?.stop({ graceMs: 2_000 });
    const { disconnectDb } = await import("@/server/db/client");
    await disconnectDb();
    await database.stop({ waitForClientsMs: 5_000 }); // a CLI command still running gets a moment
    process.exit(0);
  });
}

/** No build, or a source file newer than the build. */
function buildIsStale(): boolean {
  const buildId = path.resolve(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const roots = ["src", "public", "next.config.mjs", "package.json"];
  const newer = (p: string): boolean => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return false;
    if (st.isDirectory()) return fs.readdirSync(p).some((f) => newer(path.join(p, f)));
    return st.mtimeMs > built;
  };
  return roots.some(newer);
}
