// Bridges node:http to the fetch-style handlers, for the lean API path of our server and for tests.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { rememberClientIp } from "./client-ip";

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
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
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
}
