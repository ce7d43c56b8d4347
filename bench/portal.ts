// The portal's data at scale: one partner with 5,000 deals, 100,000 members, 5,000,000 events and an
// inbox of 100,000 access requests (plus 10,000 inquiries);
// every query procedure of the tRPC router a partner page calls (discovered from the router, so
// other areas' procedures are measured as they land), over HTTP, p50/p99 beside GET /v1/analytics
// (the baseline, same process and machine).
// Targets: every page's data p99 < 150 ms; analytics.daily for 365 days p99 ≤ 2× GET /v1/analytics?days=365.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/perkway_portal_bench npm run bench:portal
//     [-- --deals 5000 --members 100000 --events 5000000 --requests 100000 --samples 200 --reseed]
//
// test/bench/benches-run-tiny.test.ts runs it tiny (a few rows, a few samples) so it keeps working.
//
// Real PostgreSQL only, a scratch database of its own. Fixtures are written with generate_series
// (INSERT … SELECT) and the rollups built by rebuildEventRollups, the operators' consistency tool;
// they are kept between runs (found by name) unless --reseed. The server is a child process: a bare
// node:http server with tRPC's fetch adapter on /api/trpc (the context is the bench partner's admin,
// injected: no next-auth cookie round trip, which is the same for every procedure) and the /v1
// handler table on everything else, as production's lean path serves it.
import { fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema } from "@/server/schemas/partner.schema";

const { values: args } = parseArgs({
  options: {
    serve: { type: "boolean", default: false },
    deals: { type: "string", default: "5000" },
    members: { type: "string", default: "100000" },
    events: { type: "string", default: "5000000" },
    requests: { type: "string", default: "100000" },
    samples: { type: "string", default: "200" },
    reseed: { type: "boolean", default: false },
  },
});

const PARTNER_NAME = "bench-portal";
const OWN_DEAL_SHARE = 0.2; // of --deals: the partner's own (partner_private, live) deals; the rest servicepass
const TARGET_P99_MS = 150;

process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
process.env.LOG_LEVEL ??= "silent";
// Seeding writes 500,000 events a statement: no request-sized statement timeout for it (the server
// child gets the app's default back).
const APP_STATEMENT_TIMEOUT = process.env.DATABASE_STATEMENT_TIMEOUT_MS;
if (!args.serve) process.env.DATABASE_STATEMENT_TIMEOUT_MS = "0";

if (args.serve) await serve();
else await run();

// ---- server (child) ---------------------------------------------------------------------------

async function serve() {
  process.env.RATE_LIMIT_PER_MINUTE = "1000000000";
  process.env.RATE_LIMIT_BURST = "1000000000";
  const { fetchRequestHandler } = await import("@trpc/server/adapters/fetch");
  const { appRouter } = await import("@/server/trpc/routers/_app");
  const { handleApiRequest } = await import("@/server/rest/handle-api-request");
  const { listenApi } = await import("@/server/rest/listen-api");
  const partnerId = process.env.BENCH_PARTNER_ID!;
  const admin = {
    actor: { adminId: process.env.BENCH_ADMIN_ID!, role: "partner_admin" as const, partnerId },
    email: process.env.BENCH_ADMIN_EMAIL!,
    name: null,
    environment: "live" as const,
    scope: { partnerId, environment: "live" as const },
    readOnly: false,
  };
  const handler = (req: Request) =>
    new URL(req.url).pathname.startsWith("/api/trpc/")
      ? fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: () => ({ admin, headers: req.headers }) })
      : handleApiRequest(req);
  const { port } = await listenApi({ handler });
  process.send!({ url: `http://127.0.0.1:${port}` });
}

// ---- run (parent) -----------------------------------------------------------------------------

