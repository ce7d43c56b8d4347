// Migration events_partitioned_by_month moves an existing events table under a partitioned one
// without losing an event: a database migrated up to the previous migration, holding events over
// two years (some with client event ids, some months ahead), takes the new migration while a writer
// keeps inserting; afterwards every row is there, byte for byte, in the partition of its month.
// On real PostgreSQL a database of its own on the same server; on PGlite (one database per
// instance) a fresh embedded instance.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@/server/db/schema-engine";
import { freshDatabase, migrationsUpTo } from "../helpers/fresh-database";

const MIGRATION = "20261126114500_events_partitioned_by_month";
const DAY = 24 * 60 * 60 * 1000;

let dir: string;
let url: string;
let dropDatabase: () => Promise<void> = async () => {};
let client: pg.Client;

const snapshot = async (c: pg.Client) =>
  (await c.query<{ row: string }>(`SELECT to_jsonb(e)::text AS row FROM events e ORDER BY id`)).rows.map((r) => r.row);

describe("migration events_partitioned_by_month", { timeout: 300_000 }, () => {
  const partnerId = randomUUID();
  let before: string[];
  const written: string[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-partition-"));
    ({ url, drop: dropDatabase } = await freshDatabase("perkway_migration"));
    const previous = fs.readdirSync("prisma/migrations").filter((d) => d < MIGRATION && /^\d{14}_/.test(d)).sort().at(-1)!;
    const applied = await applyMigrations(url, migrationsUpTo(dir, previous));
    expect(applied).not.toContain(MIGRATION);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    // 3,000 events from 26 months back to 8 months ahead, a third with client event ids.
    const now = Date.now();
    await client.query(
      `INSERT INTO events (id, partner_id, environment, event_type, member_id, deal_id, deal_ids, client_event_id, metadata, occurred_at, received_at)
       SELECT gen_random_uuid(), $1::uuid, CASE WHEN i % 2 = 0 THEN 'live' ELSE 'test' END::"Environment",
              (enum_range(NULL::"EventType"))[1 + i % cardinality(enum_range(NULL::"EventType"))], gen_random_uuid(), CASE WHEN i % 3 = 0 THEN NULL ELSE gen_random_uuid() END,
              CASE WHEN i % 5 = 0 THEN ARRAY[gen_random_uuid(), gen_random_uuid()] ELSE '{}' END,
              CASE WHEN i % 3 = 1 THEN 'client-' || i END, jsonb_build_object('i', i, 'note', 'it''s ' || i),
              to_timestamp(($2::bigint - (i::bigint * $3::bigint) % $4::bigint) / 1000.0),
              to_timestamp($2::bigint / 1000.0)
       FROM generate_series(1, 3000) AS i`,
      [partnerId, now + 240 * DAY, 7_919_333, 1040 * DAY],
    );
    before = await snapshot(client);
    expect(before).toHaveLength(3000);
  });

  afterAll(async () => {
    await client?.end().catch(() => {});
    await dropDatabase();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps every event, including those a writer inserts while it runs", async () => {
    // A writer on its own connection, inserting one event at a time until the migration is done;
    // `written` holds the ids whose INSERT was acknowledged.
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    let done = false;
    const writing = (async () => {
      while (!done) {
        const id = randomUUID();
        try {
          await writer.query(
            `INSERT INTO events (id, partner_id, environment, event_type, occurred_at) VALUES ($1::uuid, $2::uuid, 'live', 'deal_list_viewed', now())`,
            [id, partnerId],
          );
          written.push(id);
        } catch {
          // Refused during the swap (not acknowledged): allowed, as long as nothing acknowledged is lost.
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const applied = await applyMigrations(url, migrationsUpTo(dir, MIGRATION));
    done = true;
    await writing;
    await writer.end();
    expect(applied).toEqual([MIGRATION]);
    expect(written.length).toBeGreaterThan(0);

    const after = await snapshot(client);
    const writtenSet = new Set(written);
    const old = after.filter((r) => !writtenSet.has((JSON.parse(r) as { id: string }).id));
    expect(old).toEqual(before);
    const { rows } = await client.query<{ id: string }>(`SELECT id::text FROM events WHERE id = ANY($1::uuid[])`, [written]);
    expect(rows.map((r) => r.id).sort()).toEqual([...written].sort());
  });

  it("leaves a partitioned table: each event in the partition of its UTC month, DEFAULT empty", async () => {
    const [{ kind }] = (await client.query<{ kind: string }>(`SELECT relkind::text AS kind FROM pg_class WHERE oid = 'events'::regclass`)).rows;
    expect(kind).toBe("p");
    const misplaced = await client.query(
      `SELECT tableoid::regclass::text AS part, occurred_at FROM events
       WHERE tableoid::regclass::text <> 'events_' || to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY_MM')`,
    );
    expect(misplaced.rows).toEqual([]);
    const [{ n }] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM events_default`)).rows;
    expect(n).toBe(0);
    // This month and the next three exist even where no event is.
    const parts = (await client.query<{ name: string }>(`SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'events'::regclass`)).rows.map((r) => r.name);
    const d = new Date();
    for (let k = 0; k <= 3; k++) {
      const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, 1));
      expect(parts).toContain(`events_${m.getUTCFullYear()}_${String(m.getUTCMonth() + 1).padStart(2, "0")}`);
    }
    expect(parts).toContain("events_default");
    expect((await client.query(`SELECT to_regclass('events_unpartitioned') AS t`)).rows[0].t).toBeNull();
  });

  it("carries every client event id over into event_client_ids, so repeats stay ignored", async () => {
    const { rows } = await client.query<{ missing: number; extra: number }>(
      `SELECT (SELECT count(*)::int FROM events e WHERE client_event_id IS NOT NULL AND NOT EXISTS (
                 SELECT 1 FROM event_client_ids c WHERE c.partner_id = e.partner_id AND c.environment = e.environment
                   AND c.client_event_id = e.client_event_id AND c.event_id = e.id AND c.occurred_at = e.occurred_at)) AS missing,
              (SELECT count(*)::int FROM event_client_ids) - (SELECT count(*)::int FROM events WHERE client_event_id IS NOT NULL) AS extra`,
    );
    expect(rows[0]).toEqual({ missing: 0, extra: 0 });
    const repeat = await client.query(
      `INSERT INTO event_client_ids (partner_id, environment, client_event_id, event_id, occurred_at)
       SELECT partner_id, environment, client_event_id, gen_random_uuid(), now() FROM events WHERE client_event_id IS NOT NULL LIMIT 1
       ON CONFLICT (partner_id, environment, client_event_id) DO NOTHING`,
    );
    expect(repeat.rowCount).toBe(0);
  });

  it("creates a month's partition idempotently, moving that month out of DEFAULT", async () => {
    const far = new Date(Date.UTC(new Date().getUTCFullYear() + 3, 4, 17));
    await client.query(`INSERT INTO events (id, partner_id, environment, event_type, occurred_at) VALUES (gen_random_uuid(), $1::uuid, 'live', 'deal_list_viewed', $2)`, [partnerId, far]);
    expect((await client.query(`SELECT count(*)::int AS n FROM events_default`)).rows[0].n).toBe(1);
    const made = await Promise.all([1, 2, 3].map(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query<{ made: boolean }>(`SELECT perkway_ensure_event_partition($1::timestamptz) AS made`, [far])).rows[0].made;
      } finally {
        await c.end();
      }
    }));
    expect(made.filter(Boolean)).toHaveLength(1);
    expect((await client.query(`SELECT count(*)::int AS n FROM events_default`)).rows[0].n).toBe(0);
    const { rows } = await client.query(`SELECT tableoid::regclass::text AS part FROM events WHERE occurred_at = $1`, [far]);
    expect(rows).toEqual([{ part: `events_${far.getUTCFullYear()}_05` }]);
  });
});
