// What the portal's tRPC endpoint checks before tRPC sees a request (src/app/api/trpc/[trpc]/route.ts):
// - who may call a mutation (docs/decisions/csrf-rule.md): a POST must come from a page of the portal's
//   own origin — Origin names it, or without Origin, Sec-Fetch-Site says same-origin. A sibling
//   partner subdomain is same-site, so SameSite=Lax cookies alone would not stop it;
// - size and shape: bodies up to 1 MiB (as /v1), JSON nested at most MAX_JSON_DEPTH levels (the
//   `input` of GET requests too), at most MAX_BATCH_SIZE calls in a batch, and mutations one per
//   request (a batch would let one request carry hundreds of password guesses).
// Refusals use tRPC's error shape with our appCode, so the portal's client reads them like any other.
import { ERROR_CODES, TRPC_CODE_BY_STATUS, type ErrorCode } from "@/server/errors/error-codes";
import { MAX_BODY_BYTES } from "@/server/http/read-json-body";
import { JSON_TOO_DEEP_MESSAGE, jsonTooDeep } from "@/server/http/json-depth";
import { requestHost } from "@/server/config/app-host";
import { setting } from "@/server/config/env";

export const MAX_BATCH_SIZE = 10;

/** The refusal, or null when the request may go on to tRPC. `body` is the text read (POST only). */
export async function guardTrpcRequest(req: Request, endpoint: string): Promise<{ refused: Response } | { body: string | null }> {
  const url = new URL(req.url);
  const paths = url.pathname.startsWith(`${endpoint}/`) ? url.pathname.slice(endpoint.length + 1).split(",") : [];
  const batched = url.searchParams.get("batch") === "1";
  if (paths.length > MAX_BATCH_SIZE) return refuse("batch_refused", `At most ${MAX_BATCH_SIZE} calls per batch`);

  if (req.method === "GET" || req.method === "HEAD") {
    const input = url.searchParams.get("input");
    if (input && jsonTooDeep(input)) return refuse("body_invalid", JSON_TOO_DEEP_MESSAGE.replace("body", "input"));
    return { body: null };
  }

  if (!isOwnOrigin(req.headers)) return refuse("cross_origin_refused", "Changes are accepted only from the portal's own pages");
  if (batched && paths.length > 1) return refuse("batch_refused", "Send each change in its own request");
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return refuse("body_too_large", `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB)`);
  const text = await readText(req);
  if (text === null) return refuse("body_too_large", `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB)`);
  if (jsonTooDeep(text)) return refuse("body_invalid", JSON_TOO_DEEP_MESSAGE);
  return { body: text };
}

/**
 * A browser sends Origin with every POST; it must name the host the request was sent to (the
 * portal's own: the session cookie is host-only). Without Origin, Sec-Fetch-Site (also set by the
 * browser, never by a page) must be same-origin. A request with neither is not from a browser page
 * (curl, a server): no cookie of a victim rides on it, so it is not a forgery.
 */
function isOwnOrigin(headers: Headers, trustProxy = setting("trustProxy")): boolean {
  const origin = headers.get("origin");
  const host = requestHost(headers, trustProxy);
  if (origin !== null) {
    if (origin === "null" || !host) return false;
    try {
      const parsed = new URL(origin);
      return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.host.toLowerCase() === host;
    } catch {
      return false;
    }
  }
  const site = headers.get("sec-fetch-site");
  return site === null || site === "same-origin";
}

async function readText(req: Request): Promise<string | null> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function refuse(code: ErrorCode, message: string): { refused: Response } {
  const status = ERROR_CODES[code].status;
  const body = { error: { message, code: -32600, data: { code: TRPC_CODE_BY_STATUS[status], httpStatus: status, appCode: code, param: null, errors: null } } };
  return { refused: new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } }) };
}
