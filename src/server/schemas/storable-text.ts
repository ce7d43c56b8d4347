// PostgreSQL text and jsonb cannot hold NUL nor unpaired UTF-16 surrogates (which JSON escapes and
// percent-encoding can produce). Every input boundary (JSON bodies, query strings, path parameters,
// tRPC inputs) checks the raw value with `storableInputSchema` before the resource's own schema, so
// such strings are a 400 parameter_invalid naming the field, never a database error (contract §1).
import { z } from "zod";

const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_MESSAGE = "must not contain NUL characters or unpaired surrogates";

export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/** The path of the first string (value or object key) that cannot be stored, or null. Iterative:
 *  a 1 MiB body can nest 500,000 levels deep. */
export function findUnstorable(value: unknown): (string | number)[] | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (!isStorableText(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
    } else if (v !== null && typeof v === "object") {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i];
        if (!isStorableText(k)) return [...path, k];
        stack.push({ v: x, path: [...path, k] });
      }
    }
  }
  return null;
}

/** The one shared refinement: any JSON-like input whose strings can all be stored. */
export const storableInputSchema = z.unknown().superRefine((value, ctx) => {
  const path = findUnstorable(value);
  if (path) ctx.addIssue({ code: "custom", path, message: UNSTORABLE_MESSAGE });
});

/** A string field that can be stored (for schemas that want the rule in their own shape too). */
export const storableString = () => z.string().refine(isStorableText, { error: UNSTORABLE_MESSAGE });

/** `schema`, after the storable-text check: for inputs validated entry by entry (batches, imports). */
export function storable<S extends z.ZodType>(schema: S) {
  return storableInputSchema.pipe(schema);
}
