// Bridges node:http to the fetch-style handlers, for the lean API path of our server and for tests.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BytesResponse } from "./bytes-response";
import { rememberClientIp } from "./client-ip";
import { discardRest, MAX_DISCARD_BYTES } from "./discard-body";
import { NodeRequest } from "./node-request";

/** Staged close (RFC 9112 §9.6): after a response that leaves a large body unread (413), the server
 *  half-closes and keeps reading — up to this many bytes or this long — before closing, so the client
 *  can finish sending and read the response instead of seeing a reset. */
const LINGER_MAX_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 5_000;

/** `socketIp: false` behind the Next door, which knows no socket address (contract section 14). */
export function toFetchRequest(req: IncomingMessage, origin: string, socketIp = true): Request {
  const request = new NodeRequest(req, new URL(req.url ?? "/", origin).href);
  if (socketIp) rememberClientIp(request, req.socket.remoteAddress);
  return request;
}

export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  // Each Set-Cookie stays its own header line (forEach yields them one by one: setHeader would keep the last).
  response.headers.forEach((v, k) => {
    if (k !== "set-cookie") res.setHeader(k, v);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  // Bytes already in memory are written as they are; any other body is read from its stream.
  const body = response instanceof BytesResponse ? response.payload : response.body ? Buffer.from(await response.arrayBuffer()) : null;
  const req = res.req;
  // A handler that answered without reading the whole body (413, 415, 401 before the body...): a small
  // rest is read and thrown away, so that the keep-alive connection can serve the next request; a
  // large or unknown one ends the connection, in stages.
  const unread = !req.complete;
  const declared = Number(req.headers["content-length"]);
  const stage = unread && (response.status === 413 || !(declared <= MAX_DISCARD_BYTES));
  if (stage) {
    res.setHeader("Connection", "close");
    stageClose(req);
  }
  res.end(body);
  if (unread && !stage) discardRest(req, MAX_DISCARD_BYTES);
}

/**
 * node:http ends a `Connection: close` response with socket.destroySoon(), which closes the read side
 * too: a client still sending its body then gets a reset (RST) and may never read the 413. Here the
 * server instead half-closes (FIN after the response) and keeps reading and discarding until the
 * client closes, LINGER_MAX_BYTES or LINGER_MS, whichever comes first.
 */
function stageClose(req: IncomingMessage) {
  const socket = req.socket;
  discardRest(req, LINGER_MAX_BYTES);
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end(); // FIN once the response is flushed; reading continues
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    socket.once("end", () => socket.destroy()); // the client closed its side: done
    socket.resume();
  };
}
