import { BytesResponse } from "./bytes-response";
import { KeyedBytesResponse } from "./compress-response";
import { ResponseHeaders } from "./response-headers";

/** The headers of every JSON response of the API (handlers may add their own, and their own Cache-Control). */
function jsonHeaders(headers: HeadersInit = {}): ResponseHeaders {
  const h = new ResponseHeaders(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  if (!h.has("Cache-Control")) h.set("Cache-Control", "no-store");
  h.set("X-Content-Type-Options", "nosniff");
  return h;
}

export function jsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  if (status === 204) return new Response(null, { status, headers: new Headers(jsonHeaders(headers)) });
  // Written to the socket as it is (BytesResponse): no body stream to fill and read back.
  return new BytesResponse(JSON.stringify(body), { status, headers: jsonHeaders(headers) });
}

/**
 * JSON already serialized (GET /v1/deals and GET /v1/deals/{id} assemble it from precomputed bytes,
 * deal-json.ts): no re-serialization, and written to the socket as it is (BytesResponse). With
 * `compressKey` (a name for exactly these bytes) its compressed copy is kept for the next request.
 */
export function jsonTextResponse(status: number, json: string | Buffer, headers: HeadersInit = {}, compressKey?: string): Response {
  if (compressKey !== undefined) return new KeyedBytesResponse(typeof json === "string" ? Buffer.from(json) : json, { status, headers: jsonHeaders(headers) }, compressKey);
  return new BytesResponse(json, { status, headers: jsonHeaders(headers) });
}

/** What a handler returns when it does not need to build the Response itself. */
export type ApiResult = { status: number; body: unknown; headers?: HeadersInit };
