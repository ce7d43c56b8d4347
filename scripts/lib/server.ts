// One HTTP server for the whole product. In production, /v1 and /events/track go straight to the
// API handlers (the Next.js request pipeline costs ~0.5 ms of CPU per request, see
// docs/decisions/lean-api-path.md); everything else — portal, hosted app, pages — goes to Next.
// In dev everything goes through Next so that API code hot-reloads too.
import http from "node:http";
import { handleApiRequest } from "@/server/http/handle-api-request";
import { isApiPath } from "@/server/http/is-api-path";
import { sendFetchResponse, toFetchRequest } from "@/server/http/node-adapter";

export async function startServer(opts: { dev: boolean; port: number; hostname: string }) {
  const { default: next } = await import("next");
  const app = next({ dev: opts.dev, dir: process.cwd(), port: opts.port, hostname: opts.hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    if (!opts.dev && isApiPath(pathname)) {
      const origin = `http://${req.headers.host ?? `localhost:${opts.port}`}`;
      handleApiRequest(toFetchRequest(req, origin))
        .then((response) => sendFetchResponse(res, response))
        .catch((err) => {
          console.error(err);
          if (!res.headersSent) res.statusCode = 500;
          res.end();
        });
      return;
    }
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(opts.port, opts.hostname, resolve));
  return server;
}
