// `npm start` (production server, building first when there is no current build) and `npm run dev`.
// Both: pick the database (embedded PGlite under .data/ unless DATABASE_URL), apply pending
// migrations, seed demo data into an empty database, then serve on PORT (default 3000).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ConfigError } from "@/server/config/config-error";
import { readHostedAppConfig } from "@/server/config/hosted-app-config";
import { readRateLimitConfig } from "@/server/config/rate-limit-config";
import { checkDatabaseSettings } from "@/server/config/database-config";
import { bootstrap, log } from "@/server/runtime/bootstrap";
import { childProcessEnv, defaultEnv, readEnv, setEnv, setting } from "@/server/config/env";
import { markOwnServer } from "@/server/runtime/process-role";
import { buildStaleness, serverBuildStaleness } from "@/server/runtime/build-state";
import { startProgress } from "./lib/start-progress";

const dev = process.argv.includes("--dev");
// An operator who says NODE_ENV=production gets a strict start: the build must be there and current
// (`npm run build` is the deploy's build step); a newcomer's `npm start` builds once when it is not.
const strictProduction = !dev && setting("nodeEnv") === "production";
setEnv("NODE_ENV", dev ? "development" : "production");
markOwnServer();
const port = setting("port");
const hostname = setting("host");
defaultEnv("APP_DOMAIN", `localhost:${port}`);
// Local development sends webhooks to local receivers (production refuses private addresses).
if (dev) defaultEnv("WEBHOOK_ALLOW_PRIVATE", "1");
// A local identity provider (Keycloak on localhost) for member sign-in in development.
if (dev) defaultEnv("OIDC_ALLOW_PRIVATE", "1");
// next-auth builds its callback URLs and decides on Secure cookies from this.
const { scheme, appDomain } = readHostedAppConfig(readEnv());
defaultEnv("NEXTAUTH_URL", `${scheme}://${appDomain}`);

// A production start builds nothing: it refuses at once, before touching the database.
if (strictProduction) {
  const stale = buildStaleness();
  if (stale) {
    log(`perkway: ${stale}. NODE_ENV=production starts only a current build: run \`npm run build\`, then \`npm start\`.`);
    process.exit(1);
  }
}

// Rate limits, the database pool and the read replicas are checked before anything starts: a wrong
// RATE_LIMIT_*, AUTH_RATE_LIMIT_*, SIGN_IN_MAX_FAILURES_* or DATABASE_* stops the start with its message.
try {
  readRateLimitConfig(readEnv());
  checkDatabaseSettings();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  log(`perkway: ${err.message}`);
  process.exit(1);
}

// Numbered steps with what each is doing and how long it took (a first start builds for minutes).
const progress = startProgress(dev ? 3 : 4);

// Read before bootstrap, which points DATABASE_URL at the embedded database when none is set.
const externalDatabaseUrl = setting("databaseUrl");
progress.step(externalDatabaseUrl ? "Connecting to DATABASE_URL and applying pending migrations…" : "Opening the embedded database and applying pending migrations (the first start creates it: ~20 s on 2 idle cores, 2 min or more on a busy machine)…");
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

progress.done();

const { credentialsFileFor, printDemoCredentials, shouldSeedDemo } = await import("./seed/demo-credentials");
const credentialsFile = credentialsFileFor(externalDatabaseUrl);
const seedDemo = shouldSeedDemo(externalDatabaseUrl, setting("seedDemo"));
let seededNow = false;
progress.step("Demo data…");
if (seedDemo) {
  const { seedDemoIfEmpty } = await import("./seed/demo");
  seededNow = await seedDemoIfEmpty(credentialsFile, externalDatabaseUrl);
  progress.done(seededNow ? "seeded" : "already there (the database is not empty): checked");
} else {
  if (externalDatabaseUrl && setting("seedDemo") !== "0") log("      DATABASE_URL: no demo data is seeded into it (set SEED_DEMO=1 to seed an empty database with the demo partners)");
  progress.done("skipped (SEED_DEMO)");
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

if (!dev) {
  const stale = buildStaleness();
  if (stale) {
    // Measured on the project's 2-core machines: 3–6 minutes idle, longer when they are busy.
    progress.step(`Building the app with next build (${stale}): first start only, ~3–6 min on 2 cores, longer on a busy machine; its own output follows…`);
    // Next's build loads our server from node_modules/@perkway/server: compiled first (under a second).
    const { buildServerPackage } = await import("./build-server-package");
    await buildServerPackage();
    const r = spawnSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], { stdio: ["ignore", process.stderr, process.stderr], env: childProcessEnv() });
    if (r.status !== 0) {
      log("next build failed: see the output above");
      process.exit(1);
    }
    progress.done("built");
  } else {
    progress.step("Building the app: the build is current, nothing to build");
  }
  // `npm run build`'s second half: the entry points compiled to JavaScript, so that the next
  // `npm start` is `node` on them (scripts/run-built.mjs). This start goes on from the sources.
  const serverStale = serverBuildStaleness();
  if (serverStale && !strictProduction) {
    const { buildServer } = await import("./build-server");
    const ms = await buildServer();
    log(`      compiled the server for the next start (${serverStale}) in ${(ms / 1000).toFixed(1)} s`);
  }
}

// Webhook and email delivery and the events' partition upkeep (PERKWAY_WORKERS=0 turns them off
// here: `npm run worker` processes do it). Several processes share the queues (SKIP LOCKED).
progress.step(dev ? "Starting the server (development: each page compiles on its first visit, which can take a minute on 2 cores)…" : "Starting the server and the background work…");
const { startBackgroundWork } = await import("@/server/runtime/background-work");
const backgroundWork = await startBackgroundWork({ log, mailConfig });

// tsx turns Node's source-map support on for the whole process. Then the first stack trace through a
// file parses its map synchronously: in the Next server's bundles (hundreds of maps, 86 MB of output)
// an error path hit for the first time held the event loop 200–700 ms (a /healthz probe waited
// behind next-auth logging an invalid callback URL). Production stack traces point at the built
// files instead; `npm run dev` keeps source maps.
if (!dev) process.setSourceMapsEnabled(false);
const { startServer } = await import("@/server/server");
const server = await startServer({ dev, port, hostname });
progress.done("listening");
log(
  mailConfig.smtpUrl
    ? `email: sending through ${redactSmtpUrl(mailConfig.smtpUrl)} from ${mailConfig.fromAddress}`
    : "email: no SMTP_URL, so nothing leaves this machine: emails are kept on the portal's Mailbox page (super admins) and logged here",
);
printDemoCredentials(credentialsFile, seededNow);
log(`\nPerkway is running (ready in ${progress.elapsed()}): portal http://localhost:${port}  ·  API http://localhost:${port}/v1  ·  API reference http://localhost:${port}/docs/api`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log("stopping…");
    server.close();
    server.closeAllConnections();
    await backgroundWork?.stop({ graceMs: 2_000 });
    // Events queued behind responses (tracked-link clicks) are written before the pool closes.
    const { drainEventsBehind } = await import("@/server/services/events");
    await drainEventsBehind(5_000);
    const { disconnectDb } = await import("@/server/db/client");
    await disconnectDb();
    await database.stop({ waitForClientsMs: 5_000 }); // a CLI command still running gets a moment
    process.exit(0);
  });
}
