// Requests that our server hands to Next (portal, hosted app, tRPC): the same X-Request-Id, log line
// and metrics as the API's (src/server/rest/handle-api-request.ts), measured around Next's handler.
import type http from "node:http";
import { logger } from "@/server/observability/logger";
import { metrics } from "@/server/observability/metrics";
import { runInRequest } from "@/server/observability/request-context";
import { newRequestId } from "./request-id";
import { pageRouteOf } from "./page-route";

/** Runs `next` for the request inside its request context; logs and counts it when it finishes. */
export function observeRequest(req: http.IncomingMessage, res: http.ServerResponse, hostedSubdomain: boolean, next: () => void): void {
  const started = performance.now();
  const requestId = newRequestId();
  const pathname = (req.url ?? "/").split("?")[0];
  const { surface, route } = pageRouteOf(pathname, hostedSubdomain);
  res.setHeader("X-Request-Id", requestId);
  res.once("finish", () => {
    const seconds = (performance.now() - started) / 1000;
    const method = req.method ?? "GET";
    const m = metrics();
    m.httpRequests.inc({ surface, route, method, status: res.statusCode });
    m.httpDuration.observe({ surface, route, method }, seconds);
    if (surface === "static") return; // assets: counted, not logged line by line
    const line = { method, path: pathname, surface, route, status: res.statusCode, duration_ms: Math.round(seconds * 100_000) / 100, request_id: requestId };
    if (res.statusCode >= 500) logger().error(line, "http_request");
    else logger().info(line, "http_request");
  });
  runInRequest({ requestId }, next);
}
