// `npm run worker`: the background work alone — webhook and email delivery, the scheduled emails and
// the events' partition upkeep — with no public HTTP listener, so that web and worker processes scale
// separately (docs/deploy.md). With METRICS_PORT set it serves GET /healthz and GET /metrics there
// (127.0.0.1 only) for the orchestrator's probe and the scraper. Run as many as you like: work is
// claimed with row locks, so each webhook and email is delivered once.
import { ConfigError } from "@/server/config/config-error";
import { readMetricsConfig } from "@/server/config/metrics-config";
import { checkDatabaseSettings } from "@/server/config/database-config";
import { readEnv, setEnv, setting } from "@/server/config/env";
import { bootstrap, log } from "@/server/runtime/bootstrap";

setEnv("NODE_ENV", setting("nodeEnv") === "development" ? "development" : "production");
if (setting("workersOff")) {
  log("perkway worker: PERKWAY_WORKERS=0 leaves a worker nothing to do; unset it for `npm run worker`");
  process.exit(1);
}

// A wrong DATABASE_* (the pool, the read replicas) stops the start with its message, before bootstrap
// points DATABASE_URL at the embedded database (which has no replicas).
try {
  checkDatabaseSettings();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  log(`perkway: ${err.message}`);
  process.exit(1);
}

const database = await bootstrap().catch((err: unknown) => {
  if (!(err instanceof ConfigError)) throw err;
  log(`perkway: ${err.message}`);
  process.exit(1);
});

const { readMailConfig } = await import("@/server/services/email");
const { startBackgroundWork } = await import("@/server/runtime/background-work");
let work: Awaited<ReturnType<typeof startBackgroundWork>>;
let metricsPort: number | null;
try {
  work = await startBackgroundWork({ log, mailConfig: readMailConfig(readEnv()) });
  metricsPort = readMetricsConfig().port;
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  log(`perkway: ${err.message}`);
  await database.stop({ waitForClientsMs: 0 });
  process.exit(1);
}

let probe: { port: number; close: () => Promise<void> } | null = null;
if (metricsPort !== null) {
  const { listenMetricsPort } = await import("@/server/endpoints/metrics");
  probe = await listenMetricsPort(metricsPort);
  log(`perkway worker: /healthz and /metrics on http://127.0.0.1:${probe.port}`);
}
log(`perkway worker: delivering webhooks${work?.email ? " and emails" : ""} (pid ${process.pid})`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log("perkway worker: stopping…");
    await work?.stop({ graceMs: 5_000 });
    await probe?.close();
    const { disconnectDb } = await import("@/server/db/client");
    await disconnectDb();
    await database.stop({ waitForClientsMs: 5_000 });
    process.exit(0);
  });
}