async function run() {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error("bench/portal.ts runs against real PostgreSQL: set DATABASE_URL=postgresql://… (a scratch database of its own)");
    process.exit(2);
  }
  const { applyMigrations } = await import("@/server/db/schema-engine");
  await applyMigrations(url);
  const { db, disconnectDb } = await import("@/server/db/client");
  const [{ version }] = await db.$queryRawUnsafe<{ version: string }[]>(`SELECT version()`);
  const u = new URL(url);
  console.log(`database: ${u.hostname}:${u.port || 5432}${u.pathname} — ${version.split(",")[0]}`);
  console.log(`machine:  ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), node ${process.version}; server and load generator on the same machine`);
  console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} (other work on the machine skews every figure below)\n`);

  const p = await benchPartner(Number(args.deals), Number(args.members), Number(args.events));
  const inbox = await inboxFixtures(p.partnerId, Number(args.requests));
  const child = fork(process.argv[1], ["--serve"], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    execArgv: process.execArgv,
    env: { ...process.env, DATABASE_STATEMENT_TIMEOUT_MS: APP_STATEMENT_TIMEOUT, BENCH_PARTNER_ID: p.partnerId, BENCH_ADMIN_ID: p.adminId, BENCH_ADMIN_EMAIL: p.adminEmail },
  });
  const { url: base } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once("message", (m) => resolve(m as { url: string }));
    child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  const { issuePartnerToken } = await import("@/server/crypto/partner-token");
  const token = (await issuePartnerToken({ partnerId: p.partnerId, environment: "live" })).token;

  try {
    const samples = Number(args.samples);
    const v1 = (days: number) => async () => {
      const res = await fetch(`${base}/v1/analytics?days=${days}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`GET /v1/analytics answered ${res.status}: ${body}`);
    };
    const trpc = (path: string, input: unknown) => async () => {
      const q = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      const res = await fetch(`${base}/api/trpc/${path}${q}`, { signal: AbortSignal.timeout(30_000) });
      const body = await res.text();
      if (res.status !== 200) throw Object.assign(new Error(`${path} answered ${res.status}: ${body.slice(0, 300)}`), { status: res.status });
    };

    // ---- discover the partner pages' queries from the router ----------------------------------
    const { appRouter } = await import("@/server/trpc/routers/_app");
    const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: string } }> }).procedures;
    const queries = Object.keys(procedures)
      .filter((path) => procedures[path]._def.type === "query")
      .filter((path) => !/^(health|me|superAdmin\.)/.test(path))
      // The CSV export is a download of up to 10,000 rows, not a page of data.
      .filter((path) => path !== "inbox.export");
    // The inputs a page sends; the first candidate a procedure accepts is measured (ids of the bench fixtures).
    const fixed: Record<string, unknown[]> = {
      "analytics.summary": [{ days: 30 }],
      "analytics.daily": [{ days: 30 }],
      "analytics.funnel": [{ days: 30 }],
      // Preview as member: a real member of the fixtures, first page of what they get.
      "catalogue.preview": [{ member: { kind: "id", id: p.memberId }, show: "listed", page: 1, page_size: 25 }],
      "ownDeals.previewInstructions": [{ instructions: "<p>Use {{email}} at <a href=\"https://example.com/?u={{user_id}}\">the site</a></p>", redeem_url: "https://example.com/?u={{user_id}}", member_id: p.memberId }],
    };
    const candidates = (path: string) =>
      fixed[path] ?? [undefined, {}, { id: p.ownDealId }, { deal_id: p.ownDealId }, { dealId: p.ownDealId }, { user_id: p.memberId }, { member_id: p.memberId }, { q: "bench" }, { limit: 25 }];
    const calls: { name: string; run: () => Promise<void> }[] = [];
    const skipped: string[] = [];
    for (const path of queries) {
      process.stderr.write(`discovering ${path}…\n`);
      let chosen: (() => Promise<void>) | null = null;
      let label = path;
      for (const input of candidates(path)) {
        const call = trpc(path, input);
        try {
          await call();
          chosen = call;
          label = input === undefined || (typeof input === "object" && input && !Object.keys(input).length) ? path : `${path} ${JSON.stringify(input)}`;
          break;
        } catch (err) {
          if ((err as Error).name === "TimeoutError") {
            skipped.push(`${path}: no answer within 30 s`);
            break;
          }
          if ((err as { status?: number }).status !== 400) {
            skipped.push(`${path}: ${(err as Error).message}`);
            break;
          }
        }
      }
      if (chosen) calls.push({ name: label, run: chosen });
      else if (!skipped.some((s) => s.startsWith(`${path}:`))) skipped.push(`${path}: no input the bench knows is accepted`);
    }
    // The analytics page at its largest range, compared with the /v1 baseline of the same range.
    calls.push({ name: 'analytics.summary {"days":365}', run: trpc("analytics.summary", { days: 365 }) });
    calls.push({ name: 'analytics.daily {"days":365}', run: trpc("analytics.daily", { days: 365 }) });
    calls.push({ name: 'analytics.funnel {"days":365}', run: trpc("analytics.funnel", { days: 365 }) });
    // The inbox's pages: each filter, a search, and a page deep in the list (by cursor).
    const firstPage = await fetch(`${base}/api/trpc/inbox.list?input=${encodeURIComponent(JSON.stringify({ limit: 25 }))}`).then((r) => r.json() as Promise<{ result: { data: { next_cursor: string | null } } }>);
    const cursor = firstPage.result.data.next_cursor;
    for (const input of [{ limit: 25, status: "new" }, { limit: 25, kind: "access_request", status: "approved" }, { limit: 25, kind: "inquiry" }, { limit: 25, search: "bench-4242@" }, { limit: 25, search: "no such text" }, ...(cursor ? [{ limit: 25, cursor }] : [])]) {
      calls.push({ name: `inbox.list ${JSON.stringify(input).replace(/"cursor":"[^"]+"/, '"cursor":"…page 2"')}`, run: trpc("inbox.list", input) });
    }
    const baselines = [
      { name: "GET /v1/analytics?days=30 (baseline)", run: v1(30) },
      { name: "GET /v1/analytics?days=365 (baseline)", run: v1(365) },
    ];
    const all = [...baselines, ...calls];

    // ---- measure: warm-up, then round-robin one request at a time (same load for all) -----------
    process.stderr.write(`measuring ${all.length} calls × ${samples}…\n`);
    for (let i = 0; i < 10; i++) for (const c of all) await c.run();
    const lat = new Map<string, number[]>(all.map((c) => [c.name, []]));
    for (let i = 0; i < samples; i++) {
      for (const c of all) {
        const t = performance.now();
        await c.run();
        lat.get(c.name)!.push(performance.now() - t);
      }
    }

    // ---- report --------------------------------------------------------------------------------
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const fmt = (n: number) => n.toLocaleString("en-US");
    console.log(`\nfixtures: ${fmt(p.deals)} deals (${fmt(p.ownDeals)} own), ${fmt(p.members)} members, ${fmt(p.events)} events over 365 days, one partner (live)`);
    console.log(`inbox: ${fmt(inbox.requests)} access requests (a quarter pending), ${fmt(inbox.inquiries)} inquiries`);
    console.log(`${samples} sequential requests per row, interleaved round-robin, after 10 warm-up rounds\n`);
    const base365 = pct(lat.get("GET /v1/analytics?days=365 (baseline)")!, 99);
    console.log("procedure".padEnd(58) + "p50".padStart(11) + "p99".padStart(11) + "  p99 vs /v1 365d");
    for (const c of all) {
      const xs = lat.get(c.name)!;
      console.log(c.name.slice(0, 57).padEnd(58) + ms(pct(xs, 50)).padStart(11) + ms(pct(xs, 99)).padStart(11) + `  ${(pct(xs, 99) / base365).toFixed(2)}x`);
    }
    if (skipped.length) console.log(`\nnot measured:\n  ${skipped.join("\n  ")}`);
    const daily365 = pct(lat.get('analytics.daily {"days":365}')!, 99);
    const slow = calls.filter((c) => pct(lat.get(c.name)!, 99) >= TARGET_P99_MS);
    console.log(`\nload average at end: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    console.log(
      [
        [`every page procedure p99 < ${TARGET_P99_MS} ms${slow.length ? ` (over: ${slow.map((c) => c.name).join(", ")})` : ""}`, slow.length === 0],
        [`analytics.daily 365 d p99 ${ms(daily365)} ≤ 2× GET /v1/analytics?days=365 p99 ${ms(base365)}`, daily365 <= 2 * base365],
      ]
        .map(([what, pass]) => `${pass ? "PASS" : "FAIL"}  ${what}`)
        .join("\n"),
    );
  } finally {
    child.kill();
    await disconnectDb();
  }
}

// ---- fixtures ---------------------------------------------------------------------------------

type BenchPartner = { partnerId: string; adminId: string; adminEmail: string; ownDealId: string; memberId: string; deals: number; ownDeals: number; members: number; events: number };

/** The bench partner (reused when its counts match), with its admin, deals, members and history. */
async function benchPartner(deals: number, members: number, events: number): Promise<BenchPartner> {
  const { db } = await import("@/server/db/client");
  const own = Math.round(deals * OWN_DEAL_SHARE);
  const existing = await db.partner.findFirst({ where: { name: PARTNER_NAME }, orderBy: { createdAt: "desc" } });
  if (existing && !args.reseed) {
    const [c] = await db.$queryRawUnsafe<{ e: number; m: number; o: number; s: number }[]>(
      `SELECT (SELECT count(*)::int FROM events WHERE partner_id = $1::uuid) AS e,
              (SELECT count(*)::int FROM members WHERE partner_id = $1::uuid) AS m,
              (SELECT count(*)::int FROM deals WHERE owner_partner_id = $1::uuid) AS o,
              (SELECT count(*)::int FROM deals WHERE slug LIKE 'bench-portal-sp-%') AS s`,
      existing.id,
    );
    if (c.e === events && c.m === members && c.o === own && c.s === deals - own) {
      console.log(`${PARTNER_NAME}: reusing the fixtures seeded ${existing.createdAt.toISOString()} (--reseed to start over)`);
      return { ...(await ids(existing.id)), deals, ownDeals: own, members, events };
    }
  }
  if (existing) {
    for (const table of ["events", "event_type_rollups", "deal_event_rollups", "member_activity"]) {
      await db.$executeRawUnsafe(`DELETE FROM ${table} WHERE partner_id = $1::uuid`, existing.id);
    }
    await db.partner.delete({ where: { id: existing.id } });
  }
  const { createPartner } = await import("@/server/services/partners");
  const { createAdmin } = await import("@/server/services/admins");
  const { partner } = await createPartner("operator", parseWith(partnerCreateSchema, { name: PARTNER_NAME, type: "Accelerator", regions: ["Europe"], subdomain: `bench-${randomUUID().slice(0, 8)}` }));
  await createAdmin("operator", { email: `bench-${partner.id.slice(0, 8)}@perkway.test`, role: "partner_admin", partner_id: partner.id });
  const started = performance.now();

  // Servicepass catalogue (shared by every partner) and the partner's own live deals.
  await db.$executeRawUnsafe(`DELETE FROM deals WHERE slug LIKE 'bench-portal-sp-%'`);
  await db.$executeRawUnsafe(
    `INSERT INTO deals (id, slug, product_name, short_description, deal_type, status, redemption_method, redemption_redeem_url, updated_at)
     SELECT gen_random_uuid(), 'bench-portal-sp-' || i, 'Bench deal ' || lpad(i::text, 5, '0'), 'Benchmark deal', 'servicepass', 'live', 'url', 'https://example.com/r', now()
     FROM generate_series(1, $1::int) AS i`,
    deals - own,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO deals (id, slug, product_name, short_description, deal_type, owner_partner_id, environment, status, redemption_method, redemption_redeem_url, updated_at)
     SELECT gen_random_uuid(), 'bench-own-' || i, 'Own bench deal ' || lpad(i::text, 5, '0'), 'Benchmark own deal', 'partner_private', $1::uuid, 'live',
            (ARRAY['live', 'live', 'live', 'draft', 'paused']::"DealStatus"[])[1 + i % 5], 'url', 'https://example.com/r', now()
     FROM generate_series(1, $2::int) AS i`,
    partner.id,
    own,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO members (id, partner_id, environment, email, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, 'live', 'bench-' || i || '@example.com', now() - (i || ' minutes')::interval, now()
     FROM generate_series(1, $2::int) AS i`,
    partner.id,
    members,
  );
  process.stderr.write(`${PARTNER_NAME}: ${deals} deals and ${members} members (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);

  // Events: the type mix of bench/events.ts, members uniform, deal popularity skewed, occurred_at
  // uniform over the last 365 days; only deals the partner's members can meet (live ones).
  const chunk = 500_000;
  const t0 = performance.now();
  for (let done = 0; done < events; done += chunk) {
    const n = Math.min(chunk, events - done);
    await db.$executeRawUnsafe(
      `WITH m AS (SELECT array_agg(id) AS ids FROM members WHERE partner_id = $1::uuid AND environment = 'live'),
            d AS (SELECT array_agg(id ORDER BY slug) AS ids FROM deals
                  WHERE status = 'live' AND (slug LIKE 'bench-portal-sp-%' OR (owner_partner_id = $1::uuid AND environment = 'live'))),
            g AS (SELECT random() AS t, random() AS dr, random() AS mr, random() AS ar FROM generate_series(1, $2::int))
       INSERT INTO events (id, partner_id, environment, event_type, member_id, deal_id, occurred_at, received_at)
       SELECT gen_random_uuid(), $1::uuid, 'live', x.type, x.member_id,
              CASE WHEN x.type IN ('deal_list_viewed', 'upgrade_cta_clicked') THEN NULL ELSE x.deal_id END, x.at, x.at
       FROM (
         SELECT (CASE WHEN g.t < 0.30 THEN 'deal_list_viewed' WHEN g.t < 0.60 THEN 'deal_detail_viewed'
                      WHEN g.t < 0.70 THEN 'instructions_viewed' WHEN g.t < 0.78 THEN 'redeem_url_clicked'
                      WHEN g.t < 0.83 THEN 'promo_code_copied' WHEN g.t < 0.86 THEN 'unique_code_claimed'
                      WHEN g.t < 0.94 THEN 'deal_redeemed' WHEN g.t < 0.97 THEN 'upgrade_cta_clicked'
                      ELSE 'deal_inquiry_submitted' END)::"EventType" AS type,
                m.ids[1 + floor(g.mr * array_length(m.ids, 1))::int] AS member_id,
                d.ids[1 + floor(g.dr * g.dr * array_length(d.ids, 1))::int] AS deal_id,
                now() - g.ar * interval '365 days' AS at
         FROM g, m, d
       ) x`,
      partner.id,
      n,
    );
    process.stderr.write(`\r${PARTNER_NAME}: ${(done + n).toLocaleString("en-US")} / ${events.toLocaleString("en-US")} events written`);
  }
  process.stderr.write(` (${((performance.now() - t0) / 1000).toFixed(0)} s); building rollups…`);
  const t1 = performance.now();
  const { rebuildEventRollups } = await import("@/server/services/events");
  const built = await rebuildEventRollups({ partnerId: partner.id, environment: "live" });
  for (const table of ["events", "event_type_rollups", "deal_event_rollups", "member_activity", "members", "deals"]) await db.$executeRawUnsafe(`VACUUM ANALYZE ${table}`);
  process.stderr.write(` ${built.typeRows + built.dealRows} rollup rows, ${built.members} active members (${((performance.now() - t1) / 1000).toFixed(0)} s)\n`);
  return { ...(await ids(partner.id)), deals, ownDeals: own, members, events };
}

/** The inbox: `requests` access requests of the bench partner's members for servicepass deals (one
 *  open request per member and deal, as the partial unique index wants), statuses in turn, one a
 *  second apart; and a tenth as many inquiries. Kept when the counts match. */
async function inboxFixtures(partnerId: string, requests: number): Promise<{ requests: number; inquiries: number }> {
  const { db } = await import("@/server/db/client");
  const inquiries = Math.round(requests / 10);
  const [c] = await db.$queryRawUnsafe<{ r: number; i: number }[]>(
    `SELECT (SELECT count(*)::int FROM access_requests WHERE partner_id = $1::uuid) AS r, (SELECT count(*)::int FROM inquiries WHERE partner_id = $1::uuid) AS i`,
    partnerId,
  );
  if (c.r === requests && c.i === inquiries && !args.reseed) return { requests, inquiries };
  const t0 = performance.now();
  await db.$executeRawUnsafe(`DELETE FROM access_requests WHERE partner_id = $1::uuid`, partnerId);
  await db.$executeRawUnsafe(`DELETE FROM inquiries WHERE partner_id = $1::uuid`, partnerId);
  const common = `m AS (SELECT array_agg(id ORDER BY email) AS ids, array_agg(email ORDER BY email) AS emails FROM members WHERE partner_id = $1::uuid AND environment = 'live'),
                  d AS (SELECT array_agg(id ORDER BY slug) AS ids FROM deals WHERE slug LIKE 'bench-portal-sp-%')`;
  await db.$executeRawUnsafe(
    `WITH ${common}
     INSERT INTO access_requests (id, partner_id, environment, type, deal_id, member_id, email, status, message, decision_note, decided_at, decided_by, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, 'live', 'deal',
            d.ids[1 + (i / array_length(m.ids, 1)) % array_length(d.ids, 1)], m.ids[1 + i % array_length(m.ids, 1)], m.emails[1 + i % array_length(m.ids, 1)],
            (ARRAY['pending', 'approved', 'declined', 'withdrawn']::"AccessRequestStatus"[])[1 + i % 4],
            'Bench request ' || i || ': we would like this deal for our team',
            CASE WHEN i % 4 = 2 THEN 'Not this quarter' END, CASE WHEN i % 4 <> 0 THEN now() - (i || ' seconds')::interval END, CASE WHEN i % 4 <> 0 THEN 'api' END,
            now() - (i || ' seconds')::interval - interval '1 minute', now()
     FROM generate_series(0, $2::int - 1) AS i, m, d`,
    partnerId,
    requests,
  );
  await db.$executeRawUnsafe(
    `WITH ${common}
     INSERT INTO inquiries (id, partner_id, environment, deal_id, member_id, member_email, message, status, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, 'live', d.ids[1 + i % array_length(d.ids, 1)], m.ids[1 + (i * 7) % array_length(m.ids, 1)], m.emails[1 + (i * 7) % array_length(m.ids, 1)],
            'Bench inquiry ' || i || ': does this work for agencies?', (ARRAY['new', 'replied', 'closed']::"InquiryStatus"[])[1 + i % 3],
            now() - (i * 10 || ' seconds')::interval - interval '30 seconds', now()
     FROM generate_series(0, $2::int - 1) AS i, m, d`,
    partnerId,
    inquiries,
  );
  for (const table of ["access_requests", "inquiries"]) await db.$executeRawUnsafe(`VACUUM ANALYZE ${table}`);
  process.stderr.write(`inbox: ${requests} access requests and ${inquiries} inquiries (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
  return { requests, inquiries };
}

async function ids(partnerId: string) {
  const { db } = await import("@/server/db/client");
  const admin = await db.admin.findFirstOrThrow({ where: { partnerId } });
  const deal = await db.deal.findFirstOrThrow({ where: { ownerPartnerId: partnerId, environment: "live", status: "live" }, select: { id: true } });
  const member = await db.member.findFirstOrThrow({ where: { partnerId, environment: "live" }, select: { id: true } });
  return { partnerId, adminId: admin.id, adminEmail: admin.email, ownDealId: deal.id, memberId: member.id };
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
