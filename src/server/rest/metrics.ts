// GET /metrics: the Prometheus text format (src/server/observability/metrics.ts), for the operator's
// scraper, not for partners. On the app's port only with `Authorization: Bearer $METRICS_TOKEN`
// (401 with the error body otherwise, 404 when no token is configured, so the endpoint does not
// exist for the public); on METRICS_PORT, when set, without a token, bound to 127.0.0.1.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { timingSafeEqual, createHash } from "node:crypto";
import { AppError } from "@/server/errors/app-error";
import { sendRefusal } from "@/server/http/refuse-unparseable";
import { readMetricsConfig, type MetricsConfig } from "@/server/config/metrics-config";
import { metrics, METRICS_CONTENT_TYPE } from "@/server/observability/metrics";
import { componentLogger } from "@/server/observability/logger";
import { getOperationalStats } from "@/server/services/system";

export const METRICS_PATH = "/metrics";

/** The listener of GET /metrics on the app's port. */
export function metricsRequestListener(config: MetricsConfig = readMetricsConfig()): http.RequestListener {
  return (req, res) => {
    if (!config.token) return sendRefusal(res, new AppError("route_not_found", `No endpoint ${req.method} ${METRICS_PATH}`));
    const refusal = methodRefusal(req, res) ?? authRefusal(req.headers.authorization, config.token);
    if (refusal) {
      if (refusal.status === 401) res.setHeader("WWW-Authenticate", refusal.code === "authentication_required" ? 'Bearer realm="metrics"' : 'Bearer realm="metrics", error="invalid_token"');
      return sendRefusal(res, refusal);
    }
    void sendMetrics(req, res);
  };
}

function methodRefusal(req: http.IncomingMessage, res: http.ServerResponse): AppError | null {
  if (req.method === "GET" || req.method === "HEAD") return null;
  res.setHeader("Allow", "GET, HEAD");
  return new AppError("method_not_allowed", `${req.method} is not allowed on ${METRICS_PATH}; use GET, HEAD`, { extra: { allowed_methods: ["GET", "HEAD"] } });
}

function authRefusal(header: string | undefined, token: string): AppError | null {
  if (!header) return new AppError("authentication_required", "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>");
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  // Hashes of equal length, so the comparison takes the same time whatever was sent.
  const digest = (s: string) => createHash("sha256").update(s).digest();
  if (!m || !timingSafeEqual(digest(m[1]), digest(token))) return new AppError("token_invalid", "The metrics token is not valid");
  return null;
}

async function sendMetrics(req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    await refreshGauges();
    const text = await metrics().registry.metrics();
    res.writeHead(200, { "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Content-Length": Buffer.byteLength(text) });
    res.end(req.method === "HEAD" ? undefined : text);
  } catch (err) {
    componentLogger("metrics").error({ error: (err as Error).message }, "metrics rendering failed");
    if (!res.headersSent) sendRefusal(res, new AppError("internal_error", "The metrics could not be rendered"));
  }
}

/** The gauges read at scrape time: the pool and the durable queues. */
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
  for (const [queue, q] of Object.entries(stats.queues ?? {})) {
    m.queueDepth.set({ queue }, q.depth);
    m.queueOldestAge.set({ queue }, q.oldestDueAgeSeconds);
  }
}

/** METRICS_PORT: the metrics without a token, on 127.0.0.1 only. Other paths are 404. */
export async function listenMetricsPort(port: number): Promise<{ server: http.Server; port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== METRICS_PATH) return sendRefusal(res, new AppError("route_not_found", `No endpoint ${req.method} ${path}`));
    const refusal = methodRefusal(req, res);
    if (refusal) return sendRefusal(res, refusal);
    void sendMetrics(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
