// The rollups against the raw events: exact window edges to the millisecond (at every level of the
// bucket decomposition), and a property test: after random event streams (random types, members,
// deals, times over the last year, repeated event_ids, random batch splits) every summary equals a
// plain SQL recount over the events table, and the rollup tables equal a GROUP BY over it.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { EVENT_TYPES, type EventType } from "@/server/domain/enums";
import type { PartnerScope } from "@/server/scope";
import type { AnalyticsSummary } from "@/server/schemas/analytics.schema";
import { getAnalyticsSummary, insertEvents, type NewEvent, rebuildEventRollups } from "@/server/services/events";
import { analyticsWindow } from "@/server/services/events/analytics/analytics-window";
import { createServicepassDeal } from "../helpers/seed-events-fixtures";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const fakeScope = (): PartnerScope => ({ partnerId: randomUUID(), environment: Math.random() < 0.5 ? "live" : "test" });
const event = (eventType: EventType, occurredAt: Date, o: Partial<NewEvent> = {}): NewEvent => ({
  eventType, memberId: randomUUID(), dealId: null, dealIds: [], clientEventId: null, metadata: null, occurredAt, ...o,
});

describe("window edges, to the millisecond", () => {
  let deal: { id: string; productName: string };
  beforeAll(async () => (deal = await createServicepassDeal()));

  for (const days of [1, 7, 40, 365]) {
    it(`days=${days}: counts an event at the window start, not one a millisecond before, at every bucket boundary`, async () => {
      const scope = fakeScope();
      const hourStart = Math.floor(Date.now() / HOUR) * HOUR;
      const now = new Date(hourStart + 20 * MIN + 123); // start falls mid-hour: a partial edge hour
      const w = analyticsWindow(now, days);
      const t = (d: Date, delta = 0) => new Date(d.getTime() + delta);
      const inside = [w.start, t(w.start, 1), t(w.hourFrom, -1), w.hourFrom, t(w.dayFrom, -1), w.dayFrom, t(w.monthFrom, -1), w.monthFrom, t(now, -1), t(now, 4 * MIN)];
      const outside = [t(w.start, -1), t(w.start, -2 * HOUR), t(w.start, -40 * DAY)];
      await insertEvents(scope, [...inside, ...outside].map((at) => event("deal_detail_viewed", at, { dealId: deal.id })));
      await insertEvents(scope, [event("deal_redeemed", t(w.start, -1), { dealId: deal.id }), event("deal_redeemed", w.start, { dealId: deal.id })]);
      const s = await getAnalyticsSummary(scope, { days, now });
      expect(s).toEqual({
        total_users: 0,
        active_users: inside.length + 1,
        total_deal_views: inside.length,
        total_redemptions: 1,
        confirmed_redemptions: 0,
        upgrade_cta_clicks: 0,
        top_deals: [{ deal_id: deal.id, product_name: deal.productName, views: inside.length, redemptions: 1 }],
        event_counts: { deal_list_viewed: 0, deal_detail_viewed: inside.length, deal_redeemed: 1 },
      });
    });
  }
});

// ---- property test --------------------------------------------------------------------------

type Gen = { type: EventType; member: number | null; deal: number; ageMs: number; eventId: number | null; listed: number };

