// The write path of events: one statement inserts the events (a repeated event_id is skipped by the
// unique (partner_id, environment, client_event_id) index: INSERT … ON CONFLICT DO NOTHING, which
// also settles concurrent repeats) and adds exactly the inserted rows to the rollups, so the raw
// events and the rollups can never disagree. One statement = one transaction, one round trip.
//
// Lock order: every part sorts its rows by its key, and the parts always run in the same order
// (events, type rollups, deal rollups, member activity), so concurrent batches for the same partner
// wait for each other but never deadlock.
import { db } from "@/server/db/client";
import type { EventType } from "@/server/domain/enums";
import type { PartnerScope } from "@/server/scope";
import { eventScope } from "./event-scope";

export type NewEvent = {
  eventType: EventType;
  memberId: string | null;
  dealId: string | null;
  dealIds: string[];
  clientEventId: string | null;
  metadata: Record<string, unknown> | null;
  occurredAt: Date;
};

/** Rollup grains; date_trunc units of the same names. */
export const ROLLUP_GRAINS = ["hour", "day", "month"] as const;
export type RollupGrain = (typeof ROLLUP_GRAINS)[number];

// The rollup part is shared with the rebuild (rebuild-event-rollups.ts) through these fragments:
// `src` is any relation with event_type, member_id, deal_id, occurred_at; `p`/`e` are the
// placeholders of partner id and environment in the enclosing statement.
type Placeholders = { p: string; e: string };

export const typeRollupInsert = (src: string, onConflict: string, { p, e }: Placeholders) => `
  INSERT INTO event_type_rollups AS r (partner_id, environment, grain, bucket_start, event_type, count)
  SELECT ${p}::uuid, ${e}::"Environment", g.grain, date_trunc(g.grain::text, s.occurred_at, 'UTC'), s.event_type, count(*)
  FROM ${src} s CROSS JOIN unnest(enum_range(NULL::"RollupGrain")) AS g(grain)
  GROUP BY 3, 4, 5
  ORDER BY 3, 4, 5
  ${onConflict}`;

export const dealRollupInsert = (src: string, onConflict: string, { p, e }: Placeholders) => `
  INSERT INTO deal_event_rollups AS r (partner_id, environment, grain, bucket_start, deal_id, views, redemptions)
  SELECT ${p}::uuid, ${e}::"Environment", g.grain, date_trunc(g.grain::text, s.occurred_at, 'UTC'), s.deal_id,
         count(*) FILTER (WHERE s.event_type = 'deal_detail_viewed'),
         count(*) FILTER (WHERE s.event_type = 'deal_redeemed')
  FROM ${src} s CROSS JOIN unnest(enum_range(NULL::"RollupGrain")) AS g(grain)
  WHERE s.deal_id IS NOT NULL AND s.event_type IN ('deal_detail_viewed', 'deal_redeemed')
  GROUP BY 3, 4, 5
  ORDER BY 3, 4, 5
  ${onConflict}`;

export const activityInsert = (src: string, { p, e }: Placeholders) => `
  INSERT INTO member_activity AS a (partner_id, environment, member_id, last_event_at)
  SELECT ${p}::uuid, ${e}::"Environment", s.member_id, max(s.occurred_at)
  FROM ${src} s
  WHERE s.member_id IS NOT NULL
  GROUP BY s.member_id
  ORDER BY s.member_id
  ON CONFLICT (partner_id, environment, member_id)
  DO UPDATE SET last_event_at = excluded.last_event_at WHERE a.last_event_at < excluded.last_event_at`;

const PE = { p: "$2", e: "$3" };

const INSERT_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(
    ord int, event_type "EventType", member_id uuid, deal_id uuid, deal_ids uuid[],
    client_event_id text, metadata jsonb, occurred_at timestamptz)
),
ins AS (
  INSERT INTO events (id, partner_id, environment, event_type, member_id, deal_id, deal_ids, client_event_id, metadata, occurred_at)
  SELECT gen_random_uuid(), $2::uuid, $3::"Environment", event_type, member_id, deal_id, coalesce(deal_ids, '{}'),
         client_event_id, metadata, occurred_at
  FROM input
  ORDER BY client_event_id NULLS LAST, ord
  ON CONFLICT (partner_id, environment, client_event_id) DO NOTHING
  RETURNING event_type, member_id, deal_id, occurred_at
),
type_rollup AS (${typeRollupInsert("ins", "ON CONFLICT (partner_id, environment, grain, bucket_start, event_type) DO UPDATE SET count = r.count + excluded.count", PE)}),
deal_rollup AS (${dealRollupInsert("ins", "ON CONFLICT (partner_id, environment, grain, bucket_start, deal_id) DO UPDATE SET views = r.views + excluded.views, redemptions = r.redemptions + excluded.redemptions", PE)}),
activity AS (${activityInsert("ins", PE)})
SELECT count(*)::int AS inserted FROM ins`;

/**
 * Stores events that are already validated and checked against the scope (no bounds on
 * occurred_at here: tests and the benchmark use it to write history). Events repeating an
 * event_id earlier in the same call are dropped first. Returns how many rows were inserted.
 */
export async function insertEvents(scope: PartnerScope, events: readonly NewEvent[]): Promise<number> {
  const { partnerId, environment } = eventScope(scope);
  const seen = new Set<string>();
  const rows: object[] = [];
  events.forEach((e, ord) => {
    if (e.clientEventId !== null) {
      if (seen.has(e.clientEventId)) return;
      seen.add(e.clientEventId);
    }
    rows.push({
      ord,
      event_type: e.eventType,
      member_id: e.memberId,
      deal_id: e.dealId,
      deal_ids: e.dealIds.length ? [...new Set(e.dealIds.map((d) => d.toLowerCase()))] : null,
      client_event_id: e.clientEventId,
      metadata: e.metadata,
      occurred_at: e.occurredAt.toISOString(),
    });
  });
  if (rows.length === 0) return 0;
  const [result] = await db.$queryRawUnsafe<{ inserted: number }[]>(INSERT_SQL, JSON.stringify(rows), partnerId, environment);
  return result.inserted;
}
