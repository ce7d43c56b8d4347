// One structured JSON line per API request. Never keys, tokens, bodies or personal data.
import type { PartnerScope } from "@/server/scope";

const quiet = process.env.LOG_LEVEL === "silent" || (process.env.NODE_ENV === "test" && !process.env.LOG_LEVEL);

export function logRequest(e: { request: Request; url: URL; status: number; started: number; requestId: string; scope: PartnerScope | null }) {
  if (quiet) return;
  const line = {
    level: e.status >= 500 ? "error" : "info",
    msg: "api_request",
    method: e.request.method,
    path: e.url.pathname,
    status: e.status,
    duration_ms: Math.round((performance.now() - e.started) * 100) / 100,
    partner_id: e.scope?.partnerId ?? null,
    environment: e.scope?.environment ?? null,
    request_id: e.requestId,
  };
  process.stdout.write(JSON.stringify(line) + "\n");
}
