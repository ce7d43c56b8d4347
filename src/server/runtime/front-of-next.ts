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
import http from "node:http";
import { setting } from "@/server/config/env";
import { isApiPath } from "@/server/http/is-api-path";
import { equipServer, normalizeRequestTarget, refuseUnrepresentable } from "@/server/http/refuse-unparseable";
import { nextDoorApiListener } from "@/server/rest/next-door";

let installed = false;
const equipped = new WeakSet<http.Server>();

export function installFrontOfNext(): void {
  if (installed) return;
  installed = true;
  const api = setting("nextDoorRouteHandlers") ? null : nextDoorApiListener();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    // node:http hands CONNECT, unparseable bytes and an unknown Expect to events of their own only when
    // someone listens (else it drops the socket or answers an empty 400 or 417): Next's server is
    // equipped here, when it starts listening or at its first request, whichever this process sees.
    if ((event === "request" || event === "listening") && !equipped.has(this)) {
      equipped.add(this);
      equipServer(this);
    }
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      normalizeRequestTarget(req); // the absolute form as its path; a bad target is refused below
      // The API listener refuses what it cannot represent itself (request-listener.ts).
      if (api && isApiPath((req.url ?? "/").split("?")[0])) {
        api(req, res);
        return true;
      }
      if (refuseUnrepresentable(req, res)) return true;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
