// `npm start` (production server, building first when there is no current build) and `npm run dev`.
// Both: pick the database (embedded PGlite under .data/ unless DATABASE_URL), apply pending
// migrations, seed demo data into an empty database, then serve on PORT (default 3000).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "@/server/config/config-error";
import { readHostedAppConfig } from "@/server/config/hosted-app-config";
import { bootstrap, log } from "./lib/bootstrap";
import { childProcessEnv, defaultEnv, readEnv, setEnv, setting } from "@/server/config/env";

const dev = process.argv.includes("--dev");
setEnv("NODE_ENV", dev ? "development" : "production");
const port = setting("port");
const hostname = setting("host");
defaultEnv("APP_DOMAIN", `localhost:${port}`);
// Local development sends webhooks to local receivers (production refuses private addresses).
if (dev) defaultEnv("WEBHOOK_ALLOW_PRIVATE", "1");
// next-auth builds its callback URLs and decides on Secure cookies from this.
const { scheme, appDomain } = readHostedAppConfig(readEnv());
defaultEnv("NEXTAUTH_URL", `${scheme}://${appDomain}`);

// Read before bootstrap, which points DATABASE_URL at the embedded database when none is set.
const externalDatabaseUrl = setting("databaseUrl");
// A missing or wrong setting is a message to act on, not a crash: no stack trace.
const database = await bootstrap().catch((err: unknown) => {
  if (!(err instanceof ConfigError)) throw err;
  log(`perkway: ${err.message}`);
  process.exit(1);
});

// Email is configured once, here: a wrong SMTP_URL or MAIL_FROM stops the start with its message.
const { readMailConfig, redactSmtpUrl } = await import("@/server/services/email");
let mailConfig: ReturnType<typeof readMailConfig>;
try {
  mailConfig = readMailConfig(readEnv());
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  log(`perkway: ${err.message}`);
  await database.stop({ waitForClientsMs: 0 });
  process.exit(1);
}

const { credentialsFileFor, printDemoCredentials, shouldSeedDemo } = await import("./seed/demo-credentials");
const credentialsFile = credentialsFileFor(externalDatabaseUrl);
const seedDemo = shouldSeedDemo(externalDatabaseUrl, setting("seedDemo"));
let seededNow = false;
if (seedDemo) {
  const { seedDemoIfEmpty } = await import("./seed/demo");
  seededNow = await seedDemoIfEmpty(credentialsFile, externalDatabaseUrl);
} else if (externalDatabaseUrl && setting("seedDemo") !== "0") {
  log("DATABASE_URL: no demo data is seeded into it (set SEED_DEMO=1 to seed an empty database with the demo partners)");
}

// After an AUTH_SECRET rotation: say which key pairs can no longer be verified, and move webhook
// signing secrets under the new secret (docs/decisions/secret-rotation.md).
{
  const { checkKeyHashes } = await import("@/server/services/system");
  const { reencryptEndpointSecrets } = await import("@/server/services/webhooks");
  const moved = await reencryptEndpointSecrets();
  if (moved > 0) log(`AUTH_SECRET rotation: ${moved} webhook signing secret(s) re-encrypted under the new AUTH_SECRET`);
  const keys = await checkKeyHashes();
  if (keys.unverifiable > 0) {
    log(
      `WARNING: ${keys.unverifiable} active API key pair(s) were hashed under an AUTH_SECRET that is neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS: ` +
        "they will answer 401 invalid_credentials. Set AUTH_SECRET_PREVIOUS to the secret they were created under (each pair moves to the new secret on its next use), " +
        "or have those partners rotate their keys in the portal.",
    );
  }
}

if (!dev && buildIsStale()) {
  log("building the app (next build) — this takes a minute or two the first time…");
  const r = spawnSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], { stdio: ["ignore", process.stderr, process.stderr], env: childProcessEnv() });
  if (r.status !== 0) {
    log("next build failed: see the output above");
    process.exit(1);
  }
}

// The monthly partitions of events: this month and the next ones exist before the first request,
// and every process keeps them ahead hourly (several instances at once are safe).
const { ensureEventPartitions, startEventPartitionKeeper } = await import("@/server/services/events");
await ensureEventPartitions().catch((err: Error) => log(`events: ensuring partitions failed (${err.message}); the DEFAULT partition takes events meanwhile`));
const partitionKeeper = startEventPartitionKeeper({ log });

// tsx turns Node's source-map support on for the whole process. Then the first stack trace through a
// file parses its map synchronously: in the Next server's bundles (hundreds of maps, 86 MB of output)
// an error path hit for the first time held the event loop 200–700 ms (a /healthz probe waited
// behind next-auth logging an invalid callback URL). Production stack traces point at the built
// files instead; `npm run dev` keeps source maps.
if (!dev) process.setSourceMapsEnabled(false);
const { startServer } = await import("@/server/server");
const server = await startServer({ dev, port, hostname });
// Webhook deliveries are sent from every server process (they share the queue: SKIP LOCKED).
const { startWebhookWorkerFromEnv } = await import("@/server/services/webhooks");
const webhookWorker = startWebhookWorkerFromEnv(readEnv());
// Emails likewise (MAIL_WORKER=0 turns it off in this process).
const { startEmailWorker } = await import("@/server/services/email");
const emailWorker = setting("mailWorkerOff") ? null : startEmailWorker(mailConfig, { databaseUrl: setting("databaseUrl") ?? undefined, baseUrl: `${scheme}://${appDomain}` });
log(
  mailConfig.smtpUrl
    ? `email: sending through ${redactSmtpUrl(mailConfig.smtpUrl)} from ${mailConfig.fromAddress}`
    : "email: no SMTP_URL, so nothing leaves this machine: emails are kept on the portal's Mailbox page (super admins) and logged here",
);
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
    await emailWorker?.stop({ graceMs: 2_000 });
    partitionKeeper.stop();
    // Events queued behind responses (tracked-link clicks) are written before the pool closes.
    const { drainEventsBehind } = await import("@/server/services/events");
    await drainEventsBehind(5_000);
    const { disconnectDb } = await import("@/server/db/client");
    await disconnectDb();
    await database.stop({ waitForClientsMs: 5_000 }); // a CLI command still running gets a moment
    process.exit(0);
  });
}

/** No build, or a source file newer than the build. */
function buildIsStale(): boolean {
  const buildId = path.resolve(setting("nextDistDir"), "BUILD_ID");
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
