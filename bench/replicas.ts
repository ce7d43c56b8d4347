// Read replicas under a mixed read load (contract section 21, issue 57): hosted-app deal lists (the
// service the member's list page renders from), GET /v1/deals and GET /v1/analytics, run against a
// real streaming replica of DATABASE_URL's server (test/helpers/pg-replica.ts: pg_basebackup -R on a
// spare port). Prints the share of statements each server ran (perkway_db_statements_total, counted
// per pool) in two phases:
//   1. the replica healthy:                         target: the primary runs ≤ 10 % of the reads
//   2. its replay paused past DATABASE_REPLICA_MAX_LAG_MS: the replica left out, the primary 100 %
// and no request may fail in either (exit 1 when one does).
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:replicas
//     [-- --deals 500 --members 50 --requests 3000 --concurrency 8 --max-lag-ms 5000]
//
// test/bench/benches-run-tiny.test.ts runs it tiny. Real PostgreSQL only: a scratch database of its own
// beside DATABASE_URL's (dropped at the end) and a replica of the whole server (removed at the end); the
// server must accept replication connections from 127.0.0.1 (prepareReplication says what is missing).
// Everything runs in this process (the /v1 handler table in-process, the hosted list through its
// service), so the figures are the statements of the load, not of HTTP plumbing.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { prepareReplication, startReplica, type Replica } from "../test/helpers/pg-replica";

const { values: args } = parseArgs({
  options: {
    deals: { type: "string", default: "500" },
    members: { type: "string", default: "50" },
    requests: { type: "string", default: "3000" },
    concurrency: { type: "string", default: "8" },
    "max-lag-ms": { type: "string", default: "5000" },
  },
});
const DEALS = Number(args.deals);
const MEMBERS = Number(args.members);
const REQUESTS = Number(args.requests);
const CONCURRENCY = Number(args.concurrency);
const MAX_LAG_MS = Number(args["max-lag-ms"]);
const TARGET_PRIMARY_SHARE = 0.1;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error("bench:replicas needs DATABASE_URL=postgresql://… (a PostgreSQL server it can make a streaming replica of)");
  process.exit(1);
}
const missing = await prepareReplication(baseUrl);
if (missing) {
  console.error(`bench:replicas: ${missing}`);
  process.exit(1);
}

const dbName = `perkway_replicas_bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
const admin = async (sql: string) => {
  const u = new URL(baseUrl);
  u.pathname = "/postgres";
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};
await admin(`CREATE DATABASE "${dbName}"`);
const benchUrl = new URL(baseUrl);
benchUrl.pathname = `/${dbName}`;
let replica: Replica | null = null;
let failed = false;
try {
  replica = await startReplica(baseUrl);
  process.env.DATABASE_URL = benchUrl.toString();
  process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
  process.env.LOG_LEVEL ??= "silent";
  process.env.RATE_LIMIT_PER_MINUTE = "1000000000";
  process.env.RATE_LIMIT_BURST = "1000000000";
  const { applyMigrations } = await import("@/server/db/schema-engine");
  await applyMigrations(benchUrl.toString());
  const seeded = await seed();
  // Only now: seeding is writes, and the replica set starts its watch when first asked.
  process.env.DATABASE_REPLICA_URLS = replica.urlFor(dbName);
  process.env.DATABASE_REPLICA_MAX_LAG_MS = String(MAX_LAG_MS);
  const healthyAfter = await waitForState("ok", 30_000);
  console.log(`replica ${replica.name} healthy ${(healthyAfter / 1000).toFixed(1)} s after the app asked; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)} before the load`);
  console.log(`data: ${seeded.deals} deals, ${seeded.members} members, ${seeded.events} events; load: ${REQUESTS} reads, ${CONCURRENCY} at a time, a third each hosted list / GET /v1/deals?limit=50 / GET /v1/analytics?days=30\n`);

  const healthy = await measure("replica healthy", seeded);
  await replica.pauseReplay();
  let paused: Phase;
  try {
    const leftOut = await waitForState("lagging", MAX_LAG_MS + 10_000);
    console.log(`replay paused: left out ${(leftOut / 1000).toFixed(1)} s later (limit: DATABASE_REPLICA_MAX_LAG_MS ${MAX_LAG_MS / 1000} s + 5 s)`);
    paused = await measure("replay paused past the lag limit", seeded);
  } finally {
    await replica.resumeReplay();
  }
  const back = await waitForState("ok", 30_000);
  console.log(`replay resumed: back in rotation ${(back / 1000).toFixed(1)} s later (limit 30 s)\n`);

  const rows = [healthy, paused];
  console.log("phase                              reads   errors   req/s   statements: primary   replica   primary share   target");
  for (const r of rows) {
    const share = r.primary / Math.max(1, r.primary + r.replica);
    const target = r === healthy ? `≤ ${TARGET_PRIMARY_SHARE * 100} %` : "100 %";
    const met = r === healthy ? share <= TARGET_PRIMARY_SHARE : r.replica === 0;
    console.log(
      `${r.label.padEnd(34)} ${String(r.requests).padStart(5)} ${String(r.errors).padStart(8)} ${r.rate.toFixed(0).padStart(7)}   ${String(r.primary).padStart(19)} ${String(r.replica).padStart(9)} ${`${(share * 100).toFixed(1)} %`.padStart(15)}   ${target} ${met ? "met" : "MISSED"}`,
    );
  }
  console.log(`\n(statements counted per pool, the write marker's included: ${healthy.marks} on the primary in phase 1, ${paused.marks} in phase 2)`);
  failed = rows.some((r) => r.errors > 0);
  if (failed) console.error("some reads failed: contract section 21 allows none");
} finally {
  const { disconnectDb } = await import("@/server/db/client");
  await disconnectDb().catch(() => {});
  await replica?.destroy();
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
}
process.exit(failed ? 1 : 0);

