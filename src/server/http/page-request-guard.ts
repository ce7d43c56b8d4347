// What our server does for every request it hands to Next (src/server/server.ts), before Next runs:
// - a path whose percent-encoding is malformed (`/p/%ff`) is a 400 here: Next's dynamic routes
//   would throw while decoding it and answer 500; so is a Next-Router-State-Tree Next cannot parse;
// - framing is forbidden by default on every response (next-auth's /api/auth pages are outside
//   src/proxy.ts's matcher); the proxy replaces these headers on the member surfaces, and only the
//   widget (/embed/…) may be framed, by the partner's own allowed origins.
import type http from "node:http";
import { observeRequest } from "./observe-request";
import { isHostedHost } from "./page-route";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state.js";

export const NO_FRAMING_HEADERS = { "Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY" } as const;

/** True when the request was answered here (and must not reach Next). */
function guardPageRequest(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
  } catch {
    return badRequest(res, "Bad request: the path is not valid percent-encoding.\n");
  }
  // A client navigation's router state that Next cannot parse made it throw and answer 500: Next's own
  // check, run first, on the requests Next runs it on (RSC: 1; route-modules/app-page/parse-request-headers).
  const tree = req.headers["next-router-state-tree"];
  if (tree !== undefined && req.headers.rsc === "1") {
    try {
      parseAndValidateFlightRouterState(tree);
    } catch {
      return badRequest(res, "Bad request: the Next-Router-State-Tree header is not a router state.\n");
    }
  }
  if (!/^\/embed(\/|$)/.test(pathname)) for (const [name, value] of Object.entries(NO_FRAMING_HEADERS)) res.setHeader(name, value);
  return false;
}

function badRequest(res: http.ServerResponse, text: string): true {
  res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...NO_FRAMING_HEADERS });
  res.end(text);
  return true;
}

/**
 * A page request on its way to Next, through either door (src/server/server.ts; under `next start`
 * src/server/runtime/front-of-next.ts): observed (X-Request-Id, log line, metrics), the guard first
 * unless `unguarded` (a route whose handler answers a bad path itself).
 */
export function handPageToNext(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, appDomain: string, next: () => void, opts: { unguarded?: boolean } = {}): void {
  observeRequest(req, res, isHostedHost(req.headers.host, appDomain), () => {
    if (opts.unguarded || !guardPageRequest(req, res, pathname)) next();
  });
}
