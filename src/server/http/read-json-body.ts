// Body parsing shared by every /v1 endpoint: 413 over 1 MiB, 400 for a missing body, 415 for a
// non-JSON content type, 400 for malformed JSON or JSON nested too deep (json-depth.ts), then the endpoint's (strict) zod schema.
import type { z } from "zod";
import { AppError } from "@/server/errors/app-error";
import { parseWith } from "@/server/errors/parse-with";
import { JSON_TOO_DEEP_MESSAGE, jsonTooDeep } from "./json-depth";
import { NodeRequest } from "./node-request";

export const MAX_BODY_BYTES = 1024 * 1024;

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

// One decoder for every body: a call without { stream: true } starts from a clean state.
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The bytes as UTF-8 text; null when they are not UTF-8. */
export function decodeUtf8(buf: Uint8Array): string | null {
  try {
    return UTF8.decode(buf);
  } catch {
    return null;
  }
}

export async function readJson(request: Request): Promise<unknown> {
  const buf = await readBodyBytes(request);
  if (buf.byteLength === 0) throw new AppError("body_invalid", "The request body is empty: send a JSON object with Content-Type: application/json");
  return parseJsonText(request, buf).value;
}

/**
 * A body's text and its JSON value, for a handler that also needs the exact text (a signature
 * over the bytes): 415 unless Content-Type is JSON, 400 unless UTF-8 JSON within the depth limit.
 */
export function parseJsonText(request: Request, buf: Uint8Array): { text: string; value: unknown } {
  if (!JSON_TYPE.test((request.headers.get("content-type") ?? "").trim())) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with the header Content-Type: application/json");
  }
  const text = decodeUtf8(buf);
  if (text === null) throw new AppError("body_invalid", "The request body is not valid JSON");
  if (jsonTooDeep(text)) throw new AppError("body_invalid", JSON_TOO_DEEP_MESSAGE);
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    throw new AppError("body_invalid", "The request body is not valid JSON");
  }
}

export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const raw = await readJson(request);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new AppError("body_invalid", "The request body must be a JSON object");
  }
  return parseWith(schema, raw);
}

/** For endpoints whose fields are all optional (POST …/approve): no body at all means `{}`. */
export async function readOptionalJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const buf = await readBodyBytes(request);
  const raw = buf.byteLength === 0 ? {} : parseJsonText(request, buf).value;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new AppError("body_invalid", "The request body must be a JSON object");
  }
  return parseWith(schema, raw);
}

function tooLarge() {
  return new AppError("body_too_large", `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB)`);
}

/** The raw body, at most MAX_BODY_BYTES (413 beyond, whether declared or streamed). */
export async function readBodyBytes(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const direct = request instanceof NodeRequest ? request.readBody(MAX_BODY_BYTES) : undefined;
  if (direct) {
    const buf = await direct;
    if (buf === "too_large") throw tooLarge();
    return new Uint8Array(buf.buffer as ArrayBuffer, buf.byteOffset, buf.byteLength);
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
