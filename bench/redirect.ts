// Tracked deal links: GET /r/{click_id} (cached lookup, redeem_url_clicked queued behind the response,
// 302; docs/decisions/provider-conversions.md) on the product's own
// request listener (src/server/server.ts: the lean path, as `npm start` serves it), at --connections
// (50) concurrent for --duration seconds, printed beside a static redirect baseline (a bare node:http
// server answering the same 302 without any work) on the same machine. Target: p99 < 20 ms.
//
//   DATABASE_URL=postgresql://… npm run bench:redirect [-- --connections 50 --duration 10]
//   npm run bench:redirect           # embedded PGlite instead (one connection: slower)
//   npx tsx bench/redirect.ts --tiny # CI smoke run (test/bench/redirect-bench.test.ts): 5 connections, 1 s
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema } from "@/server/schemas/partner.schema";

const { values: args } = parseArgs({
  options: { connections: { type: "string", default: "50" }, duration: { type: "string", default: "10" }, tiny: { type: "boolean", default: false } },
});
const CONNECTIONS = args.tiny ? 5 : Number(args.connections);
const DURATION = args.tiny ? 1 : Number(args.duration);
const TARGET_P99_MS = 20;

process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
process.env.LOG_LEVEL ??= "silent";
let database = "PostgreSQL (DATABASE_URL)";
if (!process.env.DATABASE_URL) {
  const { startEmbeddedPostgres } = await import("@/server/db/embedded");
  process.env.DATABASE_URL = (await startEmbeddedPostgres({ dir: null })).url;
  database = "embedded PGlite";
}
const { applyMigrations } = await import("@/server/db/schema-engine");
await applyMigrations(process.env.DATABASE_URL);
const { db } = await import("@/server/db/client");
const { createPartner } = await import("@/server/services/partners");
const { createPartnerDeal } = await import("@/server/services/deals");
const { issueClick } = await import("@/server/services/tracking");
const { productRequestListener } = await import("@/server/server");
const { listenHttp } = await import("@/server/http/request-listener");

// A partner, a tracked live deal and one click per connection.
const suffix = randomBytes(4).toString("hex");
const partner = await createPartner("operator", parseWith(partnerCreateSchema, { name: `Redirect bench ${suffix}`, type: "Accelerator", regions: ["Europe"], subdomain: `rb-${suffix}` }));
const scope = { partnerId: partner.partner.id, environment: "test" as const };
const deal = await createPartnerDeal(scope, {
  product_name: "Bench tracked deal",
  short_description: "x",
  status: "live",
  tracking_enabled: true,
  redemption: { method: "url", redeem_url: "https://provider.example/signup?ref={{click_id}}" },
});
const clicks: string[] = [];
for (let i = 0; i < Math.min(CONNECTIONS, 50); i++) {
  const member = await db.member.create({ data: { partnerId: scope.partnerId, environment: "test", email: `rb-${suffix}-${i}@bench.example` } });
  clicks.push(await issueClick(scope, member.id, deal.id));
}

const app = await listenHttp(productRequestListener((_req, res) => res.writeHead(404).end()));
const baseline = http.createServer((_req, res) => {
  res.writeHead(302, { Location: "https://provider.example/signup?ref=clk_static", "Cache-Control": "no-store", "Content-Length": "0" });
  res.end();
});
await new Promise<void>((r) => baseline.listen(0, "127.0.0.1", r));
const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;

// Sanity: the tracked link answers 302 to the personalized URL.
const probe = await fetch(`${app.url}/p/rb-${suffix}/r/${clicks[0]}`, { redirect: "manual" });
if (probe.status !== 302 || probe.headers.get("location") !== `https://provider.example/signup?ref=${clicks[0]}`) {
  throw new Error(`/r/{click_id} answered ${probe.status} ${probe.headers.get("location")}`);
}

async function load(title: string, requests: { path: string }[], url: string) {
  // The load generator runs on a worker thread: on the server's own event loop it would delay the
  // very responses it times (as a separate client process does not).
  const opts = { url, connections: CONNECTIONS, requests, workers: 1 };
  // Warm-up (connections, JIT, the pool), then the measured run.
  await autocannon({ ...opts, duration: Math.min(2, DURATION) });
  const r = await autocannon({ ...opts, duration: DURATION });
  const non3xx = r.non2xx - (r.statusCodeStats?.["302"]?.count ?? 0);
  return { title, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, total: r.requests.total, errors: r.errors + r.timeouts + Math.max(0, non3xx) };
}

const tracked = await load("GET /r/{click_id} (lookup + event + 302)", clicks.map((c) => ({ path: `/p/rb-${suffix}/r/${c}` })), app.url);
const stat = await load("static redirect baseline (bare node:http 302)", [{ path: "/r/static" }], baselineUrl);

const { drainEventsBehind } = await import("@/server/services/events");
await drainEventsBehind();
const events = await db.event.count({ where: { partnerId: scope.partnerId, eventType: "redeem_url_clicked" } });
console.log(`\nTracked link redirect, ${CONNECTIONS} concurrent, ${DURATION} s each (${database}${args.tiny ? ", tiny mode" : ""})`);
const row = (a: string, b: string, c: string, d: string, e: string) => console.log(`${a.padEnd(46)} ${b.padStart(9)} ${c.padStart(9)} ${d.padStart(10)} ${e.padStart(8)}`);
row("", "p50 ms", "p99 ms", "req/s", "errors");
for (const x of [tracked, stat]) row(x.title, String(x.p50), String(x.p99), Math.round(x.rps).toLocaleString("en"), String(x.errors));
console.log(`redeem_url_clicked events recorded: ${events.toLocaleString("en")} (measured + warm-up requests)`);
console.log(`target: /r/{click_id} p99 < ${TARGET_P99_MS} ms at 50 concurrent → ${tracked.p99 < TARGET_P99_MS ? "met" : "NOT met"}${CONNECTIONS !== 50 ? " (this run is not at 50)" : ""}`);
console.log(`BENCH_RESULT ${JSON.stringify({ tracked, baseline: stat, events, connections: CONNECTIONS })}`);

await app.close();
await new Promise((r) => baseline.close(r));
await db.$disconnect();
if (tracked.errors > 0) process.exitCode = 1;
process.exit();
