// Events per UTC day and type for the last `days` UTC days (today included, so today's partial day
// is the last point), from the day rollups — never raw events, so its cost does not grow with the
// number of events. Columnar (one array per type) to keep a 365-day answer small. Days without
// events are present with zero counts.
import { db } from "@/server/db/client";
import { EVENT_TYPES, type EventType } from "@/server/domain/enums";
import { requireScope, type PartnerScope } from "@/server/scope";
import { DAY_MS } from "./analytics-window";

type DailyEventCounts = { days: string[]; series: Record<EventType, number[]> };

export async function getDailyEventCounts(scope: PartnerScope, opts: { days: number; now?: Date }): Promise<DailyEventCounts> {
  const { partnerId, environment } = requireScope(scope, "analytics");
  const now = opts.now ?? new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = today - (opts.days - 1) * DAY_MS;
  const rows = await db.$queryRawUnsafe<{ day: Date; event_type: EventType; n: bigint }[]>(
    `SELECT bucket_start AS day, event_type::text AS event_type, count AS n FROM event_type_rollups
     WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND grain = 'day' AND bucket_start >= $3::timestamptz`,
    partnerId,
    environment,
    new Date(from).toISOString(),
  );
  const days = Array.from({ length: opts.days }, (_, i) => new Date(from + i * DAY_MS).toISOString().slice(0, 10));
  const series = Object.fromEntries(EVENT_TYPES.map((t) => [t, new Array<number>(opts.days).fill(0)])) as Record<EventType, number[]>;
  for (const r of rows) {
    const i = Math.round((r.day.getTime() - from) / DAY_MS);
    // Events up to 5 minutes ahead of the clock may open tomorrow's bucket: not a day of this chart.
    if (i >= 0 && i < opts.days) series[r.event_type][i] += Number(r.n);
  }
  return { days, series };
}
