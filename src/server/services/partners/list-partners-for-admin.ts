// Super admin → Partners: the list (listPartners' search and status filter) with what an operator
// scans for: members per environment and when the partner was last active — the newest of its
// activity log (changes and admins' sign-ins), its members' changes (created or updated over the API
// too, which the log does not hold) and its members' events (rollup buckets, so to the hour).
import { readDb } from "@/server/db/read-db";
import type { PartnerListQuery } from "@/server/schemas/super-admin.schema";
import type { AdminActor } from "@/server/scope";
import { listPartners } from "./list-partners";
import type { PartnerDto } from "./serialize-partner";

export type PartnerListRow = PartnerDto & { members: { live: number; test: number }; last_activity_at: string | null };

export async function listPartnersForAdmin(actor: AdminActor, filter: PartnerListQuery): Promise<PartnerListRow[]> {
  const partners = await listPartners(actor, filter);
  if (partners.length === 0) return [];
  const ids = partners.map((p) => p.id);
  const [members, logged, events] = await Promise.all([
    readDb().member.groupBy({ by: ["partnerId", "environment"], where: { partnerId: { in: ids }, active: true }, _count: { _all: true }, _max: { updatedAt: true } }),
    readDb().activityLog.groupBy({ by: ["partnerId"], where: { partnerId: { in: ids } }, _max: { createdAt: true } }),
    readDb().eventTypeRollup.groupBy({ by: ["partnerId"], where: { partnerId: { in: ids } }, _max: { bucketStart: true } }),
  ]);
  const count = new Map(members.map((m) => [`${m.partnerId}:${m.environment}`, m._count._all]));
  const last = new Map<string, number>();
  const seen = (id: string | null, at: Date | null) => {
    if (id && at) last.set(id, Math.max(last.get(id) ?? 0, at.getTime()));
  };
  for (const m of members) seen(m.partnerId, m._max.updatedAt);
  for (const l of logged) seen(l.partnerId, l._max.createdAt);
  for (const e of events) seen(e.partnerId, e._max.bucketStart);
  return partners.map((p) => {
    const at = last.get(p.id);
    return { ...p, members: { live: count.get(`${p.id}:live`) ?? 0, test: count.get(`${p.id}:test`) ?? 0 }, last_activity_at: at ? new Date(at).toISOString() : null };
  });
}
