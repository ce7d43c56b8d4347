// Distinct members per event type over the last days×24 hours (the window of GET /v1/analytics and
// the funnel), for the portal's analytics beside the event counts: "120 detail views by 45 members".
// Rollups hold counts only, so this reads raw events through the (partner, environment, occurred_at)
// index: its cost grows with the window's events, which is why /v1 does not serve it. Deleted
// members' events keep their anonymous member_id and still count; events without a member do not.
import { readDb } from "@/server/db/read-db";
import { EVENT_TYPES, type EventType } from "@/server/domain/enums";
import { requireScope, type PartnerScope } from "@/server/scope";
import { analyticsWindow } from "./analytics-window";

export type UniqueMemberCounts = Record<EventType, number> & { any: number };

export async function getUniqueMemberCounts(scope: PartnerScope, opts: { days: number; now?: Date }): Promise<UniqueMemberCounts> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const { start } = analyticsWindow(opts.now ?? new Date(), opts.days);
  // GROUPING SETS: per type, and over all types (a member active in several types counts once).
  const rows = await readDb(scope).$queryRawUnsafe<{ event_type: EventType | null; n: bigint }[]>(
    `SELECT event_type::text AS event_type, count(DISTINCT member_id) AS n FROM events
     WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND occurred_at >= $3::timestamptz AND member_id IS NOT NULL
     GROUP BY GROUPING SETS ((event_type), ())`,
    partnerId,
    environment,
    start.toISOString(),
  );
  const counts = { ...(Object.fromEntries(EVENT_TYPES.map((t) => [t, 0])) as Record<EventType, number>), any: 0 };
  for (const r of rows) counts[r.event_type ?? "any"] = Number(r.n);
  return counts;
}
