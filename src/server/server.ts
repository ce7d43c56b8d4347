// The one HTTP server of the product (`npm start`, and `npm run dev` with Next in dev mode).
// /v1 and /events/track go straight to the API route table on the lean path, /scim/v2 to the SCIM handler (node:http → fetch
// handler; the Next.js request pipeline would cost ~0.5 ms of CPU per request, see
// docs/decisions/lean-api-path.md) — in dev too. Next's route handlers (src/app/v1/[[...path]]/route.ts) serve
// the same route table when `next start` runs without this server (contract 14's second door, docs/
// decisions/one-way-in.md); on this server they are never reached for /v1. Everything else — portal, hosted
// app, tRPC, pages — goes to Next. GET /healthz (load balancers) and GET /metrics (the operator's
// scraper, src/server/rest/metrics.ts) are answered here too, without Next. Every request gets an
// X-Request-Id, one log line and its metrics (Next's requests: src/server/http/observe-request.ts).
import http from "node:http";
import { isApiPath } from "@/server/http/is-api-path";
import { handPageToNext } from "@/server/http/page-request-guard";
import { configureServer } from "@/server/http/request-listener";
import { normalizeRequestTarget, refuseUnrepresentable } from "@/server/http/refuse-unparseable";
import { HEALTH_PATH, healthRequestListener } from "@/server/endpoints/health";
import { apiRequestListener } from "@/server/rest/listen-api";
import { fetchRequestListener } from "@/server/http/request-listener";
import { handleScimRequest, isScimPath } from "@/server/scim/handle-scim-request";
import { listenMetricsPort, METRICS_PATH, metricsRequestListener } from "@/server/endpoints/metrics";
import { readMetricsConfig } from "@/server/config/metrics-config";
import { isHostedHost } from "@/server/http/page-route";
import { observeRequest } from "@/server/http/observe-request";
import { handleClickRedirect, matchClickPath, matchDomainClickPath, resolveDomainClick } from "@/server/endpoints/click-redirect";
import { logger } from "@/server/observability/logger";
import { setPageClientIp } from "@/server/http/client-ip";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { releaseAbortReasonFrames } from "@/server/runtime/release-abort-frames";

export type NextRequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/** The request listener: the API table for API paths, `nextHandler` for the rest. */
export function productRequestListener(
  nextHandler: NextRequestHandler,
  api: http.RequestListener = apiRequestListener(),
  health: http.RequestListener = healthRequestListener(),
  metricsListener: http.RequestListener = metricsRequestListener(),
  scim: http.RequestListener = fetchRequestListener(handleScimRequest),
): http.RequestListener {
  const appDomain = hostedAppConfig().appDomain;
  return (req, res) => {
    // An absolute-form target becomes its path (a bad target stays for toNext's refusal).
    normalizeRequestTarget(req);
    const pathname = (req.url ?? "/").split("?")[0];
    if (isApiPath(pathname)) return api(req, res);
    // SCIM 2.0 for partners' directories (contract section 20): the same handler as src/app/scim/v2.
    if (isScimPath(pathname)) return scim(req, res);
    if (pathname === HEALTH_PATH) return health(req, res);
    if (pathname === METRICS_PATH) return metricsListener(req, res);
    // Tracked deal links (/r/{click_id}) on the lean path too: one lookup, one event, a 302.
    const click = matchClickPath(req.headers.host, pathname, appDomain);
    if (click) return observeRequest(req, res, isHostedHost(req.headers.host, appDomain), () => void handleClickRedirect(req, res, click));
    // The same links on a partner's custom domain: one cached lookup of the host (unknown hosts go on to Next).
    const onDomain = matchDomainClickPath(req.headers.host, pathname, appDomain);
    if (onDomain) {
      void resolveDomainClick(onDomain).then(
        (found) => (found ? observeRequest(req, res, true, () => void handleClickRedirect(req, res, found)) : toNext(req, res, pathname)),
        () => toNext(req, res, pathname),
      );
      return;
    }
    toNext(req, res, pathname);
  };

  function toNext(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    // TRACE, TRACK or a Host that is no authority (the API paths refuse them themselves): Next would answer 500.
    if (refuseUnrepresentable(req, res)) return;
    // The portal's sign-in throttle counts failures per client IP (src/server/auth/sign-in-throttle.ts):
    // only this server says what that IP is; whatever a client sent in this header is replaced.
    setPageClientIp(req.headers, req.socket.remoteAddress);
    // The guard's 400 is a page answer too: its X-Request-Id, log line and metrics.
    handPageToNext(req, res, pathname, appDomain, () => void nextHandler(req, res));
  }
}

export async function startServer(opts: { dev: boolean; port: number; hostname: string }): Promise<http.Server> {
  // Before the first render: a finished render must not keep the ones after it (release-abort-frames.ts).
  if (!opts.dev) releaseAbortReasonFrames();
  const { default: next } = await import("next");
  const app = next({ dev: opts.dev, dir: process.cwd(), port: opts.port, hostname: opts.hostname });
  await app.prepare();
  const server = configureServer(http.createServer(productRequestListener(app.getRequestHandler())));
  await new Promise<void>((resolve) => server.listen(opts.port, opts.hostname, resolve));
  const { port: metricsPort } = readMetricsConfig();
  if (metricsPort !== null) {
    const m = await listenMetricsPort(metricsPort);
    server.once("close", () => void m.close());
    logger().info({ port: m.port }, "metrics served on 127.0.0.1 (METRICS_PORT)");
  }
  return server;
}
