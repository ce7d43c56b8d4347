// The list conventions of docs/api.md, Conventions, shared by every list endpoint: `limit` (1..100, default 50)
// and an opaque `cursor` in the query; `{ data, has_more, next_cursor }` in the response.
import { z } from "zod";

export const DEFAULT_LIST_LIMIT = 50;

/** What any cursor looks like (base64url); anything else is 400 on `cursor` (list-cursors). */
export const CURSOR_PATTERN = "^[A-Za-z0-9_-]+$";

const betweenOneAndHundred = "must be an integer between 1 and 100";

/**
 * Query values arrive as text and are parsed strictly ("10" yes, "1e1" no); the OpenAPI document
 * declares them as what they mean, an integer with its bounds, so generated clients take numbers.
 */
export function integerQueryParam(minimum: number, maximum: number, defaultValue: number) {
  return ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    for (const key of ["type", "pattern", "format", "anyOf", "allOf", "oneOf", "minLength", "maxLength"]) delete jsonSchema[key];
    Object.assign(jsonSchema, { type: "integer", minimum, maximum, default: defaultValue });
  };
}

/** Strictly an integer from its text form: "10" yes; "1e1", "10.0", " 10" no. */
export const limitQuerySchema = z
  .string()
  .regex(/^\d{1,4}$/, { error: betweenOneAndHundred })
  .transform(Number)
  .pipe(z.number().int().min(1, { error: betweenOneAndHundred }).max(100, { error: betweenOneAndHundred }))
  .meta({ description: "1..100, default 50", override: integerQueryParam(1, 100, DEFAULT_LIST_LIMIT) });

export const pageQueryFields = {
  limit: limitQuerySchema.optional(),
  cursor: z
    .string()
    .max(500)
    .optional()
    // The example is a real cursor of these lists (base64url of the last row's created_at and id), so a tool that sends it gets a page.
    .meta({ description: "next_cursor of the previous page", pattern: CURSOR_PATTERN, example: "WyIyMDI2LTExLTIxVDE0OjAzOjA3LjEyM1oiLCI2ZjFjMmQzZS00YjVhLTRjNmQtOGU3Zi05MDFhMmIzYzRkNWUiXQ" }),
};

/** One page of `item`, registered in the OpenAPI document as `id`. */
export function listSchema<T extends z.ZodType>(item: T, id: string) {
  return z.object({ data: z.array(item), has_more: z.boolean(), next_cursor: z.string().nullable() }).meta({ id });
}
