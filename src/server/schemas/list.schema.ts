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

// A real cursor of each list (base64url of the list's name, the last row's created_at and id), so a tool
// that sends the example gets a page: a cursor names its list, and another list's is refused.
const CURSOR_EXAMPLES = {
  users: "WyJ1c2VycyIsIjIwMjYtMTEtMjFUMTQ6MDM6MDcuMTIzWiIsIjZmMWMyZDNlLTRiNWEtNGM2ZC04ZTdmLTkwMWEyYjNjNGQ1ZSJd",
  partner_deals: "WyJwYXJ0bmVyX2RlYWxzIiwiMjAyNi0xMS0yMVQxNDowMzowNy4xMjNaIiwiNmYxYzJkM2UtNGI1YS00YzZkLThlN2YtOTAxYTJiM2M0ZDVlIl0",
  visibility_rules: "WyJ2aXNpYmlsaXR5X3J1bGVzIiwiMjAyNi0xMS0yMVQxNDowMzowNy4xMjNaIiwiNmYxYzJkM2UtNGI1YS00YzZkLThlN2YtOTAxYTJiM2M0ZDVlIl0",
  access_requests: "WyJhY2Nlc3NfcmVxdWVzdHMiLCIyMDI2LTExLTIxVDE0OjAzOjA3LjEyM1oiLCI2ZjFjMmQzZS00YjVhLTRjNmQtOGU3Zi05MDFhMmIzYzRkNWUiXQ",
  webhook_endpoints: "WyJ3ZWJob29rX2VuZHBvaW50cyIsIjIwMjYtMTEtMjFUMTQ6MDM6MDcuMTIzWiIsIjZmMWMyZDNlLTRiNWEtNGM2ZC04ZTdmLTkwMWEyYjNjNGQ1ZSJd",
  redemptions: "WyJyZWRlbXB0aW9ucyIsIjIwMjYtMTEtMjFUMTQ6MDM6MDcuMTIzWiIsIjZmMWMyZDNlLTRiNWEtNGM2ZC04ZTdmLTkwMWEyYjNjNGQ1ZSJd",
} as const;

/** `limit` and `cursor` of a list paged by (created_at, id); `list` is the name its cursors carry. */
export function pageQueryFieldsOf(list: keyof typeof CURSOR_EXAMPLES) {
  return {
    limit: limitQuerySchema.optional(),
    cursor: z
      .string()
      .max(500)
      .optional()
      .meta({ description: "next_cursor of the previous page", pattern: CURSOR_PATTERN, example: CURSOR_EXAMPLES[list] }),
  };
}

/** One page of `item`, registered in the OpenAPI document as `id`. */
export function listSchema<T extends z.ZodType>(item: T, id: string) {
  return z.object({ data: z.array(item), has_more: z.boolean(), next_cursor: z.string().nullable() }).meta({ id });
}
