// node:http → a fetch-style handler `(Request) => Promise<Response>`: the lean path of the server
// (src/server/server.ts) and of the test and benchmark servers. Never throws: requests the fetch
// pipeline cannot represent (hostile Host, methods fetch refuses) are refused with the error body
// first, and a handler that fails anyway gets a logged 500 rather than a silent socket.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { AppError } from "@/server/errors/app-error";
import { sendFetchResponse, toFetchRequest } from "./node-adapter";
import { equipServer, methodRefusal, normalizeRequestTarget, requestOrigin, sendRefusal } from "./refuse-unparseable";
import { errorFields, logger } from "@/server/observability/logger";

export type FetchHandler = (request: Request) => Promise<Response>;

export type FetchListenerOptions = {
  /** false: the requests carry no socket address (the Next door's client-IP rule, contract 14); a
   *  function is asked per request (a setting the tests change). */
  socketIp?: boolean | (() => boolean);
  /** Headers for a refusal sent before any Request exists (the API's RateLimit-*: rest/listen-api.ts). */
  refusalHeaders?: (req: http.IncomingMessage, socketIp: boolean) => Promise<Record<string, string>>;
};

export function fetchRequestListener(handler: FetchHandler, opts: FetchListenerOptions = {}): http.RequestListener {
  const socketIpOption = opts.socketIp ?? true;
  const withSocketIp = typeof socketIpOption === "function" ? socketIpOption : () => socketIpOption;
  const refuse = (req: http.IncomingMessage, res: http.ServerResponse, refusal: AppError) => {
    if (!opts.refusalHeaders) return sendRefusal(res, refusal, req.url);
    opts.refusalHeaders(req, withSocketIp()).then(
      (headers) => sendRefusal(res, refusal, req.url, headers),
      () => sendRefusal(res, refusal, req.url),
    );
  };
  return (req, res) => {
    try {
      const target = normalizeRequestTarget(req);
      const origin = requestOrigin(req);
      const refusal = target ?? (origin instanceof AppError ? origin : methodRefusal(req.method));
      if (refusal) return refuse(req, res, refusal);
      let request: Request;
      try {
        request = toFetchRequest(req, origin as string, withSocketIp());
      } catch (err) {
        return refuse(req, res, new AppError("request_invalid", `The request could not be read: ${(err as Error).message}`));
      }
      handler(request)
        .then((response) => sendFetchResponse(res, response))
        .catch((err) => failed(res, err));
    } catch (err) {
      failed(res, err);
    }
  };
}

function failed(res: http.ServerResponse, err: unknown) {
  logger().error(errorFields(err), "request handler failed");
  if (!res.headersSent) sendRefusal(res, new AppError("internal_error", "Something went wrong on our side. Retry later; if it persists, contact support with the request id."));
  else res.destroy();
}

/** The settings every server of ours uses: CONNECT and not-HTTP bytes get the error body too. */
const ourServers = new WeakSet<http.Server>();

/** A server configured here (ours), not Next's own (src/server/runtime/front-of-next.ts stays out of it). */
export function isOurServer(server: http.Server): boolean {
  return ourServers.has(server);
}

export function configureServer(server: http.Server): http.Server {
  ourServers.add(server);
  equipServer(server); // CONNECT, not-HTTP bytes, no Host, an unknown Expect: the error body or an answer
  server.keepAliveTimeout = 65_000;
  return server;
}

export type HttpListener = { url: string; port: number; server: http.Server; close: () => Promise<void> };

/** Listens on 127.0.0.1 (a random port unless given). */
export async function listenHttp(listener: http.RequestListener, opts: { port?: number } = {}): Promise<HttpListener> {
  const server = configureServer(http.createServer(listener));
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
