// GET /healthz: for load balancers, uptime checks and orchestrators (not part of the partner API,
// so it lives outside /v1 and needs no key). 200 {"status":"ok"} when this instance can reach its
// database, 503 {"status":"unavailable"} when it cannot, so traffic moves to another instance; with
// read replicas, `replicas: [{ name: "host:port", state, lag_ms }]` beside (contract section 21).
// Never cached. One fetch-style handler for both doors: our server's lean path and Next's route
// handler (src/app/healthz/route.ts), and the worker's METRICS_PORT. docs/decisions/health-check.md.
import type http from "node:http";
import { AppError } from "@/server/errors/app-error";
import { checkHealth, checkReplicas, type Health } from "@/server/services/system";
import { fetchRequestListener } from "@/server/http/request-listener";
import { refusalResponse } from "@/server/http/error-response";

export const HEALTH_PATH = "/healthz";

export async function handleHealthRequest(request: Request, check: () => Promise<Health> = checkHealth): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return refusalResponse(new AppError("method_not_allowed", `${request.method} is not allowed on ${HEALTH_PATH}; use GET, HEAD`, { extra: { allowed_methods: ["GET", "HEAD"] } }));
  }
  let status: number;
  let body: object;
  try {
    const health = await check();
    const ok = health.database === "ok";
    status = ok ? 200 : 503;
    // Read replicas (contract section 21) never change the status: one that is out is named here,
    // and the primary serves its reads. The key is there only when DATABASE_REPLICA_URLS names some.
    const replicas = checkReplicas();
    body = { status: ok ? "ok" : "unavailable", database: health.database, checked_at: health.checkedAt.toISOString(), ...(replicas ? { replicas } : {}) };
  } catch {
    status = 503;
    body = { status: "unavailable", database: "unreachable", checked_at: new Date().toISOString() };
  }
  const text = JSON.stringify(body);
  return new Response(request.method === "HEAD" ? null : text, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(Buffer.byteLength(text)), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/** The same over node:http (our server's lean path, tests). */
export function healthRequestListener(check: () => Promise<Health> = checkHealth): http.RequestListener {
  return fetchRequestListener((request) => handleHealthRequest(request, check));
}
