// The portal's Activity page: one partner's log, newest first, keyset paging on (created_at, id).
// Scoped by partner only: the environment is a filter (an environment's entries plus the
// partner-wide ones such as settings and team changes, which have none).
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { readDb } from "@/server/db/read-db";
import { isUuid } from "@/server/domain/ids";
import type { ActivityEntryDto, ActivityExportInput, ActivityListInput } from "@/server/schemas/activity.schema";
import type { PartnerScope } from "@/server/scope";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";

const NON_ADMIN_ACTORS = ["cli", "api", "directory", "system"];

function partnerWhere(scope: Pick<PartnerScope, "partnerId">): { partnerId: string } {
  if (!scope?.partnerId || !isUuid(scope.partnerId)) throw new Error("activity: a partner scope is required");
  return { partnerId: scope.partnerId };
}

export async function listActivity(
  scope: Pick<PartnerScope, "partnerId">,
  input: ActivityListInput,
): Promise<{ data: ActivityEntryDto[]; has_more: boolean; next_cursor: string | null }> {
  const and = filterWhere(scope, input);
  if (input.cursor) {
    const c = decodeCreatedAtCursor(input.cursor, "activity");
    and.push({ OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] });
  }
  const rows = await readDb().activityLog.findMany({ where: { AND: and }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const has_more = rows.length > input.limit;
  return {
    data: page.map(entryOf),
    has_more,
    next_cursor: has_more && last ? encodeCreatedAtCursor({ createdAt: last.createdAt, id: last.id }, "activity") : null,
  };
}

/** The most entries one export holds (newest first); `truncated` says when the filters matched more. */
const ACTIVITY_EXPORT_MAX = 10_000;

/** Activity → Export: every entry the filters match (no paging), newest first, up to ACTIVITY_EXPORT_MAX. */
export async function exportActivity(scope: Pick<PartnerScope, "partnerId">, input: ActivityExportInput): Promise<{ data: ActivityEntryDto[]; truncated: boolean }> {
  const rows = await readDb().activityLog.findMany({ where: { AND: filterWhere(scope, input) }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: ACTIVITY_EXPORT_MAX + 1 });
  return { data: rows.slice(0, ACTIVITY_EXPORT_MAX).map(entryOf), truncated: rows.length > ACTIVITY_EXPORT_MAX };
}

function filterWhere(scope: Pick<PartnerScope, "partnerId">, input: ActivityExportInput): Prisma.ActivityLogWhereInput[] {
  const and: Prisma.ActivityLogWhereInput[] = [partnerWhere(scope)];
  if (input.environment) and.push({ OR: [{ environment: input.environment }, { environment: null }] });
  if (input.area) and.push({ OR: [{ action: { startsWith: `${input.area}.` } }, { action: { startsWith: `${input.area}s.` } }] });
  if (input.actor) {
    and.push(NON_ADMIN_ACTORS.includes(input.actor) ? { actorType: input.actor } : { actorEmail: { equals: input.actor, mode: "insensitive" } });
  }
  if (input.from) and.push({ createdAt: { gte: new Date(input.from) } });
  if (input.to) and.push({ createdAt: { lte: new Date(input.to) } });
  return and;
}

type ActivityRow = Awaited<ReturnType<typeof db.activityLog.findMany>>[number];

function entryOf(r: ActivityRow): ActivityEntryDto {
  return {
    id: r.id,
    created_at: r.createdAt.toISOString(),
    environment: r.environment,
    actor_type: r.actorType,
    actor_email: r.actorEmail,
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    summary: r.summary,
    changes: changesOf(r.changes),
  };
}

/** The values the filters offer: areas (action prefixes) and actors seen in this partner's log. */
export async function listActivityFilters(scope: Pick<PartnerScope, "partnerId">): Promise<{ areas: string[]; actors: string[] }> {
  const where = partnerWhere(scope);
  const [actions, actors] = await Promise.all([
    readDb().activityLog.groupBy({ by: ["action"], where }),
    readDb().activityLog.groupBy({ by: ["actorType", "actorEmail"], where }),
  ]);
  const areas = new Set(actions.map((a) => a.action.split(".")[0].replace(/s$/, "")));
  const who = new Set(actors.map((a) => (a.actorType === "admin" ? a.actorEmail : a.actorType)).filter((x): x is string => !!x));
  return { areas: [...areas].sort(), actors: [...who].sort() };
}

function changesOf(value: Prisma.JsonValue | null): ActivityEntryDto["changes"] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as { before?: unknown; after?: unknown };
  return { ...(v.before !== undefined ? { before: v.before } : {}), ...(v.after !== undefined ? { after: v.after } : {}) };
}
