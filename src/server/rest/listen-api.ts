// The /v1 route table over node:http (the lean API path): what production serves for /v1 and
// /events/track (src/server/server.ts), and what tests and benchmarks speak real HTTP to.
import type http from "node:http";
import { fetchRequestListener, listenHttp, type FetchHandler, type HttpListener } from "@/server/http/request-listener";
import { handleApiRequest } from "./handle-api-request";

export type ApiListener = HttpListener;

/** Never throws (see fetchRequestListener). */
export function apiRequestListener(handler: FetchHandler = handleApiRequest): http.RequestListener {
  return fetchRequestListener(handler);
}

/** Listens on 127.0.0.1 (a random port unless given). */
export async function listenApi(opts: { handler?: FetchHandler; port?: number } = {}): Promise<ApiListener> {
  return listenHttp(apiRequestListener(opts.handler), { port: opts.port });
}
