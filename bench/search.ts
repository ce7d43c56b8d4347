// Hosted-app search at catalogue scale (contract section 19): p95 server time of the member's list
// with a typo-tolerant query, beside the same list without a query, at 5,000 deals. Goal: < 100 ms.
// Each figure is the hosted page's call: the first page of cards, the list's total and states.
// Measures the service the hosted page calls (listHostedDeals: the member's deals, For-you states,
// the search), in process, after one warm-up; the database round trips are real.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/perkway_bench npx tsx bench/search.ts [--deals 5000] [--samples 50]
//   npx tsx bench/search.ts --deals 200 --samples 5      # embedded PGlite when no DATABASE_URL
//   BENCH_BASE_URL=http://127.0.0.1:3000 …               # also the page a member loads, over HTTP, from a
//     production app (`npm start`) serving the same DATABASE_URL with the same AUTH_SECRET (the bench's
//     partner keys are hashed under it): a member of the bench's partner signs in through a magic link and
//     GET /p/{subdomain}?q=… is timed with their cookie (goal p95 < 100 ms).
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({ options: { deals: { type: "string", default: "5000" }, samples: { type: "string", default: "50" } } });
const DEALS = Number(args.deals);
const SAMPLES = Number(args.samples);

process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
process.env.LOG_LEVEL ??= "silent";
if (!process.env.DATABASE_URL) {
  const { startEmbeddedPostgres } = await import("@/server/db/embedded");
  process.env.DATABASE_URL = (await startEmbeddedPostgres({ dir: null })).url;
}
const { applyMigrations } = await import("@/server/db/schema-engine");
await applyMigrations(process.env.DATABASE_URL);
const { db } = await import("@/server/db/client");
const { createPartner } = await import("@/server/services/partners");
const { parseWith } = await import("@/server/errors/parse-with");
const { partnerCreateSchema } = await import("@/server/schemas/partner.schema");
const { listHostedDeals, HOSTED_PAGE_SIZE } = await import("@/server/services/deals");

const WORDS = ["cloud", "analytics", "payroll", "design", "marketing", "security", "hosting", "email", "crm", "accounting", "legal", "banking", "recruiting", "support", "database"];
const suffix = randomUUID().slice(0, 8);
const { partner, keys } = await createPartner("operator", parseWith(partnerCreateSchema, { name: `Search bench ${suffix}`, type: "Accelerator", regions: ["Europe"], subdomain: `sb-${suffix}` }));
const scope = { partnerId: partner.id, environment: "live" as const };
console.error(`seeding ${DEALS} deals…`);
for (let i = 0; i < DEALS; i += 1000) {
  await db.deal.createMany({
    data: Array.from({ length: Math.min(1000, DEALS - i) }, (_, k) => {
      const n = i + k;
      const w = (j: number) => WORDS[(n * 7 + j * 3) % WORDS.length];
      return {
        slug: `sb-${suffix}-${n}`,
        productName: `${w(0)[0].toUpperCase()}${w(0).slice(1)}ify ${n}`,
        shortDescription: `${w(1)} and ${w(2)} for startups`,
        longDescription: `A ${w(3)} tool with ${w(4)} features, trusted by teams for ${w(5)}. Deal number ${n}.`,
        dealType: "partner_private" as const,
        ownerPartnerId: partner.id,
        environment: "live" as const,
        status: "live" as const,
        redemptionMethod: "url" as const,
        redemptionRedeemUrl: "https://example.com",
      };
    }),
  });
}
const member = await db.member.create({ data: { partnerId: partner.id, environment: "live", email: `bench-${suffix}@example.com` } });
const hm = { scope, member };

// The hosted page asks for its first page of cards (HOSTED_PAGE_SIZE); "whole list" builds every card.
// Wall time is what a member waits; CPU time (this process's, per call) is what the request costs
// whatever else the machine runs: on a shared 2-core machine at load 20 the wall time is several
// times the CPU time.
type Figures = { p50: number; p95: number; cpu50: number; cpu95: number; count: number };
async function p95(filter: Parameters<typeof listHostedDeals>[1], opts = { limit: HOSTED_PAGE_SIZE }): Promise<Figures> {
  let count = (await listHostedDeals(hm, filter, opts)).total; // warm-up (cache load)
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    count = (await listHostedDeals(hm, filter, opts)).total;
    times.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  return { p50: at(times, 0.5), p95: at(times, 0.95), cpu50: at(cpu, 0.5), cpu95: at(cpu, 0.95), count };
}

