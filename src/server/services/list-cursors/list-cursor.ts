// Opaque list cursors (docs/api.md, Conventions): base64url JSON of the last row's sort key and id (keyset, so
// pages stay stable while rows change). A cursor this API did not hand out is 400 on `cursor`.
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";

export const invalidCursor = (why = "cursor is not a cursor this endpoint returned") =>
  new AppError("parameter_invalid", why, { param: "cursor" });

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

/** The JSON inside a cursor; validating its shape is the caller's job. */
export function decodeCursor(raw: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalidCursor();
  try {
    return JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
}

/** The cursor of lists ordered by (created_at, id). */
export type CreatedAtCursor = { createdAt: Date; id: string };

/** `list` names the list the cursor belongs to: another list's cursor is refused, not read as a position. */
export function encodeCreatedAtCursor(c: CreatedAtCursor, list: string): string {
  return encodeCursor([list, c.createdAt.toISOString(), c.id]);
}

export function decodeCreatedAtCursor(raw: string, list: string): CreatedAtCursor {
  const v = decodeCursor(raw);
  if (!Array.isArray(v) || v.length !== 3 || v[0] !== list || typeof v[1] !== "string" || !isUuid(v[2])) throw invalidCursor();
  const createdAt = new Date(v[1]);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== v[1]) throw invalidCursor();
  return { createdAt, id: v[2].toLowerCase() };
}
