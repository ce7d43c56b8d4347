// The second door of the API: Next's route handlers (src/app/v1/[[...path]]/route.ts,
// src/app/events/track/route.ts) call the same handler as our server's lean path, so that a plain
// `next start` — what most hosts and Dockerfiles run — serves the same API (contract section 14).
// What differs is only what Next cannot give: the socket's address. Behind the Next door the client
// IP is the last X-Forwarded-For entry with TRUST_PROXY=1 (the host's proxy adds it), else unknown,
// and the per-IP limits are skipped (per-key and per-partner limits still hold): said once in the log.
// Under `next start` the door is usually not Next's pipeline at all: nextDoorApiListener answers in front
// of Next's listener (src/server/runtime/front-of-next.ts) at the lean door's price; the route handlers
// serve hosts that run Next's server some other way.
import type http from "node:http";
import { BytesResponse } from "@/server/http/bytes-response";
import { apiRequestListener } from "./listen-api";
import { setting } from "@/server/config/env";
import { componentLogger } from "@/server/observability/logger";
import { createApiHandler, handleApiRequest } from "./handle-api-request";

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

// Next's own server compresses what a route handler answers (a body our handler had compressed went
// out compressed twice: test/ops/deployment.test.ts), so behind this door the handler leaves bodies
// as they are. It used to copy every request without its Accept-Encoding instead: a second undici
// Request per request (headers, AbortSignal), for every client that sends the header.
let nextDoorHandler: RouteHandler | null = null;

/** The fetch handler wrapped for Next: the methods a route file exports. */
export function nextRouteHandlers(handle?: RouteHandler) {
  const route: RouteHandler = async (request) => {
    warnOnceWithoutClientIp();
    const handler = handle ?? (nextDoorHandler ??= createApiHandler({ encodeBodies: false }));
    return toPlainResponse(await handler(request));
  };
  return { GET: route, HEAD: route, POST: route, PUT: route, PATCH: route, DELETE: route, OPTIONS: route };
}

/**
 * The Next door in front of Next's listener (`next start`): the lean door's handler — its compression
 * included, so both doors compress alike — with the Next door's client-IP rule: without TRUST_PROXY no
 * client IP at all; with it the last X-Forwarded-For entry, else (no usable header) the socket, the
 * host's proxy, as the lean door does.
 */
export function nextDoorApiListener(): http.RequestListener {
  return apiRequestListener(
    (request) => {
      warnOnceWithoutClientIp();
      return handleApiRequest(request);
    },
    { socketIp: () => setting("trustProxy") },
  );
}
