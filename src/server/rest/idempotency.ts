// Idempotency-Key (docs/api.md, Idempotency) for routes marked `idempotent: true`: up to 255 characters, kept 24
// hours per (partner, environment). A replay of the same request returns the first response, status
// and body byte for byte (4xx included), with `Idempotent-Replayed: true`; the same key on a
// different request (method, path or body) is 409 idempotency_key_reused. A 5xx or 429 is not
// stored: the key is released and the request can be retried with it. While the first request runs
// it keeps its claim alive (heartbeat), so a slow request is never run a second time.
import { createHash } from "node:crypto";
import { AppError } from "@/server/errors/app-error";
import { jsonTooDeep } from "@/server/http/json-depth";
import {
  beginIdempotentRequest,
  completeIdempotentRequest,
  idempotencyHeartbeatMs,
  purgeExpiredIdempotencyRecords,
  releaseIdempotentRequest,
  touchIdempotentRequest,
} from "@/server/services/idempotency";
import type { ApiContext, CompiledRoute } from "@/server/http/api-route";
import { decodeUtf8, readBodyBytes } from "@/server/http/read-json-body";
import { errorFields, logger } from "@/server/observability/logger";

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const KEY_RE = /^[\x20-\x7e]+$/; // what an HTTP header can carry unambiguously

type IdempotencyStep =
  | { replay: Response }
  | { complete(response: Response): Promise<Response>; release(): Promise<void> };

export async function beginIdempotency(route: CompiledRoute, ctx: ApiContext): Promise<IdempotencyStep | null> {
  if (!route.idempotent || route.auth !== "partner") return null;
  const key = ctx.request.headers.get("idempotency-key");
  if (key === null) return null;
  if (key.trim() === "" || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !KEY_RE.test(key)) {
    throw new AppError("idempotency_key_invalid", `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters (a UUID is a good choice)`, {
      param: "Idempotency-Key",
    });
  }
  // The body is read here (to fingerprint it) and handed on to the handler as a fresh Request.
  const body = await readBodyBytes(ctx.request);
  const original = ctx.request;
  ctx.request = new Request(original.url, { method: original.method, headers: original.headers, body: body.byteLength ? body : undefined });

  const scope = ctx.scope;
  maybePurgeExpired();
  const claim = await beginIdempotentRequest(scope, { key, method: original.method, path: ctx.url.pathname, requestHash: fingerprint(original.method, ctx.url, body) });
  if (claim.kind === "replay") {
    const text = route.idempotencyReplay ? await route.idempotencyReplay.restore(claim.text, ctx) : claim.text;
    return { replay: replayResponse(claim.status, text) };
  }
  const heartbeat = setInterval(() => void touchIdempotentRequest(scope, claim.recordId).catch(() => {}), idempotencyHeartbeatMs());
  heartbeat.unref();
  return {
    async complete(response) {
      clearInterval(heartbeat);
      if (response.status >= 500 || response.status === 429) {
        await releaseIdempotentRequest(scope, claim.recordId);
        return response;
      }
      const text = await response.clone().text();
      const stored = route.idempotencyReplay ? route.idempotencyReplay.redact(text) : text;
      await completeIdempotentRequest(scope, claim.recordId, { status: response.status, text: stored });
      return response;
    },
    release: () => {
      clearInterval(heartbeat);
      return releaseIdempotentRequest(scope, claim.recordId);
    },
  };
}

/** The stored body as it was first sent; the headers every JSON response of ours carries. */
function replayResponse(status: number, text: string): Response {
  return new Response(text === "" ? null : text, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Idempotent-Replayed": "true" },
  });
}

/** Method, path, query and the body — JSON compared by value, so key order and spacing do not matter. */
function fingerprint(method: string, url: URL, body: Uint8Array): string {
  return createHash("sha256").update(`${method} ${url.pathname}${url.search}\n${canonicalBody(body)}`).digest("hex");
}

function canonicalBody(body: Uint8Array): string {
  if (!body.byteLength) return "empty";
  const raw = () => "raw:" + Buffer.from(body).toString("base64");
  const text = decodeUtf8(body);
  // A body nested too deep is refused anyway; canonicalizing it would cost depth × size.
  if (text === null || jsonTooDeep(text)) return raw();
  try {
    return "json:" + stableStringify(JSON.parse(text));
  } catch {
    return raw();
  }
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

let lastPurge = 0;
function maybePurgeExpired() {
  const now = Date.now();
  if (now - lastPurge < 60 * 60 * 1000) return;
  lastPurge = now;
  purgeExpiredIdempotencyRecords("operator").catch((err) => {
    logger().warn(errorFields(err), "idempotency: purge of expired records failed");
  });
}
