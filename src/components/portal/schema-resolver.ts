// react-hook-form resolver over a resource's zod schema: the form's values are turned into the
// input the API takes (toInput) and checked with the very schema the procedure and /v1 use; each
// issue goes to the form field `fieldOf` names (issue path as "a.b[0].c").
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { issuePath } from "@/server/errors/zod-error";
import { plainErrorMap, sentenceOf } from "@/server/domain/plain-messages";

export function schemaResolver<V extends FieldValues>(schema: z.ZodType, toInput: (v: V) => unknown, fieldOf: (path: string) => string | null): Resolver<V> {
  return async (values) => {
    // Plain words for people ("Enter a product name"); the schema's own messages are kept.
    const result = schema.safeParse(toInput(values), { error: plainErrorMap });
    if (result.success) return { values, errors: {} };
    const flat: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const path = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]] : issue.path;
      const field = fieldOf(issuePath(path as PropertyKey[]));
      if (field && !flat[field]) flat[field] = { type: issue.code, message: sentenceOf(issue.path as PropertyKey[], issue.message) };
    }
    return { values: {}, errors: nest(flat) as FieldErrors<V> };
  };
}

/** "rules.0.rule_value" → { rules: [{ rule_value: … }] }, the shape react-hook-form expects. */
export function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(".");
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}
