// In front of Next's own listener under `next start` (the Next door, contract section 14; Next's server
// is not ours to configure, so its `request` event is intercepted here, installed from instrumentation):
// - /v1 and /events/track are answered by the lean door's handler (src/server/rest/next-door.ts,
//   nextDoorApiListener) with the Next door's client-IP rule. Next's request pipeline cost about ten
//   times the lean door's whole request (docs/decisions/lean-server.md, sections 7 and 16) and
//   compressed by rules of its own; the route handlers (src/app/v1, src/app/events/track) still serve
//   hosts that run Next's server without node:http, and PERKWAY_NEXT_DOOR=route-handlers sends the API
//   through them here too (the bench measures both).
// - Requests no WHATWG Request can carry — a TRACE, a TRACK, a Host that is no authority — make Next
//   answer a bare 500 on every path: they get the lean door's refusals with the contract's error body
//   (src/server/http/refuse-unparseable.ts), and CONNECT and bytes node's parser rejects too (not a
//   dropped socket or node's bare "400 Bad Request").
// - Every other request gets what the lean door gives a request it hands to Next: the page guard and
//   the request's X-Request-Id, log line and metrics. Our own servers (configureServer) are left alone.
import http from "node:http";
import { setting } from "@/server/config/env";
import { isApiPath } from "@/server/http/is-api-path";
import { equipServer, isNextUpgrade, normalizeRequestTarget, refuseUnrepresentable, refuseUpgrade } from "@/server/http/refuse-unparseable";
import type { Duplex } from "node:stream";
import { nextDoorApiListener } from "@/server/rest/next-door";
import { isOurServer } from "@/server/http/request-listener";
import { handPageToNext } from "@/server/http/page-request-guard";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { matchClickPath } from "@/server/endpoints/click-redirect";
import { HEALTH_PATH } from "@/server/endpoints/health";
import { METRICS_PATH } from "@/server/endpoints/metrics";

let installed = false;
const equipped = new WeakSet<http.Server>();

export function installFrontOfNext(): void {
  if (installed) return;
  installed = true;
  const api = setting("nextDoorRouteHandlers") ? null : nextDoorApiListener();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "upgrade" && !isOurServer(this) && !isNextUpgrade(args[0] as http.IncomingMessage)) {
      refuseUpgrade(args[0] as http.IncomingMessage, args[1] as Duplex);
      return true;
    }
    if ((event !== "request" && event !== "listening") || isOurServer(this)) return Reflect.apply(emit, this, [event, ...args]) as boolean;
    // node:http hands CONNECT, unparseable bytes and an unknown Expect to events of their own only when
    // someone listens (else it drops the socket or answers an empty 400 or 417): Next's server is
    // equipped here, when it starts listening or at its first request, whichever this process sees.
    if (!equipped.has(this)) {
      equipped.add(this);
      equipServer(this);
    }
    if (event !== "request") return Reflect.apply(emit, this, [event, ...args]) as boolean;
    const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
    normalizeRequestTarget(req); // the absolute form as its path; a bad target is refused below
    const pathname = (req.url ?? "/").split("?")[0];
    // The API listener refuses what it cannot represent itself (request-listener.ts).
    if (api && isApiPath(pathname)) {
      api(req, res);
      return true;
    }
    // What the lean door does for every request it hands to Next (src/server/server.ts, toNext): the
    // refusals, the page guard (a malformed percent-encoding was Next's 500; framing forbidden), and the
    // request's id, log line and metrics.
    if (refuseUnrepresentable(req, res)) return true;
    // Health checks and scrapes: answered, not logged nor counted as pages (as on the lean door).
    if (pathname === HEALTH_PATH || pathname === METRICS_PATH) return Reflect.apply(emit, this, [event, ...args]) as boolean;
    const appDomain = hostedAppConfig().appDomain;
    // A tracked link (/r/{click_id}) is Next's route handler, which answers a bad one as the lean door does.
    const unguarded = matchClickPath(req.headers.host, pathname, appDomain) !== null;
    handPageToNext(req, res, pathname, appDomain, () => Reflect.apply(emit, this, [event, ...args]), { unguarded });
    return true;
  } as typeof emit;
}
