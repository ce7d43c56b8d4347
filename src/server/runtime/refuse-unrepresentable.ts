// Under `next start` (the Next door, contract section 14) Next's own server turns every request into a
// WHATWG Request before our code runs: a TRACE, a TRACK or a Host that is no authority makes that throw,
// and Next answers a bare 500 on every path. The lean door refuses them first with the contract's error
// body (src/server/http/refuse-unparseable.ts); here the same refusals are put in front of Next's
// listener, and CONNECT and bytes node's parser rejects get the error body too (not a dropped socket or
// node's bare "400 Bad Request").
import http from "node:http";
import type { Duplex } from "node:stream";
import { refuseClientError, refuseConnect, refuseUnrepresentable } from "@/server/http/refuse-unparseable";

let installed = false;
const equipped = new WeakSet<http.Server>();

export function refuseUnrepresentableRequests(): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      // node:http hands CONNECT and unparseable bytes to these events only when someone listens (it
      // drops the socket otherwise): Next's server is not ours to configure, so it is equipped here, at
      // its first request, when instrumentation has long run.
      if (!equipped.has(this)) {
        equipped.add(this);
        if (this.listenerCount("connect") === 0) this.on("connect", (req: http.IncomingMessage, socket: Duplex) => refuseConnect(req, socket));
        if (this.listenerCount("clientError") === 0) this.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => refuseClientError(err, socket));
      }
      if (refuseUnrepresentable(args[0] as http.IncomingMessage, args[1] as http.ServerResponse)) return true;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
