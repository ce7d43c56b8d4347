// The /v1 route table over node:http (the lean API path): what production serves for /v1 and
// /events/track (src/server/server.ts), and what tests and benchmarks speak real HTTP to.
import type http from "node:http";
import { fetchRequestListener, listenHttp, type FetchHandler, type HttpListener } from "@/server/http/request-listener";
import { handleApiRequest } from "./handle-api-request";
import { clientIpOfMessage } from "@/server/http/client-ip";
import { RequestLimiter, rateLimitConfigFromEnv } from "@/server/http/rate-limit";
import { defaultRateLimitStore } from "@/server/http/rate-limit-store";
import { ResponseHeaders } from "@/server/http/response-headers";

export type ApiListener = HttpListener;

/** Never throws (see fetchRequestListener). `socketIp: false` behind the Next door (next-door.ts). */
export function apiRequestListener(handler: FetchHandler = handleApiRequest, opts: { socketIp?: boolean | (() => boolean) } = {}): http.RequestListener {
  return fetchRequestListener(handler, { socketIp: opts.socketIp, refusalHeaders: refusalRateLimitHeaders });
}

/**
 * "Every /v1 response carries RateLimit-*" (contract section 1), a refusal before routing too (TRACE, a
 * Host that is no authority): it is charged to the client IP's bucket like any anonymous request. No
 * client IP (the Next door without TRUST_PROXY), no bucket and no headers, as contract section 14 says.
 */
async function refusalRateLimitHeaders(req: http.IncomingMessage, socketIp: boolean): Promise<Record<string, string>> {
  const ip = clientIpOfMessage(req, socketIp);
  if (!ip) return {};
  const headers = new ResponseHeaders();
  await new RequestLimiter(defaultRateLimitStore(), rateLimitConfigFromEnv(), headers).charge("anonymous", ip).catch(() => {});
  const out: Record<string, string> = {};
  headers.forEach((v, k) => (out[k] = v));
  return out;
}

/** Listens on 127.0.0.1 (a random port unless given). */
export async function listenApi(opts: { handler?: FetchHandler; port?: number } = {}): Promise<ApiListener> {
  return listenHttp(apiRequestListener(opts.handler), { port: opts.port });
}
