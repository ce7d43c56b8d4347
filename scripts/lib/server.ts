// One HTTP server for the whole product. In production, /v1 and /events/track go straight to the
// API handlers (the Next.js request pipeline costs ~0.5 ms of CPU per request, see
// docs/decisions/lean-api-path.md); everything else — portal, hosted app, pages — goes to Next.
// In dev everything goes through Next so that API code hot-reloads too.
import http from "node:http";
import { isApiPath } from "@/server/http/is-api-path";
import { apiRequestListener } from "@/server/http/listen-api";

export async function startServer(opts: { dev: boolean; port: number; hostname: string }) {
  const { default: next } = await import("next");
  const app = next({ dev: opts.dev, dir: process.cwd(), port: opts.port, hostname: opts.hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  const api = apiRequestListener();
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    if (!opts.dev && isApiPath(pathname)) return api(req, res);
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(opts.port, opts.hostname, resolve));
  return server;
}
