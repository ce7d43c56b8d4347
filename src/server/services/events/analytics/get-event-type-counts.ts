// Events per type over the last days×24 hours, counted exactly as GET /v1/analytics counts them
// (same window, same rollup buckets, same raw edge hour): the portal's funnel reads these.
import { readDb } from "@/server/db/read-db";
import { EVENT_TYPES, type EventType } from "@/server/domain/enums";
import { requireScope, type PartnerScope } from "@/server/scope";
import { analyticsWindow } from "./analytics-window";
import { TYPE_COUNTS_CTE, WINDOW_CTES, windowParams } from "./window-counts-sql";

const TYPE_COUNTS_SQL = `WITH ${WINDOW_CTES},\n${TYPE_COUNTS_CTE}\nSELECT event_type::text AS event_type, n::bigint AS n FROM type_counts`;

type EventTypeCounts = Record<EventType, number>;

export async function getEventTypeCounts(scope: PartnerScope, opts: { days: number; now?: Date }): Promise<EventTypeCounts> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const w = analyticsWindow(opts.now ?? new Date(), opts.days);
  const rows = await readDb(scope).$queryRawUnsafe<{ event_type: EventType; n: bigint }[]>(TYPE_COUNTS_SQL, ...windowParams(partnerId, environment, w));
  const counts = Object.fromEntries(EVENT_TYPES.map((t) => [t, 0])) as EventTypeCounts;
  for (const r of rows) counts[r.event_type] = Number(r.n);
  return counts;
}
