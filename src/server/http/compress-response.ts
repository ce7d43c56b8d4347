// Compressed /v1 JSON bodies: br or gzip as the client's Accept-Encoding prefers (q-values honoured,
// identity otherwise), always with `Vary: Accept-Encoding` so that caches keep the variants apart.
// A response that names a `compressKey` (the deal pages, assembled from precomputed bytes:
// src/server/rest/deals/deal-json.ts) has its compressed copy kept in a bounded cache, so the hot
// path pays for compression once per page and encoding instead of once per request.
import zlib from "node:zlib";
import { promisify } from "node:util";
import { BytesResponse } from "./bytes-response";
import { ByteBoundedCache } from "./byte-bounded-cache";
import { ResponseHeaders } from "./response-headers";

type Encoding = "br" | "gzip";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies this large are compressed on libuv's thread pool rather than on the event loop. */
const ASYNC_FROM_BYTES = 32 * 1024;
/** Brotli level for bodies made per request: level 4 is about gzip's speed with smaller output. */
const DYNAMIC_BROTLI_QUALITY = 4;
/** Smaller bodies go out as they are: a compressed copy would be about as large (gzip alone adds
 *  ~20 bytes of framing), and the hot path's tiny answers (POST /events/track's 202 is 30 bytes)
 *  would pay a compressor call each for nothing. */
const MIN_BYTES = 128;
/** Cached pages are compressed once: a higher level is worth it. */
const CACHED_BROTLI_QUALITY = 7;

/** The encoding to answer with, by the client's preference (RFC 9110 §12.5.3); null for identity. */
export function chooseEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    if (Number.isFinite(weight)) q.set(name.trim(), weight);
  }
  const weightOf = (enc: string) => q.get(enc) ?? q.get("*") ?? 0;
  const br = weightOf("br");
  const gz = Math.max(weightOf("gzip"), q.get("x-gzip") ?? 0);
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? "br" : "gzip";
}

async function compress(body: Buffer, encoding: Encoding, quality: number): Promise<Buffer> {
  if (encoding === "br") {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    return body.length >= ASYNC_FROM_BYTES ? brotli(body, { params }) : zlib.brotliCompressSync(body, { params });
  }
  return body.length >= ASYNC_FROM_BYTES ? gzip(body, { level: 6 }) : zlib.gzipSync(body, { level: 6 });
}

// Compressed copies of keyed bodies. One per process (globalThis): the API path and Next's bundle
// load this module separately.
const g = globalThis as unknown as { perkwayCompressedCache?: ByteBoundedCache };
export const compressedCache = (g.perkwayCompressedCache ??= new ByteBoundedCache(64 * 1024 * 1024));

/** A body already in memory that names what it contains, so its compressed copy can be reused. */
export class KeyedBytesResponse extends BytesResponse {
  constructor(payload: Buffer, init: ResponseInit, readonly compressKey: string) {
    super(payload, init);
  }
}

function isJson(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").startsWith("application/json");
}

/**
 * `response` encoded as `request` accepts. Only JSON bodies; 204, 304 and bodies already encoded
 * pass through (with Vary when JSON). `encode` false: Vary only, the body as it is (as if the client
 * accepted no encoding).
 */
export async function compressResponse(request: Request, response: Response, encode = true): Promise<Response> {
  if (!isJson(response)) return response;
  appendVary(response.headers);
  if (!encode || response.status === 204 || response.status === 304 || response.headers.has("content-encoding")) return response;
  const encoding = chooseEncoding(request.headers.get("accept-encoding"));
  if (!encoding) return response;
  const raw = response instanceof BytesResponse ? response.payload : Buffer.from(await response.arrayBuffer());
  const body = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  if (body.length < MIN_BYTES) {
    return response instanceof BytesResponse ? response : new BytesResponse(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  // A keyed page is compressed once per encoding, by the first request that asks; the requests
  // that ask meanwhile wait for that copy instead of compressing it again each (before: 50
  // concurrent requests of a new page queued 50 compressions on libuv's 4 threads, and the queue
  // outlived the run that made it).
  const compressed =
    response instanceof KeyedBytesResponse
      ? await compressedCache.getOrMakeAsync(`${encoding}:${response.compressKey}`, () => compress(body, encoding, CACHED_BROTLI_QUALITY))
      : await compress(body, encoding, DYNAMIC_BROTLI_QUALITY);
  const headers = new ResponseHeaders(response.headers);
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  return new BytesResponse(compressed, { status: response.status, statusText: response.statusText, headers });
}

function appendVary(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) return headers.set("Vary", "Accept-Encoding");
  if (!vary.split(",").some((v) => v.trim().toLowerCase() === "accept-encoding" || v.trim() === "*")) headers.set("Vary", `${vary}, Accept-Encoding`);
}
