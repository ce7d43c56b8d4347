// PostgreSQL text and jsonb cannot hold NUL nor unpaired UTF-16 surrogates (which JSON escapes and
// percent-encoding can produce). Every input boundary (JSON bodies, query strings, path parameters,
// tRPC inputs) checks the raw value with `storableInputSchema` before the resource's own schema, so
// such strings are a 400 parameter_invalid naming the field, never a database error (docs/api.md, Errors).
import { z } from "zod";
import { UNSTORABLE_TEXT } from "@/server/domain/unstorable-text";


export const UNSTORABLE_MESSAGE = "must not contain NUL characters or unpaired surrogates";

export function isStorableText(s: string): boolean {
  return !UNSTORABLE_TEXT.test(s);
}

/** The path of the first string (value or object key) that cannot be stored, or null. Iterative and
 *  linear: each node keeps a link to its parent, and a path is built only for the one string found
 *  (copying the path at every level made a deeply nested body quadratic and froze the server). */
export function findUnstorable(value: unknown): (string | number)[] | null {
  type Node = { v: unknown; key: string | number; parent: Node | null };
  const pathOf = (node: Node | null, last?: string): (string | number)[] => {
    const out: (string | number)[] = last === undefined ? [] : [last];
    for (let n = node; n && n.parent; n = n.parent) out.push(n.key);
    return out.reverse();
  };
  const stack: Node[] = [{ v: value, key: "", parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.v;
    if (typeof v === "string") {
      if (!isStorableText(v)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, parent: node });
    } else if (v !== null && typeof v === "object") {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        if (!isStorableText(k)) return pathOf(node, k);
        stack.push({ v: (v as Record<string, unknown>)[k], key: k, parent: node });
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

/** `schema`, after the storable-text check: for inputs validated entry by entry (batches, imports). */
export function storable<S extends z.ZodType>(schema: S) {
  return storableInputSchema.pipe(schema);
}