// ---- helpers ----------------------------------------------------------------------------------

type Seeded = Awaited<ReturnType<typeof seed>>;
type Phase = { label: string; requests: number; errors: number; rate: number; primary: number; replica: number; marks: number };

async function waitForState(state: string, withinMs: number): Promise<number> {
  const { replicaStatuses } = await import("@/server/db/replica-set");
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (replicaStatuses()?.[0]?.state === state) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the replica did not become ${state} within ${withinMs} ms: ${JSON.stringify(replicaStatuses())}`);
}

async function statementCounts(): Promise<Map<string, number>> {
  const { metrics } = await import("@/server/observability/metrics");
  return new Map((await metrics().dbStatements.get()).values.map((v) => [String(v.labels.server), v.value]));
}

async function measure(label: string, seeded: Seeded): Promise<Phase> {
  const { handleApiRequest } = await import("@/server/rest/handle-api-request");
  const { listHostedDeals } = await import("@/server/services/deals");
  const v1 = async (path: string) => {
    const res = await handleApiRequest(new Request(`http://bench.local${path}`, { headers: { authorization: `Bearer ${seeded.token}` } }));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  };
  const kinds = [
    (i: number) => listHostedDeals(seeded.hosted[i % seeded.hosted.length], {}, { limit: 24 }).then(() => {}),
    () => v1("/v1/deals?limit=50"),
    () => v1("/v1/analytics?days=30"),
  ];
  const before = await statementCounts();
  const marksBefore = await markCount();
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        try {
          await kinds[i % kinds.length](i);
        } catch (err) {
          errors++;
          if (errors <= 3) console.error(`${label}: ${(err as Error).message}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = await statementCounts();
  const delta = (server: string) => (after.get(server) ?? 0) - (before.get(server) ?? 0);
  return { label, requests: REQUESTS, errors, rate: REQUESTS / seconds, primary: delta("primary"), replica: delta(replica!.name), marks: (await markCount()) - marksBefore };
}

/** Write markers the primary committed so far (its row's updates), from the primary's statistics. */
async function markCount(): Promise<number> {
  const { db } = await import("@/server/db/client");
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT coalesce(n_tup_upd, 0)::int AS n FROM pg_stat_user_tables WHERE relname = 'replica_heartbeats'`;
  return row?.n ?? 0;
}

async function seed() {
  const { db } = await import("@/server/db/client");
  const { createPartner } = await import("@/server/services/partners");
  const { importCatalog } = await import("@/server/services/deals");
  const { parseWith } = await import("@/server/errors/parse-with");
  const { partnerCreateSchema } = await import("@/server/schemas/partner.schema");
  const { issuePartnerToken } = await import("@/server/crypto/partner-token");
  const { partner } = await createPartner("operator", parseWith(partnerCreateSchema, { name: "Replica bench", type: "Accelerator", regions: ["Europe"], subdomain: `replica-bench-${process.pid}` }));
  const scope = { partnerId: partner.id, environment: "live" as const };
  await importCatalog(
    "operator",
    Array.from({ length: DEALS }, (_, i) => ({
      slug: `replica-bench-${i}`,
      product_name: `Product ${i}`,
      logo_url: `/logos/bench-${i}.svg`,
      product_url: `https://vendor${i}.example.com`,
      short_description: "Build, launch and grow faster with tooling made for startups.",
      long_description: "Build, launch and grow faster with tooling made for startups. ".repeat(4).trim(),
      perk_description: `${10 + (i % 50)}% off for 12 months`,
      market_value: `$${(i % 40) * 250}`,
      est_value: (i % 40) * 250,
      categories: [{ slug: `bench-cat-${i % 10}`, name: `Bench category ${i % 10}` }],
      tier: i % 5 === 0 ? "premium" : "free",
      tags: [],
      badges: [],
      redemption: { method: "url", instructions: "<p>Open the link.</p>", redeem_url: `https://vendor${i}.example.com/perk` },
      eligibility_company_stage: [],
      eligibility_geography: [],
      offer_types: ["credits"],
      status: "live",
      visibility_rules: [],
    })),
  );
  const members = await Promise.all(
    Array.from({ length: MEMBERS }, (_, i) => db.member.create({ data: { partnerId: partner.id, environment: "live", email: `bench-${i}@example.com`, tier: i % 2 ? "premium" : "free" } })),
  );
  // Analytics has something to count: a view of a few deals per member, as the hosted app records them.
  const deals = await db.deal.findMany({ where: { slug: { startsWith: "replica-bench-" } }, select: { id: true }, take: 20 });
  const events = await db.event.createMany({
    data: members.flatMap((m, i) => deals.slice(0, 5).map((d, j) => ({ partnerId: partner.id, environment: "live" as const, memberId: m.id, dealId: d.id, eventType: "deal_detail_viewed" as const, occurredAt: new Date(Date.now() - ((i + j) % 30) * 86_400_000) }))),
  });
  const { token } = await issuePartnerToken(scope);
  return { token, deals: DEALS, members: MEMBERS, events: events.count, hosted: members.map((member) => ({ scope, member })) };
}
