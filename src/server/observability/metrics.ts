// The process's Prometheus metrics (prom-client), defined once per process and kept on globalThis:
// the API path and Next's bundle load this module separately but must count into one registry.
// What each metric means and the alerts worth setting: docs/operations.md.
import client from "prom-client";

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function define(registry: client.Registry) {
  const registers = [registry];
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  return {
    registry,
    httpRequests: new client.Counter({
      name: "perkway_http_requests_total",
      help: "HTTP requests answered, by surface (api, trpc, hosted, portal, static, ops), route template, method and status code",
      labelNames: ["surface", "route", "method", "status"] as const,
      registers,
    }),
    httpDuration: new client.Histogram({
      name: "perkway_http_request_duration_seconds",
      help: "Time from request to response, by surface, route template and method",
      labelNames: ["surface", "route", "method"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    trpcDuration: new client.Histogram({
      name: "perkway_trpc_procedure_duration_seconds",
      help: "Time spent in each tRPC procedure, by procedure, type and outcome (ok or the tRPC error code)",
      labelNames: ["procedure", "type", "outcome"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    dbPool: new client.Gauge({
      name: "perkway_db_pool_connections",
      help: "Database connections of this process's pool, by state (in_use, idle) and the pool's maximum (max)",
      labelNames: ["state"] as const,
      registers,
    }),
    dbPoolWaiting: new client.Gauge({ name: "perkway_db_pool_waiting", help: "Queries waiting for a free pool connection", registers }),
    dbStatementTimeouts: new client.Counter({
      name: "perkway_db_statement_timeouts_total",
      help: "Statements cancelled by DATABASE_STATEMENT_TIMEOUT_MS (answered 503)",
      registers,
    }),
    dbStatements: new client.Counter({
      name: "perkway_db_statements_total",
      help: "Statements this process sent through its pools, by server: primary, or a read replica's host:port (the lag watch's probes not counted)",
      labelNames: ["server"] as const,
      registers,
    }),
    replicaLag: new client.Gauge({
      name: "perkway_db_replica_lag_seconds",
      help: "A read replica's lag as this process last measured it (now() - pg_last_xact_replay_timestamp() on the replica; NaN while unknown: unreachable, or replaying nothing)",
      labelNames: ["replica"] as const,
      registers,
    }),
    replicaUp: new client.Gauge({
      name: "perkway_db_replica_up",
      help: "1 while this process sends reads to the read replica (state ok), 0 while it is left out (lagging past DATABASE_REPLICA_MAX_LAG_MS, or unreachable)",
      labelNames: ["replica"] as const,
      registers,
    }),
    replicaReads: new client.Counter({
      name: "perkway_db_replica_reads_total",
      help: "Reads this process served from the read replica (a read that failed there and was retried on the primary is not counted)",
      labelNames: ["replica"] as const,
      registers,
    }),
    replicaFallbacks: new client.Counter({
      name: "perkway_db_replica_fallbacks_total",
      help: "Reads that failed on the read replica (it went away mid-request, a conflict with its replay) and were run again on the primary",
      labelNames: ["replica"] as const,
      registers,
    }),
    queueDepth: new client.Gauge({
      name: "perkway_queue_depth",
      help: "Items waiting in a durable queue (database-wide, the same on every instance): webhook deliveries pending, email outbox",
      labelNames: ["queue"] as const,
      registers,
    }),
    queueOldestAge: new client.Gauge({
      name: "perkway_queue_oldest_age_seconds",
      help: "Age of the oldest item that is due and not yet done in a durable queue (0 when empty)",
      labelNames: ["queue"] as const,
      registers,
    }),
    webhookDeliveries: new client.Counter({
      name: "perkway_webhook_deliveries_total",
      help: "Webhook delivery attempts by this process, by outcome (delivered, retry, failed: retries exhausted)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    webhookLatency: new client.Histogram({
      name: "perkway_webhook_delivery_duration_seconds",
      help: "Time of a webhook attempt, request sent to response read (or timeout)",
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    webhookEndToEnd: new client.Histogram({
      name: "perkway_webhook_delivery_lag_seconds",
      help: "Time from the webhook event's creation to its successful delivery",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
      registers,
    }),
    emailsSent: new client.Counter({
      name: "perkway_emails_total",
      help: "Email send attempts by this process, by outcome (sent, retry, failed)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    catalogCache: new client.Counter({
      name: "perkway_catalog_cache_requests_total",
      help: "Catalogue cache lookups, by result (hit: served from memory; miss: had to load)",
      labelNames: ["result"] as const,
      registers,
    }),
    catalogReload: new client.Histogram({
      name: "perkway_catalog_cache_reload_duration_seconds",
      help: "Time to load from the database, by kind: the shared catalogue (full or delta from the change journal) or one partner's view",
      labelNames: ["kind"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    changeFeedConnected: new client.Gauge({
      name: "perkway_change_feed_connected",
      help: "1 while this process LISTENs for catalogue and partner changes (caches trusted), 0 while reconnecting",
      registers,
    }),
    changeFeedLag: new client.Gauge({
      name: "perkway_change_feed_lag_seconds",
      help: "Round trip of the last heartbeat on the listening connection: notifications queue on it, so it bounds how late a change is seen",
      registers,
    }),
    rateLimited: new client.Counter({
      name: "perkway_rate_limit_rejections_total",
      help: "Requests refused with 429, by policy (partner, authentication_ip, authentication_key, anonymous, sign_in)",
      labelNames: ["policy"] as const,
      registers,
    }),
    eventsWritten: new client.Counter({ name: "perkway_events_written_total", help: "Events inserted (repeats of an event_id excluded)", registers }),
    eventCommitSize: new client.Histogram({
      name: "perkway_event_group_commit_requests",
      help: "Requests whose events one group-commit transaction wrote",
      buckets: [1, 2, 4, 8, 16, 32, 64, 128],
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof define>;

const g = globalThis as unknown as { perkwayMetrics?: Metrics };

export function metrics(): Metrics {
  return (g.perkwayMetrics ??= define(new client.Registry()));
}

/** This process's event writer so far: write statements, the requests they carried, events stored. */
export async function readEventWriteFigures(): Promise<{ statements: number; requests: number; written: number }> {
  const m = metrics();
  const histogram = (await m.eventCommitSize.get()).values;
  const pick = (suffix: string) => histogram.find((v) => v.metricName === `perkway_event_group_commit_requests_${suffix}`)?.value ?? 0;
  return { statements: pick("count"), requests: pick("sum"), written: (await m.eventsWritten.get()).values[0]?.value ?? 0 };
}

export const METRICS_CONTENT_TYPE = client.Registry.PROMETHEUS_CONTENT_TYPE;
