// Validate a value with a zod schema; a failure is one 400 AppError naming the offending field.
// Strings that PostgreSQL cannot store (NUL, unpaired surrogates) are refused first, whatever the
// schema says, so no input can reach the database with them.
import type { z } from "zod";
import { storableInputSchema } from "@/server/schemas/storable-text";
import { zodErrorToAppError } from "./zod-error";

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const storable = storableInputSchema.safeParse(value);
  if (!storable.success) throw zodErrorToAppError(storable.error);
  const result = schema.safeParse(value);
  if (!result.success) throw zodErrorToAppError(result.error);
  return result.data;
}

/** For batch envelopes only (`{ users: unknown[] }`): their entries are validated one by one, with
 *  the storable-text check (`storable()`), so that one bad entry fails only itself. */
export function parseEnvelopeWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw zodErrorToAppError(result.error);
  return result.data;
}
