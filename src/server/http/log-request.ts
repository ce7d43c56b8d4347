// One log line per API request (pino, src/server/observability/logger.ts). Never keys, tokens,
// bodies, query strings, IP addresses or other personal data: method, path, route, status,
// duration, partner, environment, request id (the X-Request-Id the response carried).
import type { PartnerScope } from "@/server/scope";
import { logger } from "@/server/observability/logger";

type RequestLogEntry = {
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
  const log = logger();
  const line = requestLogLine(e);
  if (e.status >= 500) log.error(line, "api_request");
  else log.info(line, "api_request");
}
