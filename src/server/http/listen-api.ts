// Serves the API route table over node:http (the lean /v1 path): used by tests and benchmarks to
// speak real HTTP to exactly the handlers production serves.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleApiRequest } from "./handle-api-request";
import { sendFetchResponse, toFetchRequest } from "./node-adapter";

export type ApiListener = { url: string; port: number; server: http.Server; close: () => Promise<void> };

export function apiRequestListener(handler: (request: Request) => Promise<Response> = handleApiRequest): http.RequestListener {
  return (req, res) => {
    handler(toFetchRequest(req, `http://${req.headers.host ?? "localhost"}`))
      .then((response) => sendFetchResponse(res, response))
      .catch((err) => {
        console.error(err);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  };
}

/** Listens on 127.0.0.1 (a random port unless given). */
export async function listenApi(opts: { handler?: (request: Request) => Promise<Response>; port?: number } = {}): Promise<ApiListener> {
  const server = http.createServer(apiRequestListener(opts.handler));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
