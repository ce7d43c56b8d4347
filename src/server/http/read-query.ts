import type { z } from "zod";
import { AppError } from "@/server/errors/app-error";
import { parseWith } from "@/server/errors/parse-with";

/** Query parameters as an object (repeated keys become arrays), validated by a strict schema. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
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
