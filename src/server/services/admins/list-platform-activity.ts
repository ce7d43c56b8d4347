// Super admin → Platform: the activity log of the whole platform (every partner's entries and the
// platform-level ones, partner_id null), newest first, with keyset paging on (created_at, id).
import type { Prisma } from "@/generated/prisma/client";
import { readDb } from "@/server/db/read-db";
import type { PlatformActivityInput } from "@/server/schemas/super-admin.schema";
import type { AdminActor } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins/require-super-admin";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";

export async function listPlatformActivity(actor: AdminActor, input: PlatformActivityInput) {
  requireSuperAdmin(actor, "see the platform activity log");
  const after = input.cursor ? decodeCreatedAtCursor(input.cursor, "platform_activity") : null;
  const where: Prisma.ActivityLogWhereInput = {
    ...(input.partnerId !== undefined ? { partnerId: input.partnerId } : {}),
    ...(input.action ? { action: { startsWith: input.action } } : {}),
    ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
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
    next_cursor: rows.length > input.limit && last ? encodeCreatedAtCursor(last, "platform_activity") : null,
  };
}