const plain = await p95({ sort: "recommended" });
const rows = [
  ["whole list, every card (recommended)", await p95({ sort: "recommended" }, { limit: Infinity })],
  ["plain list (recommended)", plain],
  ["For you", await p95({ sort: "for_you" })],
  ['search "analitycs" (typo)', await p95({ q: "analitycs", sort: "for_you" })],
  // Two typo'd words that the seeded deals hold together ("marketing" and "analytics"): every word must match.
  ['search "markting analitycs" (2 typos)', await p95({ q: "markting analitycs", sort: "for_you" })],
  ['search "securty" (plain sort)', await p95({ q: "securty", sort: "recommended" })],
] as const;
console.log(`hosted list at ${DEALS} deals, ${SAMPLES} samples each (server time, ms)`);
console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`);
for (const [name, r] of rows) {
  console.log(`${name.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  cpu p50 ${r.cpu50.toFixed(1).padStart(6)}  p95 ${r.cpu95.toFixed(1).padStart(6)}  (${r.count} deals)`);
}
// The goal (contract section 19, issue 43 item 3): each search's p95 beside the plain list's, under 100 ms.
const GOAL_MS = 100;
for (const [name, r] of rows.filter(([n]) => n.startsWith("search"))) {
  console.log(
    `${name}: p95 ${r.p95.toFixed(1)} ms (cpu ${r.cpu95.toFixed(1)} ms) beside the plain list's ${plain.p95.toFixed(1)} ms (cpu ${plain.cpu95.toFixed(1)} ms); goal < ${GOAL_MS} ms: ${r.p95 < GOAL_MS ? "met" : "NOT met"}`,
  );
}
const BASE = process.env.BENCH_BASE_URL?.replace(/\/$/, "");
if (BASE) await overHttp(BASE);
await db.deal.deleteMany({ where: { ownerPartnerId: partner.id } });
process.exit(0);

/**
 * The hosted search page as a member loads it: HTML over keep-alive HTTP with their session cookie,
 * compressed as a browser asks, read to the end (server render + transfer, no browser work).
 */
async function overHttp(base: string) {
  const http = await import(base.startsWith("https:") ? "node:https" : "node:http");
  const ok = async (res: Response) => {
    if (!res.ok && res.status !== 303) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
    return res;
  };
  const post = (path: string, headers: Record<string, string>, body: string) => fetch(`${base}${path}`, { method: "POST", redirect: "manual", headers, body }).then(ok);
  const auth = await fetch(`${base}/v1/authentications`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(keys.live) });
  if (auth.status === 401) throw new Error(`${base} refused the bench partner's keys: run the bench with the server's AUTH_SECRET`);
  const { jwt_token: token } = await (await ok(auth)).json();
  const user = await (await post("/v1/users", { authorization: `Bearer ${token}`, "content-type": "application/json" }, JSON.stringify({ email: `bench-http-${suffix}@example.com` }))).json();
  const magic = new URL(user.sign_in_url).searchParams.get("token")!;
  const signIn = await post(`/p/${partner.subdomain}/auth/magic/continue`, { origin: new URL(base).origin, "content-type": "application/x-www-form-urlencoded" }, new URLSearchParams({ token: magic }).toString());
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("perkway_member="))?.split(";")[0];
  if (!cookie) throw new Error(`the member's sign-in gave no session cookie (${signIn.status})`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const t = performance.now();
      http
        .get(`${base}${path}`, { agent, headers: { cookie, "accept-encoding": "gzip, deflate, br" } }, (res: import("node:http").IncomingMessage) => {
          res.on("data", () => undefined);
          res.on("end", () => (res.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(`${path}: ${res.statusCode}`))));
        })
        .on("error", reject);
    });
  console.log(`\nthe hosted page over HTTP (${base}, a member's cookie, ${SAMPLES} samples each, ms)`);
  for (const [name, path] of [
    ["plain list", `/p/${partner.subdomain}`],
    ['search "analitycs" (typo)', `/p/${partner.subdomain}?q=analitycs`],
  ] as const) {
    await get(path); // warm-up
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push(await get(path));
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    console.log(`${`${name}, over HTTP`.padEnd(40)} p50 ${at(0.5).toFixed(1).padStart(7)}  p95 ${at(0.95).toFixed(1).padStart(7)}   goal p95 < ${GOAL_MS} ms: ${at(0.95) < GOAL_MS ? "met" : "NOT met"}`);
  }
  agent.destroy();
}
