// The write path of events. One statement inserts the events — a repeated event_id is skipped by
// claiming it first in event_client_ids, whose key is (partner_id, environment, client_event_id)
// (INSERT … ON CONFLICT DO NOTHING, which also settles concurrent repeats; events itself is
// partitioned by month and cannot hold that unique index: docs/decisions/events-partitioning.md) —
// and adds exactly the inserted rows to the rollups, so raw events and rollups can never disagree.
// One statement = one transaction, one round trip.
//
// Group commit: every event of a partner updates the same few "current" rollup rows (this hour,
// day, month), so concurrent transactions of one partner would queue on those row locks, one WAL
// flush each. This process therefore keeps one statement in flight: calls that arrive meanwhile are
// merged into the next statement (each call's events stay together, so a batch is still all or
// nothing), sent the moment the previous one returns, before its callers carry on, so the
// database writes the next group while the server answers the last. An idle writer adds no delay.
// One statement at a time measured 15-25% more single events/s than two (less PostgreSQL CPU per
// event: larger statements, no lock waits) and about 20% fewer events/s in large batches
// (docs/decisions/lean-api-path.md). If a merged statement fails, its calls are retried one by
// one so that a failure stays with the call that caused it.
//
// Lock order: every part sorts its rows by its key and the parts always run in the same order
// (client event ids, events, type rollups, deal rollups, member activity): statements of several
// processes wait for each other but never deadlock.
import { serverStatement } from "@/server/db/server-statement";
import { metrics } from "@/server/observability/metrics";
import { activityUpsert, DEAL_ROLLUP_ADD, dealRollupInsert, TYPE_ROLLUP_ADD, typeRollupInsert } from "./event-rollup-sql";
// deal.redeemed webhooks join this statement, so they commit with the events (webhook outbox).
import { dealRedeemedWebhookCtes } from "@/server/services/webhooks";

/** One events row as sent to the database (JSON). */
export type EventRow = {
  id: string;
  partner_id: string;
  environment: "live" | "test";
  event_type: string;
  member_id: string | null;
  deal_id: string | null;
  deal_ids: string[] | null;
  client_event_id: string | null;
  metadata: Record<string, unknown> | null;
  occurred_at: string;
  /** The request that sent the event (its webhooks' log lines carry it); not stored with the event. */
  request_id?: string | null;
  /** true: the call is refused (MissingMemberError, nothing of it stored) unless member_id names a
   *  member of the row's partner and environment. Checked here, in the write, so that the API's hot
   *  path pays no separate round trip for it (check-event-references.ts). */
  verify_member?: boolean;
  /** Set: a deal_redeemed or unique_code_claimed row stored by this statement is also the member's
   *  redemption of the deal, recorded once per (member, deal) with this source (record-redemption.ts
   *  does the same for other writers); a repeat changes nothing. */
  redemption_source?: "member" | "partner" | "provider" | null;
};

/** A call whose rows verify their member named one that is not in its scope: nothing was stored. */
export class MissingMemberError extends Error {
  constructor() {
    super("an event names a member that is not in its scope");
  }
}

