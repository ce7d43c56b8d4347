// events:prune: raw events older than the retention go, and no summary changes. The only test file
// that writes events older than 366 days (pruning is global: other files keep their events younger).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { EVENT_TYPES } from "@/server/domain/enums";
import type { PartnerScope } from "@/server/scope";
import { getAnalyticsSummary } from "@/server/services/analytics/get-analytics-summary";
import { insertEvents, type NewEvent } from "@/server/services/events/insert-events";
import { pruneEvents } from "@/server/services/events/prune-events";
import { rebuildEventRollups } from "@/server/services/events/rebuild-event-rollups";
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
        clientEventId: null,
        metadata: { i },
        occurredAt: new Date(now.getTime() - age),
      };
    });
    for (let i = 0; i < events.length; i += 100) await insertEvents(scope, events.slice(i, i + 100));
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
