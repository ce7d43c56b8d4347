// Events per UTC day and type over exactly the window of the key figures and GET /v1/analytics
// (the last days×24 hours, analytics-window.ts), so each type's total over the chart equals its key
// figure (issue 53.2: the chart used to start at the first whole UTC day and missed the window's
// first hours). The first day is therefore partial (from the window's start) and so is today. Read
// from the rollups: the raw events of the first partial hour, hour buckets up to the first
// midnight, day buckets after it; never a month bucket (it cannot be split into days). Columnar
// (one array per type) to keep a 365-day answer small; days without events have zero counts.
import { readDb } from "@/server/db/read-db";
import { EVENT_TYPES, type EventType } from "@/server/domain/enums";
import { requireScope, type PartnerScope } from "@/server/scope";
import { analyticsWindow, DAY_MS } from "./analytics-window";

type DailyEventCounts = { days: string[]; series: Record<EventType, number[]>; from: string };

const DAILY_SQL = `
SELECT day, event_type::text AS event_type, sum(n)::bigint AS n FROM (
  SELECT date_trunc('day', occurred_at, 'UTC') AS day, event_type, 1 AS n FROM events
  WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND occurred_at >= $3::timestamptz AND occurred_at < $4::timestamptz
  UNION ALL
  SELECT date_trunc('day', bucket_start, 'UTC'), event_type, count FROM event_type_rollups
  WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND grain = 'hour' AND bucket_start >= $4::timestamptz AND bucket_start < $5::timestamptz
  UNION ALL
  SELECT bucket_start, event_type, count FROM event_type_rollups
  WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND grain = 'day' AND bucket_start >= $5::timestamptz
) x GROUP BY 1, 2`;

export async function getDailyEventCounts(scope: PartnerScope, opts: { days: number; now?: Date }): Promise<DailyEventCounts> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const now = opts.now ?? new Date();
  const w = analyticsWindow(now, opts.days);
  const rows = await readDb(scope).$queryRawUnsafe<{ day: Date; event_type: EventType; n: bigint }[]>(
    DAILY_SQL,
    partnerId,
    environment,
    w.start.toISOString(),
    w.hourFrom.toISOString(),
    w.dayFrom.toISOString(),
  );
  const first = Math.floor(w.start.getTime() / DAY_MS) * DAY_MS;
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  // Events up to 5 minutes ahead of the clock count in the key figures, so tomorrow's first minutes
  // are a point of the chart when they hold any.
  const last = rows.reduce((m, r) => Math.max(m, r.day.getTime()), today);
  const length = Math.round((last - first) / DAY_MS) + 1;
  const days = Array.from({ length }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
  const series = Object.fromEntries(EVENT_TYPES.map((t) => [t, new Array<number>(length).fill(0)])) as Record<EventType, number[]>;
  for (const r of rows) series[r.event_type][Math.round((r.day.getTime() - first) / DAY_MS)] += Number(r.n);
  return { days, series, from: w.start.toISOString() };
}
