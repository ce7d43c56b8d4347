// Bridges node:http to the fetch-style handlers, for the lean API path of our server and for tests.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BytesResponse } from "./bytes-response";
import { rememberClientIp } from "./client-ip";
import { NodeRequest } from "./node-request";

/** Unread body up to this size is read and thrown away after the response, keeping the connection. */
const MAX_DISCARD_BYTES = 1024 * 1024;
/** Staged close (RFC 9112 §9.6): after a response that leaves a large body unread (413), the server
 *  half-closes and keeps reading — up to this many bytes or this long — before closing, so the client
 *  can finish sending and read the response instead of seeing a reset. */
const LINGER_MAX_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 5_000;

export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  const url = new URL(req.url ?? "/", origin).href;
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new NodeRequest(req, url, () => realRequest(req, url, hasBody));
  rememberClientIp(request, req.socket.remoteAddress);
  if (hasBody) nodeSources.set(request, req);
  return request;
}

/** The undici Request equal to `req`, its body a stream (NodeRequest builds it only when needed). */
function realRequest(req: IncomingMessage, url: string, hasBody: boolean): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    // @ts-expect-error Node's fetch needs duplex for streamed bodies
    duplex: hasBody ? "half" : undefined,
  });
}

/** Requests built by toFetchRequest → their node request, so that readNodeBody can read it plainly. */
const nodeSources = new WeakMap<Request, IncomingMessage>();
/** Node requests whose body readNodeBody took (their web stream then ends empty) or whose web stream
 *  was started (readNodeBody leaves them to it): one reader per body. */
const bodyTaken = new WeakSet<IncomingMessage>();
const bodyStreaming = new WeakSet<IncomingMessage>();

/**
 * The body of a Request built by toFetchRequest, read from the node request directly: a web stream
 * costs more CPU than the rest of a small API request (POST /events/track). Resolves to
 * "too_large" past `maxBytes` (the rest is then discarded). Undefined for any other Request, or one
 * whose body is already being read through its stream.
 */
export function readNodeBody(request: Request, maxBytes: number): Promise<Buffer | "too_large"> | undefined {
  const req = nodeSources.get(request);
  if (!req || bodyStreaming.has(req) || bodyTaken.has(req)) return undefined;
  bodyTaken.add(req);
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        stop();
        discardRest(req, MAX_DISCARD_BYTES);
        resolve("too_large");
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onError);
  });
}

export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((v, k) => res.setHeader(k, v));
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

/** The request body as a web stream with backpressure, started by its first read (so that a body
 *  read by readNodeBody, or never read, costs no stream work); cancelling it discards the rest. */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!started) {
          started = true;
          if (bodyTaken.has(req)) return controller.close();
          bodyStreaming.add(req);
          req.on("data", (chunk: Buffer) => {
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          });
          req.once("end", () => controller.close());
          req.once("error", (err) => controller.error(err));
        }
        req.resume();
      },
      cancel() {
        discardRest(req, MAX_DISCARD_BYTES);
      },
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
}

/** Requests whose rest is being thrown away → how much of it may still come before the socket is dropped. */
const discarding = new WeakMap<IncomingMessage, { limit: number }>();

function discardRest(req: IncomingMessage, maxBytes: number) {
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