/** The summary recomputed from raw events with plain SQL, ranked like the contract says. */
async function recount(scope: PartnerScope, days: number, now: Date, names: Map<string, string>): Promise<AnalyticsSummary> {
  const start = new Date(now.getTime() - days * DAY).toISOString();
  const args = [scope.partnerId, scope.environment, start] as const;
  const where = `partner_id = $1::uuid AND environment = $2::"Environment" AND occurred_at >= $3::timestamptz`;
  const byType = await db.$queryRawUnsafe<{ t: string; n: number }[]>(`SELECT event_type::text AS t, count(*)::int AS n FROM events WHERE ${where} GROUP BY 1`, ...args);
  const [{ active }] = await db.$queryRawUnsafe<{ active: number }[]>(`SELECT count(DISTINCT member_id)::int AS active FROM events WHERE ${where}`, ...args);
  const perDeal = await db.$queryRawUnsafe<{ id: string; v: number; r: number }[]>(
    `SELECT deal_id::text AS id, count(*) FILTER (WHERE event_type = 'deal_detail_viewed')::int AS v, count(*) FILTER (WHERE event_type = 'deal_redeemed')::int AS r
       FROM events WHERE ${where} AND deal_id IS NOT NULL GROUP BY 1`,
    ...args,
  );
  const n = (t: string) => byType.find((x) => x.t === t)?.n ?? 0;
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const top = perDeal
    .filter((d) => d.v > 0 || d.r > 0)
    .map((d) => ({ deal_id: d.id, product_name: names.get(d.id)!, views: d.v, redemptions: d.r }))
    .sort((a, b) => b.views - a.views || b.redemptions - a.redemptions || cmp(a.product_name.toLowerCase(), b.product_name.toLowerCase()) || cmp(a.product_name, b.product_name) || cmp(a.deal_id, b.deal_id))
    .slice(0, 10);
  return {
    total_users: 0,
    active_users: active,
    total_deal_views: n("deal_detail_viewed"),
    total_redemptions: n("deal_redeemed"),
    confirmed_redemptions: 0,
    upgrade_cta_clicks: n("upgrade_cta_clicked"),
    top_deals: top,
    event_counts: { deal_list_viewed: n("deal_list_viewed"), deal_detail_viewed: n("deal_detail_viewed"), deal_redeemed: n("deal_redeemed") },
  };
}

/** The rollup tables against GROUP BY over the raw events, bucket by bucket. */
async function rollupsMatchRaw(scope: PartnerScope) {
  const args = [scope.partnerId, scope.environment] as const;
  const s = `partner_id = $1::uuid AND environment = $2::"Environment"`;
  const q = (sql: string) => db.$queryRawUnsafe<{ k: string; n: string }[]>(`${sql} ORDER BY 1`, ...args);
  const grains = `unnest(ARRAY['hour','day','month']) AS g`;
  const typesRaw = await q(`SELECT g || ' ' || to_char(date_trunc(g, occurred_at, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') || ' ' || event_type AS k, count(*)::text AS n FROM events, ${grains} WHERE ${s} GROUP BY 1`);
  const typesRollup = await q(`SELECT grain || ' ' || to_char(bucket_start AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') || ' ' || event_type AS k, count::text AS n FROM event_type_rollups WHERE ${s}`);
  expect(typesRollup).toEqual(typesRaw);
  // Per deal: views, redemptions and clicks of the deal_id; listings once per distinct deal a list
  // view named (its deal_ids and deal_id).
  const dealsRaw = await q(
    `SELECT g || ' ' || to_char(date_trunc(g, occurred_at, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') || ' ' || deal AS k,
            count(*) FILTER (WHERE event_type = 'deal_detail_viewed') || '/' || count(*) FILTER (WHERE event_type = 'deal_redeemed')
            || '/' || count(*) FILTER (WHERE event_type = 'deal_list_viewed') || '/' || count(*) FILTER (WHERE event_type = 'redeem_url_clicked') AS n
       FROM (
         SELECT occurred_at, event_type, deal_id AS deal FROM events
         WHERE ${s} AND deal_id IS NOT NULL AND event_type IN ('deal_detail_viewed', 'deal_redeemed', 'redeem_url_clicked')
         UNION ALL
         SELECT occurred_at, event_type, d FROM events, LATERAL (SELECT DISTINCT x FROM unnest(deal_ids || array_remove(ARRAY[deal_id], NULL)) AS x) AS l(d)
         WHERE ${s} AND event_type = 'deal_list_viewed'
       ) e, ${grains} GROUP BY 1`,
  );
  const dealsRollup = await q(
    `SELECT grain || ' ' || to_char(bucket_start AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') || ' ' || deal_id AS k, views || '/' || redemptions || '/' || listed || '/' || clicks AS n FROM deal_event_rollups WHERE ${s}`,
  );
  expect(dealsRollup).toEqual(dealsRaw);
  const activityRaw = await q(`SELECT member_id::text AS k, max(occurred_at)::text AS n FROM events WHERE ${s} AND member_id IS NOT NULL GROUP BY 1`);
  const activity = await q(`SELECT member_id::text AS k, last_event_at::text AS n FROM member_activity WHERE ${s}`);
  expect(activity).toEqual(activityRaw);
}

