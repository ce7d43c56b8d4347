// Request bodies nobody reads to the end (a 401 before the body, a 413, a cancelled stream): read
// and thrown away so the keep-alive connection can serve the next request, up to a limit past which
// the socket is dropped. Shared by the node:http adapter (node-adapter.ts) and NodeRequest.
import type { IncomingMessage } from "node:http";

/** Unread body up to this size is read and thrown away after the response, keeping the connection. */
export const MAX_DISCARD_BYTES = 1024 * 1024;

/** Requests whose rest is being thrown away → how much of it may still come before the socket is dropped. */
const discarding = new WeakMap<IncomingMessage, { limit: number }>();

export function discardRest(req: IncomingMessage, maxBytes: number) {
  const current = discarding.get(req);
  if (current) {
    current.limit = Math.max(current.limit, maxBytes); // a staged close may allow more than a plain discard
    return;
  }
  if (req.complete) return;
  const state = { limit: maxBytes };
  discarding.set(req, state);
  req.removeAllListeners("data");
  req.removeAllListeners("end");
  req.removeAllListeners("error");
  req.on("error", () => {});
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > state.limit) req.socket.destroy();
  });
  req.resume();
}
