// What our server does for every request it hands to Next (src/server/server.ts), before Next runs:
// - a path whose percent-encoding is malformed (`/p/%ff`) is a 400 here: Next's dynamic routes
//   would throw while decoding it and answer 500;
// - framing is forbidden by default on every response (next-auth's /api/auth pages are outside
//   src/proxy.ts's matcher); the proxy replaces these headers on the member surfaces, and only the
//   widget (/embed/…) may be framed, by the partner's own allowed origins.
import type http from "node:http";

export const NO_FRAMING_HEADERS = { "Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY" } as const;

/** True when the request was answered here (and must not reach Next). */
export function guardPageRequest(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
  } catch {
    res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...NO_FRAMING_HEADERS });
    res.end("Bad request: the path is not valid percent-encoding.\n");
    return true;
  }
  if (!/^\/embed(\/|$)/.test(pathname)) for (const [name, value] of Object.entries(NO_FRAMING_HEADERS)) res.setHeader(name, value);
  return false;
}
