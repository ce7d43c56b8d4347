import type { z } from "zod";
import { AppError } from "@/server/errors/app-error";
import { parseWith } from "@/server/errors/parse-with";

/** Query parameters as an object (repeated keys become arrays), validated by a strict schema. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  return parseQuery(url, schema);
}

// Parsed queries by schema and query string, for the hot path's lists: the same few query strings
// come again and again (a partner's first page), and zod's parse was ~5% of a GET /v1/deals. Only
// valid queries are kept (errors are thrown each time), frozen, since every caller gets the same object.
const MAX_MEMO_QUERY_LENGTH = 512;
const MAX_MEMO_QUERIES = 256;
const parsedQueries = new WeakMap<z.ZodType, Map<string, unknown>>();

/** readQuery for a pure schema (no transform that depends on anything but the text), memoized. */
export function readQueryMemo<S extends z.ZodType>(url: URL, schema: S): Readonly<z.output<S>> {
  const search = url.search;
  if (search.length > MAX_MEMO_QUERY_LENGTH) return parseQuery(url, schema);
  let memo = parsedQueries.get(schema);
  if (!memo) parsedQueries.set(schema, (memo = new Map()));
  const hit = memo.get(search) as z.output<S> | undefined;
  if (hit !== undefined) return hit;
  const parsed = Object.freeze(parseQuery(url, schema));
  if (memo.size >= MAX_MEMO_QUERIES) memo.delete(memo.keys().next().value!);
  memo.set(search, parsed);
  return parsed;
}

function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  refuseBadPercentEncoding(url);
  const obj: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) {
    const prev = obj[k];
    obj[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  for (const [k, v] of Object.entries(obj)) {
    if (Array.isArray(v)) throw new AppError("parameter_invalid", `${k} must be given once`, { param: k });
  }
  return parseWith(schema, obj);
}

/**
 * URLSearchParams turns bytes that are not UTF-8 (%ff, or %ED%A0%80: an unpaired surrogate) into
 * U+FFFD silently; the contract refuses them, as in the path (400 parameter_invalid naming the key).
 */
export function refuseBadPercentEncoding(url: URL): void {
  if (!url.search.includes("%")) return;
  for (const pair of url.search.slice(1).split("&")) {
    const eq = pair.indexOf("=");
    const [rawKey, rawValue] = eq < 0 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)];
    const key = decodeOrNull(rawKey);
    if (key === null || decodeOrNull(rawValue) === null) {
      throw new AppError("parameter_invalid", `${key ?? rawKey} in the query is not valid percent-encoding (UTF-8)`, { param: key ?? rawKey });
    }
  }
}

function decodeOrNull(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return null;
  }
}
