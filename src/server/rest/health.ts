// GET /healthz: for load balancers, uptime checks and orchestrators (not part of the partner API,
// so it lives outside /v1 and needs no key). 200 {"status":"ok"} when this instance can reach its
// database, 503 {"status":"unavailable"} when it cannot, so traffic moves to another instance.
// Never cached. docs/decisions/health-check.md.
import type http from "node:http";
import { AppError } from "@/server/errors/app-error";
import { checkHealth, type Health } from "@/server/services/system";
import { sendRefusal } from "@/server/http/refuse-unparseable";

export const HEALTH_PATH = "/healthz";

export function healthRequestListener(check: () => Promise<Health> = checkHealth): http.RequestListener {
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      const refusal = new AppError("method_not_allowed", `${req.method} is not allowed on ${HEALTH_PATH}; use GET, HEAD`, { extra: { allowed_methods: ["GET", "HEAD"] } });
      res.setHeader("Allow", "GET, HEAD");
      return sendRefusal(res, refusal);
    }
    check().then(
      (health) => send(req, res, health.database === "ok" ? 200 : 503, { status: health.database === "ok" ? "ok" : "unavailable", database: health.database, checked_at: health.checkedAt.toISOString() }),
      () => send(req, res, 503, { status: "unavailable", database: "unreachable", checked_at: new Date().toISOString() }),
    );
  };
}

function send(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: object) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : text);
}
