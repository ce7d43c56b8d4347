// events partitioned by month (docs/decisions/events-partitioning.md): deduplication of client event
// ids keeps its exact behaviour across partitions, an insert never fails for want of a partition,
// and partitions are created ahead idempotently from several callers at once.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { db } from "../helpers/db";
import type { PartnerScope } from "@/server/scope";
import { ensureEventPartitions, insertEvents, listEventPartitions, type NewEvent } from "@/server/services/events";
import { countEvents } from "../helpers/seed-events-fixtures";
import { itOnPostgres } from "../helpers/requires-postgres";

const DAY = 24 * 60 * 60 * 1000;
const ev = (clientEventId: string | null, occurredAt: Date): NewEvent => ({
  eventType: "upgrade_cta_clicked", memberId: null, dealId: null, dealIds: [], clientEventId, metadata: null, occurredAt,
});

describe("events partitioned by month", () => {
  it("ignores a repeated event_id whatever its occurred_at, in any partition", async () => {
    const scope: PartnerScope = { partnerId: randomUUID(), environment: "live" };
    const now = Date.now();
    expect(await insertEvents(scope, [ev("once", new Date(now - 40 * DAY))])).toBe(1);
    // Other months, the same id: ignored.
    expect(await insertEvents(scope, [ev("once", new Date(now)), ev("twice", new Date(now - 80 * DAY))])).toBe(1);
    expect(await insertEvents(scope, [ev("twice", new Date(now - 1000))])).toBe(0);
    // The other environment is its own namespace.
    expect(await insertEvents({ ...scope, environment: "test" }, [ev("once", new Date(now))])).toBe(1);
    expect(await countEvents(scope)).toBe(2);
  });

  it("settles concurrent repeats with different occurred_at in the database: one is stored", async () => {
    const scope: PartnerScope = { partnerId: randomUUID(), environment: "test" };
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => insertEvents(scope, [ev("same", new Date(now - i * 3 * DAY))])));
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await countEvents(scope)).toBe(1);
  });

  // Separate connections (not merged by this process's writer): three transactions race on the key.
  itOnPostgres("settles repeats racing from separate connections in the database: one is stored", async () => {
    const scope: PartnerScope = { partnerId: randomUUID(), environment: "test" };
    const url = inject("databaseUrl");
    const clients = await Promise.all([1, 2, 3].map(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }));
    try {
      const claimed = await Promise.all(clients.map((c, i) => c.query(
        `WITH claimed AS (
           INSERT INTO event_client_ids (partner_id, environment, client_event_id, event_id, occurred_at)
           VALUES ($1::uuid, 'test', 'raced', gen_random_uuid(), now() - make_interval(days => $2::int))
           ON CONFLICT (partner_id, environment, client_event_id) DO NOTHING RETURNING event_id, occurred_at)
         INSERT INTO events (id, partner_id, environment, event_type, client_event_id, occurred_at)
         SELECT event_id, $1::uuid, 'test', 'upgrade_cta_clicked', 'raced', occurred_at FROM claimed`,
        [scope.partnerId, i * 35],
      )));
      expect(claimed.map((r) => r.rowCount).reduce((a, b) => a! + b!, 0)).toBe(1);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    expect(await countEvents(scope, "client_event_id = 'raced'")).toBe(1);
  });

  it("stores an event of a month without a partition in DEFAULT, then moves it into its month", async () => {
    const scope: PartnerScope = { partnerId: randomUUID(), environment: "live" };
    // Far enough ahead that no partition exists yet (ensureEventPartitions keeps 3 months ahead).
    const far = new Date(Date.UTC(new Date().getUTCFullYear() + 6, 2, 9, 12));
    expect(await insertEvents(scope, [ev("far", far)])).toBe(1);
    const where = async () =>
      (await db.$queryRawUnsafe<{ part: string }[]>(`SELECT tableoid::regclass::text AS part FROM events WHERE partner_id = $1::uuid`, scope.partnerId))[0].part;
    const name = `events_${far.getUTCFullYear()}_03`;
    // Another file may run ensureEventPartitions meanwhile and move it first.
    expect(["events_default", name]).toContain(await where());
    await ensureEventPartitions();
    expect(await where()).toBe(name);
    expect(await countEvents(scope)).toBe(1);
  });

  it("creates partitions ahead idempotently when several callers run at once", async () => {
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 4 }, () => ensureEventPartitions({ now, monthsAhead: 5 })));
    const created = results.flat();
    expect(new Set(created).size).toBe(created.length);
    const names = (await listEventPartitions()).map((p) => p.name);
    for (let k = 0; k <= 5; k++) {
      const m = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1));
      expect(names).toContain(`events_${m.getUTCFullYear()}_${String(m.getUTCMonth() + 1).padStart(2, "0")}`);
    }
    expect(await ensureEventPartitions({ now, monthsAhead: 5 })).toEqual([]);
  });
});
