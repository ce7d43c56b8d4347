// Opaque list cursor: base64url of the sort key (created_at) and the id of the last row of a page.
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "./member-scope";

export type MemberCursor = { createdAt: Date; id: string };

export function encodeMemberCursor(c: MemberCursor): string {
  return Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id]), "utf8").toString("base64url");
}

export function decodeMemberCursor(raw: string): MemberCursor {
  const invalid = () => new AppError(400, "parameter_invalid", "cursor is not a cursor this endpoint returned", { param: "cursor" });
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== "string" || typeof value[1] !== "string") throw invalid();
  const createdAt = new Date(value[0]);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== value[0] || !isUuid(value[1])) throw invalid();
  return { createdAt, id: value[1].toLowerCase() };
}
