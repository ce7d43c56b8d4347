// The second door of the API: Next's route handlers (src/app/v1/[[...path]]/route.ts,
// src/app/events/track/route.ts) call the same handler as our server's lean path, so that a plain
// `next start` — what most hosts and Dockerfiles run — serves the same API (contract section 14).
// What differs is only what Next cannot give: the socket's address. Behind the Next door the client
// IP is the last X-Forwarded-For entry with TRUST_PROXY=1 (the host's proxy adds it), else unknown,
// and the per-IP limits are skipped (per-key and per-partner limits still hold): said once in the log.
import { BytesResponse } from "@/server/http/bytes-response";
import { setting } from "@/server/config/env";
import { componentLogger } from "@/server/observability/logger";
import { handleApiRequest } from "./handle-api-request";

type RouteHandler = (request: Request) => Promise<Response>;

const warned = globalThis as unknown as { perkwayNextDoorIpWarned?: boolean };

function warnOnceWithoutClientIp() {
  if (warned.perkwayNextDoorIpWarned || setting("trustProxy")) return;
  warned.perkwayNextDoorIpWarned = true;
  componentLogger("api").warn(
    "the API is served through Next's route handlers without TRUST_PROXY=1: the client IP is unknown there, so the per-IP rate limits are skipped (per-key and per-partner limits hold). Set TRUST_PROXY=1 behind your host's proxy.",
  );
}

/** Next streams a Response's body and copies its headers: give it a plain one. */
function toPlainResponse(response: Response): Response {
  if (!(response instanceof BytesResponse)) return response;
  const headers = new Headers();
  response.ownHeaders.forEach((v, k) => headers.append(k, v));
  const p = response.payload;
  const body = response.status === 204 || response.status === 304 ? null : typeof p === "string" ? p : new Uint8Array(p.buffer as ArrayBuffer, p.byteOffset, p.byteLength);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Next's own server compresses responses itself; a body our handler had compressed already went out
 * compressed twice (seen by test/ops/deployment.test.ts). Behind this door Next does the compressing.
 */
function withoutAcceptEncoding(request: Request): Request {
  if (!request.headers.has("accept-encoding")) return request;
  const headers = new Headers(request.headers);
  headers.delete("accept-encoding");
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(request.url, { method: request.method, headers, body: hasBody ? request.body : null, duplex: "half" } as RequestInit);
}

/** The fetch handler wrapped for Next: the methods a route file exports. */
export function nextRouteHandlers(handle: RouteHandler = handleApiRequest) {
  const route: RouteHandler = async (request) => {
    warnOnceWithoutClientIp();
    return toPlainResponse(await handle(withoutAcceptEncoding(request)));
  };
  return { GET: route, HEAD: route, POST: route, PUT: route, PATCH: route, DELETE: route, OPTIONS: route };
}
