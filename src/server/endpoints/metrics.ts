// GET /metrics: the Prometheus text format (src/server/observability/metrics.ts), for the operator's
// scraper, not for partners. On the app's port only with `Authorization: Bearer $METRICS_TOKEN`
// (401 with the error body otherwise, 404 when no token is configured, so the endpoint does not
// exist for the public); on METRICS_PORT, when set, without a token, bound to 127.0.0.1 — with
// /healthz beside it, so a worker process (`npm run worker`, no public listener) can be probed.
// One fetch-style handler for both doors (src/app/metrics/route.ts is Next's).
import type http from "node:http";
import { timingSafeEqual, createHash } from "node:crypto";
import { AppError } from "@/server/errors/app-error";
import { refusalResponse } from "@/server/http/error-response";
import { fetchRequestListener, listenHttp } from "@/server/http/request-listener";
import { readMetricsConfig, type MetricsConfig } from "@/server/config/metrics-config";
import { metrics, METRICS_CONTENT_TYPE } from "@/server/observability/metrics";
import { componentLogger } from "@/server/observability/logger";
import { getOperationalStats } from "@/server/services/system";
import { HEALTH_PATH, handleHealthRequest } from "./health";

export const METRICS_PATH = "/metrics";

/** GET /metrics on the app's port (token required). */
export async function handleMetricsRequest(request: Request, config: MetricsConfig = readMetricsConfig()): Promise<Response> {
  if (!config.token) return refusalResponse(new AppError("route_not_found", `No endpoint ${request.method} ${METRICS_PATH}`));
  const refusal = methodRefusal(request.method) ?? authRefusal(request.headers.get("authorization"), config.token);
  if (refusal) {
    const challenge = refusal.code === "authentication_required" ? 'Bearer realm="metrics"' : 'Bearer realm="metrics", error="invalid_token"';
    return refusalResponse(refusal, refusal.status === 401 ? { "WWW-Authenticate": challenge } : {});
  }
  return metricsResponse(request.method);
}

/** The listener of GET /metrics on the app's port, over node:http. */
export function metricsRequestListener(config: MetricsConfig = readMetricsConfig()): http.RequestListener {
  return fetchRequestListener((request) => handleMetricsRequest(request, config));
}

function methodRefusal(method: string): AppError | null {
  if (method === "GET" || method === "HEAD") return null;
  return new AppError("method_not_allowed", `${method} is not allowed on ${METRICS_PATH}; use GET, HEAD`, { extra: { allowed_methods: ["GET", "HEAD"] } });
}

function authRefusal(header: string | null, token: string): AppError | null {
  if (!header) return new AppError("authentication_required", "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>");
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  // Hashes of equal length, so the comparison takes the same time whatever was sent.
  const digest = (s: string) => createHash("sha256").update(s).digest();
  if (!m || !timingSafeEqual(digest(m[1]), digest(token))) return new AppError("token_invalid", "The metrics token is not valid");
  return null;
}

async function metricsResponse(method: string): Promise<Response> {
  try {
    await refreshGauges();
    // prom-client writes NaN as "Nan"; the exposition format (and strict OpenMetrics parsers) want "NaN".
    const text = (await metrics().registry.metrics()).replace(/ Nan$/gm, " NaN");
    return new Response(method === "HEAD" ? null : text, {
      status: 200,
      headers: { "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Content-Length": String(Buffer.byteLength(text)) },
    });
  } catch (err) {
    componentLogger("metrics").error({ error: (err as Error).message }, "metrics rendering failed");
    return refusalResponse(new AppError("internal_error", "The metrics could not be rendered"));
  }
}

/** The gauges read at scrape time: the pool, the read replicas and the durable queues. */
async function refreshGauges() {
  const m = metrics();
  const stats = await getOperationalStats();
  if (stats.pool) {
    m.dbPool.set({ state: "in_use" }, stats.pool.total - stats.pool.idle);
    m.dbPool.set({ state: "idle" }, stats.pool.idle);
    m.dbPool.set({ state: "max" }, stats.pool.max);
    m.dbPoolWaiting.set(stats.pool.waiting);
  }
  m.changeFeedConnected.set(stats.changeFeed.connected ? 1 : 0);
  if (stats.changeFeed.lagSeconds !== null) m.changeFeedLag.set(stats.changeFeed.lagSeconds);
  for (const r of stats.replicas ?? []) {
    m.replicaLag.set({ replica: r.name }, r.lag_ms === null ? NaN : r.lag_ms / 1000);
    m.replicaUp.set({ replica: r.name }, r.state === "ok" ? 1 : 0);
    // The counters' series exist before the first read.
    m.replicaReads.inc({ replica: r.name }, 0);
    m.replicaFallbacks.inc({ replica: r.name }, 0);
  }
  for (const [queue, q] of Object.entries(stats.queues ?? {})) {
    m.queueDepth.set({ queue }, q.depth);
    m.queueOldestAge.set({ queue }, q.oldestDueAgeSeconds);
  }
}

/** METRICS_PORT: /metrics without a token and /healthz, on 127.0.0.1 only. Other paths are 404. */
export async function listenMetricsPort(port: number): Promise<{ server: http.Server; port: number; close: () => Promise<void> }> {
  const listener = await listenHttp(
    fetchRequestListener(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === HEALTH_PATH) return handleHealthRequest(request);
      if (path !== METRICS_PATH) return refusalResponse(new AppError("route_not_found", `No endpoint ${request.method} ${path}`));
      const refusal = methodRefusal(request.method);
      return refusal ? refusalResponse(refusal) : metricsResponse(request.method);
    }),
    { port },
  );
  return { server: listener.server, port: listener.port, close: listener.close };
}
