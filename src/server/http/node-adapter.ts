// Bridges node:http to the fetch-style handlers, for the lean API path of our server and for tests.
import type { IncomingMessage, ServerResponse } from "node:http";
import { rememberClientIp } from "./client-ip";

/** Past this much unread body after the response (e.g. a 413), the connection is dropped instead. */
const MAX_DISCARD_BYTES = 8 * 1024 * 1024;

export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    // @ts-expect-error Node's fetch needs duplex for streamed bodies
    duplex: hasBody ? "half" : undefined,
  });
  rememberClientIp(request, req.socket.remoteAddress);
  return request;
}

export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((v, k) => res.setHeader(k, v));
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  res.end(body);
  // A handler that answered without reading the whole body (413, 415, 401 before the body...):
  // read the rest and throw it away, so that the keep-alive connection can serve the next request.
  if (!res.req.complete) discardRest(res.req);
}

/** The request body as a web stream with backpressure; cancelling it discards the rest. */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => controller.close());
        req.once("error", (err) => controller.error(err));
      },
      pull() {
        req.resume();
      },
      cancel() {
        discardRest(req);
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

const discarding = new WeakSet<IncomingMessage>();

function discardRest(req: IncomingMessage) {
  if (discarding.has(req) || req.complete) return;
  discarding.add(req);
  req.removeAllListeners("data");
  req.removeAllListeners("end");
  req.removeAllListeners("error");
  req.on("error", () => {});
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > MAX_DISCARD_BYTES) req.socket.destroy();
  });
  req.resume();
}
