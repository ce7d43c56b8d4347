// Super admin → Platform: per partner and environment, members (now), deal views over the last 30
// days, read from the event rollups (never the raw events table): hour buckets from the first whole
// hour of the window, day buckets from the first whole day on (the partial first hour is left out,
// at most one hour of 720); and redemptions as the rest of the portal counts them (issue 44):
// redemption records made in the last 30×24 hours (get-redemption-counts.ts), so a partner's row
// equals its Analytics "Redemptions" for 30 days.
import { readDb } from "@/server/db/read-db";
import type { AdminActor, Environment } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins";
import { analyticsWindow } from "@/server/services/events/analytics/analytics-window";

const PLATFORM_WINDOW_DAYS = 30;

type Figures = { members: number; views: number; redemptions: number };

export async function listPartnerFigures(actor: AdminActor, opts: { now?: Date } = {}) {
  requireSuperAdmin(actor, "see platform figures");
  const w = analyticsWindow(opts.now ?? new Date(), PLATFORM_WINDOW_DAYS);
  const now = opts.now ?? new Date();
  const [partners, members, events, records] = await Promise.all([
    readDb().partner.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }], select: { id: true, name: true, subdomain: true, active: true, type: true } }),
    readDb().member.groupBy({ by: ["partnerId", "environment"], where: { active: true }, _count: { _all: true } }),
    readDb().$queryRaw<{ partner_id: string; environment: Environment; views: bigint }[]>`
      SELECT partner_id, environment, coalesce(sum(count), 0)::bigint AS views
      FROM event_type_rollups
      WHERE event_type = 'deal_detail_viewed'
        AND ((grain = 'hour' AND bucket_start >= ${w.hourFrom} AND bucket_start < ${w.dayFrom})
          OR (grain = 'day' AND bucket_start >= ${w.dayFrom}))
      GROUP BY partner_id, environment`,
    readDb().redemption.groupBy({ by: ["partnerId", "environment"], where: { redeemedAt: { gte: w.start, lt: now }, reversedAt: null }, _count: { _all: true } }),
  ]);
  const key = (p: string, e: Environment) => `${p}:${e}`;
  const memberCounts = new Map(members.map((m) => [key(m.partnerId, m.environment), m._count._all]));
  const eventCounts = new Map(events.map((e) => [key(e.partner_id, e.environment), e]));
  const recordCounts = new Map(records.map((r) => [key(r.partnerId, r.environment), r._count._all]));
  const figures = (partnerId: string, env: Environment): Figures => {
    const e = eventCounts.get(key(partnerId, env));
    return { members: memberCounts.get(key(partnerId, env)) ?? 0, views: Number(e?.views ?? 0), redemptions: recordCounts.get(key(partnerId, env)) ?? 0 };
  };
  const rows = partners.map((p) => ({ id: p.id, name: p.name, subdomain: p.subdomain, active: p.active, live: figures(p.id, "live"), test: figures(p.id, "test") }));
  const totals = (env: Environment) =>
    rows.reduce((t, r) => ({ members: t.members + r[env].members, views: t.views + r[env].views, redemptions: t.redemptions + r[env].redemptions }), { members: 0, views: 0, redemptions: 0 });
  return { days: PLATFORM_WINDOW_DAYS, since: w.hourFrom.toISOString(), partners: rows, totals: { live: totals("live"), test: totals("test") } };
}
