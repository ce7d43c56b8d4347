// Super admin → Platform: the activity log of the whole platform (every partner's entries and the
// platform-level ones, partner_id null), newest first, with keyset paging on (created_at, id).
import type { Prisma } from "@/generated/prisma/client";
import { readDb } from "@/server/db/read-db";
import { AppError } from "@/server/errors/app-error";
import type { PlatformActivityInput } from "@/server/schemas/super-admin.schema";
import type { AdminActor } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins/require-super-admin";

export async function listPlatformActivity(actor: AdminActor, input: PlatformActivityInput) {
  requireSuperAdmin(actor, "see the platform activity log");
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const where: Prisma.ActivityLogWhereInput = {
    ...(input.partnerId !== undefined ? { partnerId: input.partnerId } : {}),
    ...(input.action ? { action: { startsWith: input.action } } : {}),
    ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {}),
  };
  const rows = await readDb().activityLog.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  const partnerIds = [...new Set(page.map((r) => r.partnerId).filter((id): id is string => !!id))];
  const names = new Map((await readDb().partner.findMany({ where: { id: { in: partnerIds } }, select: { id: true, name: true } })).map((p) => [p.id, p.name]));
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      partner_id: r.partnerId,
      partner_name: r.partnerId ? (names.get(r.partnerId) ?? null) : null,
      environment: r.environment,
      actor_type: r.actorType,
      actor_email: r.actorEmail,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      summary: r.summary,
    })),
    has_more: rows.length > input.limit,
    next_cursor: rows.length > input.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString("base64url");
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string];
    const date = new Date(at);
    if (typeof id !== "string" || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error("bad");
    return { at: date, id };
  } catch {
    throw new AppError("parameter_invalid", "cursor is not a cursor of this list", { param: "cursor" });
  }
}
