import type { z } from "zod";
import { AppError } from "@/server/errors/app-error";
import { parseWith } from "@/server/errors/parse-with";

/** Query parameters as an object (repeated keys become arrays), validated by a strict schema. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
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