const WRITE_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(
    item int, ord int, id uuid, partner_id uuid, environment "Environment", event_type "EventType",
    member_id uuid, deal_id uuid, deal_ids uuid[], client_event_id text, metadata jsonb, occurred_at timestamptz, request_id text,
    verify_member boolean, redemption_source "RedemptionSource")
),
bad AS (
  SELECT DISTINCT i.item FROM input i
  WHERE i.verify_member AND i.member_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM members m WHERE m.id = i.member_id AND m.partner_id = i.partner_id AND m.environment = i.environment)
),
good AS (SELECT * FROM input WHERE item NOT IN (SELECT item FROM bad)),
claimed AS (
  INSERT INTO event_client_ids (partner_id, environment, client_event_id, event_id, occurred_at)
  SELECT partner_id, environment, client_event_id, id, occurred_at
  FROM good
  WHERE client_event_id IS NOT NULL
  ORDER BY partner_id, environment, client_event_id, item, ord
  ON CONFLICT (partner_id, environment, client_event_id) DO NOTHING
  RETURNING event_id
),
ins AS (
  INSERT INTO events (id, partner_id, environment, event_type, member_id, deal_id, deal_ids, client_event_id, metadata, occurred_at)
  SELECT id, partner_id, environment, event_type, member_id, deal_id, coalesce(deal_ids, '{}'), client_event_id, metadata, occurred_at
  FROM good
  WHERE client_event_id IS NULL OR id IN (SELECT event_id FROM claimed)
  RETURNING id, partner_id, environment, event_type, member_id, deal_id, deal_ids, occurred_at
),
type_rollup AS (${typeRollupInsert("ins", TYPE_ROLLUP_ADD)}),
deal_rollup AS (${dealRollupInsert("ins", DEAL_ROLLUP_ADD)}),
activity AS (${activityUpsert("ins")}),
redeemed AS (
  INSERT INTO redemptions (id, partner_id, environment, member_id, deal_id, source, code, confirmed, redeemed_at, created_at, updated_at)
  SELECT gen_random_uuid(), x.partner_id, x.environment, x.member_id, x.deal_id, x.redemption_source, NULL, false, x.occurred_at, now(), now()
  FROM (
    SELECT DISTINCT ON (ins.member_id, ins.deal_id) ins.partner_id, ins.environment, ins.member_id, ins.deal_id, ins.occurred_at, i.redemption_source
    FROM ins JOIN input i USING (id)
    WHERE i.redemption_source IS NOT NULL AND ins.event_type IN ('deal_redeemed', 'unique_code_claimed')
      AND ins.member_id IS NOT NULL AND ins.deal_id IS NOT NULL
    ORDER BY ins.member_id, ins.deal_id, i.item, i.ord
  ) x
  ORDER BY x.member_id, x.deal_id
  ON CONFLICT (member_id, deal_id) DO NOTHING
  RETURNING 1
),
ins_req AS (SELECT ins.*, input.request_id FROM ins JOIN input USING (id)),
${dealRedeemedWebhookCtes("ins_req")}
SELECT i.item, count(*)::int AS inserted FROM ins JOIN input i USING (id) GROUP BY i.item
UNION ALL
SELECT item, -1 FROM bad`;

// A PL/pgSQL function, so that its plan is cached per server session without a named prepared
// statement (poolers and the embedded database: src/server/db/server-statement.ts).
const writeStatement = serverStatement<{ item: number; inserted: number }>("perkway_write_events", WRITE_SQL, "item int, inserted int");

type Pending = { rows: EventRow[]; resolve: (inserted: number) => void; reject: (err: unknown) => void };

const MAX_ROWS_PER_STATEMENT = 5000;

const queue: Pending[] = [];
let writing = false;

/** Inserts one call's rows (all or nothing) with their rollups; resolves to the number inserted. */
export function writeEvents(rows: EventRow[]): Promise<number> {
  if (rows.length === 0) return Promise.resolve(0);
  return new Promise((resolve, reject) => {
    queue.push({ rows, resolve, reject });
    if (!writing) writeNext();
  });
}

/** Sends the queued calls, as many as fit in one statement; the next group follows when it returns. */
function writeNext() {
  const group: Pending[] = [];
  let size = 0;
  while (queue.length > 0 && (group.length === 0 || size + queue[0].rows.length <= MAX_ROWS_PER_STATEMENT)) {
    const p = queue.shift()!;
    group.push(p);
    size += p.rows.length;
  }
  writing = group.length > 0;
  if (writing) void flush(group);
}

async function flush(group: Pending[]): Promise<void> {
  let inserted: number[];
  try {
    inserted = await run(group);
  } catch (err) {
    await settleOneByOne(group, err);
    writeNext();
    return;
  }
  writeNext();
  group.forEach((p, i) => settle(p, inserted[i]));
}

async function settleOneByOne(group: Pending[], err: unknown): Promise<void> {
  if (group.length === 1) return group[0].reject(err);
  for (const p of group) {
    try {
      settle(p, (await run([p]))[0]);
    } catch (e) {
      p.reject(e);
    }
  }
}

function settle(p: Pending, inserted: number) {
  if (inserted < 0) p.reject(new MissingMemberError());
  else p.resolve(inserted);
}

async function run(group: Pending[]): Promise<number[]> {
  const input = group.flatMap((p, item) => p.rows.map((r, ord) => ({ item, ord, ...r })));
  const result = await writeStatement.run(JSON.stringify(input));
  const inserted = group.map(() => 0);
  let total = 0;
  for (const r of result) {
    inserted[r.item] = r.inserted;
    if (r.inserted > 0) total += r.inserted;
  }
  const m = metrics();
  m.eventCommitSize.observe(group.length);
  m.eventsWritten.inc(total);
  return inserted;
}
