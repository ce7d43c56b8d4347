// events:prune: raw events older than the retention go, and no summary changes. The only test file
// that writes events older than 366 days (pruning is global: other files keep their events younger).
// events is partitioned by month: the history lands in the DEFAULT partition, ensureEventPartitions
// moves each month into its own partition, and the prune drops the months wholly expired.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { EVENT_TYPES } from "@/server/domain/enums";
import type { PartnerScope } from "@/server/scope";
import {
  ensureEventPartitions,
  getAnalyticsSummary,
  insertEvents,
  listEventPartitions,
  type NewEvent,
  pruneEvents,
  rebuildEventRollups,
} from "@/server/services/events";
import { countEvents, createServicepassDeal } from "../helpers/seed-events-fixtures";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("pruneEvents", () => {
  const scope: PartnerScope = { partnerId: randomUUID(), environment: "live" };
  let now: Date;
  beforeAll(async () => {
    const deals = [await createServicepassDeal(), await createServicepassDeal(), await createServicepassDeal()];
    const members = Array.from({ length: 8 }, () => randomUUID());
    now = new Date();
    // Two years of events, denser around the 365/366-day marks where windows and the cutoff lie.
    const ages: number[] = [];
    for (let i = 0; i < 300; i++) ages.push(Math.floor(((i * 7919) % 1000) / 1000 * 730 * DAY));
    for (let i = -30; i <= 30; i++) ages.push(365 * DAY + i * 7 * MIN, 366 * DAY + i * 7 * MIN);
    const events: NewEvent[] = ages.map((age, i) => {
      const type = EVENT_TYPES[i % EVENT_TYPES.length];
      const nonDeal = type === "deal_list_viewed" || type === "upgrade_cta_clicked";
      return {
        eventType: type,
        memberId: members[i % members.length],
        dealId: nonDeal ? null : deals[i % 3].id,
        dealIds: [],
        clientEventId: i % 3 === 0 ? `prune-${i}` : null,
        metadata: { i },
        occurredAt: new Date(now.getTime() - age),
      };
    });
    for (let i = 0; i < events.length; i += 100) await insertEvents(scope, events.slice(i, i + 100));
  });

  it("moves history out of the DEFAULT partition into monthly partitions, losing nothing", async () => {
    const total = await countEvents(scope);
    expect(total).toBe(300 + 2 * 61);
    await ensureEventPartitions({ now });
    expect(await countEvents(scope)).toBe(total);
    const [{ stray, misplaced }] = await db.$queryRawUnsafe<{ stray: number; misplaced: number }[]>(
      `SELECT count(*) FILTER (WHERE tableoid = 'events_default'::regclass)::int AS stray,
              count(*) FILTER (WHERE tableoid::regclass::text <> 'events_' || to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY_MM'))::int AS misplaced
       FROM events WHERE partner_id = $1::uuid`,
      scope.partnerId,
    );
    expect({ stray, misplaced }).toEqual({ stray: 0, misplaced: 0 });
  });

  it("refuses a retention shorter than 366 days", async () => {
    await expect(pruneEvents({ olderThanDays: 365 })).rejects.toMatchObject({ status: 400, code: "parameter_invalid", param: "older_than_days" });
    await expect(pruneEvents({ olderThanDays: Number.NaN })).rejects.toMatchObject({ code: "parameter_invalid" });
  });

  it("deletes raw events older than the retention and changes no summary", async () => {
    const windows = [1, 2, 7, 30, 90, 180, 300, 364, 365];
    const before = await Promise.all(windows.map((days) => getAnalyticsSummary(scope, { days, now })));
    expect(before.at(-1)!.total_deal_views).toBeGreaterThan(0);
    const old = await countEvents(scope, "occurred_at < $3::timestamptz", new Date(now.getTime() - 366 * DAY).toISOString());
    const total = await countEvents(scope);
    expect(old).toBeGreaterThan(50);

    const result = await pruneEvents({ now });
    expect(result.older_than_days).toBe(366);
    expect(result.deleted).toBeGreaterThanOrEqual(old); // other files' events are never that old
    expect(await countEvents(scope)).toBe(total - old);
    expect(await countEvents(scope, "occurred_at < $3::timestamptz", result.cutoff)).toBe(0);

    const after = await Promise.all(windows.map((days) => getAnalyticsSummary(scope, { days, now })));
    expect(after).toEqual(before);
    // Whole months before the cutoff were dropped, not emptied; the month of the cutoff remains.
    const twoYearsAgo = new Date(now.getTime() - 700 * DAY);
    expect(result.dropped_partitions).toContain(`events_${twoYearsAgo.getUTCFullYear()}_${String(twoYearsAgo.getUTCMonth() + 1).padStart(2, "0")}`);
    expect((await listEventPartitions()).filter((p) => p.to.getTime() <= new Date(result.cutoff).getTime())).toEqual([]);
    // The client event ids of pruned events went with them; the others stay.
    const [ids] = await db.$queryRawUnsafe<{ old: number; kept: number; events: number }[]>(
      `SELECT (SELECT count(*)::int FROM event_client_ids WHERE partner_id = $1::uuid AND occurred_at < $2::timestamptz) AS old,
              (SELECT count(*)::int FROM event_client_ids WHERE partner_id = $1::uuid) AS kept,
              (SELECT count(*)::int FROM events WHERE partner_id = $1::uuid AND client_event_id IS NOT NULL) AS events`,
      scope.partnerId,
      result.cutoff,
    );
    expect(ids.old).toBe(0);
    expect(ids.kept).toBe(ids.events);
    // Hour rollups wholly before the cutoff went too.
    const [{ n }] = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM event_type_rollups WHERE partner_id = $1::uuid AND grain = 'hour' AND bucket_start < $2::timestamptz - interval '1 hour'`,
      scope.partnerId,
      result.cutoff,
    );
    expect(n).toBe(0);
  });

  it("makes a rebuild refuse to run, since it would lose the pruned history", async () => {
    await expect(rebuildEventRollups(scope)).rejects.toMatchObject({ code: "rollup_history_pruned" });
  });
});