describe("rollups agree with a raw recount after random event streams", () => {
  const deals: { id: string; productName: string }[] = [];
  const names = new Map<string, string>();
  beforeAll(async () => {
    // Twelve deals so top_deals is cut at 10; names share letters in different cases.
    for (const name of ["Aa", "aa", "B", "b", "C", "cc", "D", "d", "E", "e", "F", "f"]) {
      const d = await createServicepassDeal(`${name} ${randomUUID().slice(0, 4)}`);
      deals.push(d);
      names.set(d.id, d.productName);
    }
  });

  const gen: fc.Arbitrary<Gen> = fc.record({
    type: fc.constantFrom(...EVENT_TYPES),
    member: fc.option(fc.integer({ min: 0, max: 5 }), { freq: 5 }),
    deal: fc.integer({ min: 0, max: 11 }),
    // Mostly recent (several per bucket), some spread over the year, some at most 5 minutes ahead.
    ageMs: fc.oneof(
      fc.integer({ min: -5 * MIN, max: 3 * DAY }),
      fc.integer({ min: 0, max: 365 * DAY }),
      fc.integer({ min: 0, max: 40 }).map((d) => d * DAY + (d % 3) * HOUR),
    ),
    eventId: fc.option(fc.integer({ min: 0, max: 15 }), { freq: 3 }),
    listed: fc.integer({ min: 1, max: 3 }),
  });

  it("for every window length, summary = recount, and rollup buckets = GROUP BY", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(gen, { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 365 }), { minLength: 1, maxLength: 4 }),
        async (stream, splits, daysList) => {
          const scope = fakeScope();
          const now = new Date();
          const members = Array.from({ length: 6 }, () => randomUUID());
          const events = stream.map((g): NewEvent => {
            const nonDeal = g.type === "deal_list_viewed" || g.type === "upgrade_cta_clicked";
            return {
              eventType: g.type,
              memberId: g.member === null ? null : members[g.member],
              dealId: nonDeal ? null : deals[g.deal].id,
              // A list view names 1–3 deals (so one deal is counted once per list that showed it).
              dealIds: g.type === "deal_list_viewed" ? Array.from({ length: g.listed }, (_, i) => deals[(g.deal + i) % deals.length].id) : [],
              clientEventId: g.eventId === null ? null : `e${g.eventId}`,
              metadata: null,
              occurredAt: new Date(now.getTime() - g.ageMs),
            };
          });
          // Random batch boundaries; batches run concurrently two at a time.
          const batches: NewEvent[][] = [];
          for (let i = 0, k = 0; i < events.length; k++) {
            const size = splits[k % splits.length];
            batches.push(events.slice(i, i + size));
            i += size;
          }
          for (let i = 0; i < batches.length; i += 2) await Promise.all(batches.slice(i, i + 2).map((b) => insertEvents(scope, b)));

          const distinctIds = new Set(events.filter((e) => e.clientEventId).map((e) => e.clientEventId));
          const [{ n }] = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE partner_id = $1::uuid`, scope.partnerId);
          expect(n).toBe(events.filter((e) => !e.clientEventId).length + distinctIds.size);

          await rollupsMatchRaw(scope);
          for (const days of [...daysList, 365]) {
            expect(await getAnalyticsSummary(scope, { days, now }), `days=${days}`).toEqual(await recount(scope, days, now, names));
          }
          // The rebuild (consistency tool) reproduces what the incremental path maintained.
          await rebuildEventRollups(scope);
          await rollupsMatchRaw(scope);
        },
      ),
      { numRuns: 40 },
    );
  });
});
