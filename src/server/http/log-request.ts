// One structured JSON line per API request. Never keys, tokens, bodies, query strings, IP addresses
// or other personal data: method, path, route, status, duration, partner, environment, request id.
import type { PartnerScope } from "@/server/scope";

const quiet = process.env.LOG_LEVEL === "silent" || (process.env.NODE_ENV === "test" && !process.env.LOG_LEVEL);

export type RequestLogEntry = {
  request: Request;
  url: URL;
  status: number;
  started: number;
  requestId: string;
  scope: PartnerScope | null;
  /** The route pattern, e.g. /v1/users/:id (null for unknown routes). */
  route?: string | null;
  /** The error code of a failed request. */
  errorCode?: string | null;
};

export function requestLogLine(e: RequestLogEntry) {
  return {
    level: e.status >= 500 ? "error" : "info",
    msg: "api_request",
    method: e.request.method,
    path: e.url.pathname,
    route: e.route ?? null,
    status: e.status,
    duration_ms: Math.round((performance.now() - e.started) * 100) / 100,
    partner_id: e.scope?.partnerId ?? null,
    environment: e.scope?.environment ?? null,
    request_id: e.requestId,
    ...(e.errorCode ? { error_code: e.errorCode } : {}),
  };
}

export function logRequest(e: RequestLogEntry) {
  if (quiet) return;
  process.stdout.write(JSON.stringify(requestLogLine(e)) + "\n");
}
