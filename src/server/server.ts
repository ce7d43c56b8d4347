// The one HTTP server of the product (`npm start`, and `npm run dev` with Next in dev mode).
// /v1 and /events/track go straight to the API route table on the lean path (node:http → fetch
// handler; the Next.js request pipeline would cost ~0.5 ms of CPU per request, see
// docs/decisions/lean-api-path.md) — in dev too, so the API behaves the same everywhere: there are
// no Next route handlers for /v1 (docs/decisions/one-way-in.md). Everything else — portal, hosted
// app, tRPC, pages — goes to Next. GET /healthz (load balancers) is answered here too, without Next.
import http from "node:http";
import { isApiPath } from "@/server/http/is-api-path";
import { configureServer } from "@/server/http/request-listener";
import { HEALTH_PATH, healthRequestListener } from "@/server/rest/health";
import { apiRequestListener } from "@/server/rest/listen-api";

export type NextRequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/** The request listener: the API table for API paths, `nextHandler` for the rest. */
export function productRequestListener(nextHandler: NextRequestHandler, api: http.RequestListener = apiRequestListener(), health: http.RequestListener = healthRequestListener()): http.RequestListener {
  return (req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    if (isApiPath(pathname)) return api(req, res);
    if (pathname === HEALTH_PATH) return health(req, res);
    // The portal's sign-in throttle counts failures per client IP (src/server/auth/sign-in-throttle.ts):
    // only this server says what that IP is; whatever a client sent in this header is replaced.
    const ip = req.socket.remoteAddress;
    if (ip) req.headers["x-perkway-client-ip"] = ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
    else delete req.headers["x-perkway-client-ip"];
    void nextHandler(req, res);
  };
}

export async function startServer(opts: { dev: boolean; port: number; hostname: string }): Promise<http.Server> {
  const { default: next } = await import("next");
  const app = next({ dev: opts.dev, dir: process.cwd(), port: opts.port, hostname: opts.hostname });
  await app.prepare();
  const server = configureServer(http.createServer(productRequestListener(app.getRequestHandler())));
  await new Promise<void>((resolve) => server.listen(opts.port, opts.hostname, resolve));
  return server;
}
