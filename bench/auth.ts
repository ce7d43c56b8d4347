// What partner authentication costs: authentications per second, and the latency an authenticated
// no-op request pays over an unauthenticated one on the same server.
//
//   npx tsx bench/auth.ts [--connections 10] [--duration 5] [--requests 3000]
//   DATABASE_URL=postgresql://… npx tsx bench/auth.ts      # against PostgreSQL instead of PGlite
//
// The server runs in a child process: node:http → createApiHandler, i.e. exactly the lean /v1 path
// of production (src/server/server.ts), with request logging on (to /dev/null). Two bench-only
// routes are added to the route table of that child — nothing is added to the API itself:
//   GET /v1/_bench/health  auth "none":    routing, per-IP rate limit, request id, log, JSON response
//   GET /v1/_bench/noop    auth "partner": the same, plus bearer authentication (JWT verification
//                                          and the partner-active check) and the partner bucket
// so the difference between the two is what authenticating a request adds. Rate limits are raised
// out of reach (the buckets are still charged) so that no 429 distorts the figures.
import { fork } from "node:child_process";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema } from "@/server/schemas/partner.schema";

const { values: args } = parseArgs({
  options: {
    serve: { type: "boolean", default: false },
    connections: { type: "string", default: "10" },
    duration: { type: "string", default: "5" },
    requests: { type: "string", default: "3000" },
  },
});

type Ready = { url: string; token: string; keys: { public_key: string; private_key: string }; database: string; verifyP50Us: number; firstUseP50Us: number; activeP50Us: number };

if (args.serve) await serve();
else await run();

async function serve() {
  process.env.AUTH_SECRET ??= (await import("node:crypto")).randomBytes(32).toString("base64url");
  let database = "PostgreSQL (DATABASE_URL)";
  if (!process.env.DATABASE_URL) {
    const { startEmbeddedPostgres } = await import("@/server/db/embedded");
    process.env.DATABASE_URL = (await startEmbeddedPostgres({ dir: null })).url;
    database = "embedded PGlite (in-process, in-memory)";
  }
  const { applyMigrations } = await import("@/server/db/schema-engine");
  await applyMigrations(process.env.DATABASE_URL);

  const { createApiHandler } = await import("@/server/rest/handle-api-request");
  const { listenApi } = await import("@/server/rest/listen-api");
  const { apiRoutes } = await import("@/server/rest/routes");
  const { createPartner } = await import("@/server/services/partners");
  const { issuePartnerToken, verifyPartnerToken } = await import("@/server/crypto/partner-token");
  const { assertPartnerActive } = await import("@/server/services/partners");
  type ApiRoute = import("@/server/http/api-route").ApiRoute;

  const docs = { summary: "bench", tags: ["bench"], responses: { 200: { description: "ok" } } };
  const benchRoutes: ApiRoute[] = [
    { method: "GET", path: "/v1/_bench/health", auth: "none", docs, handler: async () => ({ status: 200, body: { status: "ok" } }) },
    { method: "GET", path: "/v1/_bench/noop", auth: "partner", docs, handler: async () => ({ status: 200, body: { status: "ok" } }) },
  ];
  const unlimited = { perMinute: 1e12, burst: 1e12 };
  const handler = createApiHandler({
    routes: [...apiRoutes, ...benchRoutes],
    rateLimits: { partner: unlimited, anonymous: unlimited, authentication_ip: unlimited, authentication_key: unlimited, directory: unlimited },
  });

  const { partner, keys } = await createPartner("operator", parseWith(partnerCreateSchema, { name: "Bench partner", type: "Other", subdomain: `bench-${Date.now().toString(36)}` }));
  const { token } = await issuePartnerToken({ partnerId: partner.id, environment: "test" });
  // The two parts of authenticating a request, alone, in this process (no HTTP).
  // A token's first use is verified in full (jose, HS256); later uses hit the verified-token memo.
  const fresh = await Promise.all(Array.from({ length: 2200 }, () => issuePartnerToken({ partnerId: partner.id, environment: "test" }).then((t) => t.token)));
  let next = 0;
  const firstUseP50Us = await p50Micros(() => verifyPartnerToken(fresh[next++]));
  const verifyP50Us = await p50Micros(() => verifyPartnerToken(token));
  const activeP50Us = await p50Micros(() => assertPartnerActive({ partnerId: partner.id, environment: "test" }));
  const { port } = await listenApi({ handler });
  process.send!({ url: `http://127.0.0.1:${port}`, token, keys: keys.test, database, verifyP50Us, firstUseP50Us, activeP50Us } satisfies Ready);
}

async function p50Micros(fn: () => Promise<unknown>, n = 2000): Promise<number> {
  for (let i = 0; i < 200; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return Math.round(times.sort((a, b) => a - b)[n >> 1] * 1000);
}

async function run() {
  const child = fork(process.argv[1], ["--serve"], { stdio: ["ignore", "ignore", "inherit", "ipc"], execArgv: process.execArgv });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Ready));
    child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  try {
    await measure(ready);
  } finally {
    child.kill();
  }
}

async function measure(ready: Ready) {
  const connections = Number(args.connections);
  const duration = Number(args.duration);
  const n = Number(args.requests);
  const bearer = { authorization: `Bearer ${ready.token}` };
  const authBody = JSON.stringify(ready.keys);

  // Sanity: the routes answer what we think they answer.
  for (const [path, headers] of [["/v1/_bench/health", {}], ["/v1/_bench/noop", bearer]] as const) {
    const r = await fetch(ready.url + path, { headers });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  }
  const a = await fetch(ready.url + "/v1/authentications", { method: "POST", headers: { "content-type": "application/json" }, body: authBody });
  if (a.status !== 200) throw new Error(`authentication: ${a.status} ${await a.text()}`);

  // 1. Latency, one request at a time (no queueing): precise percentiles in microseconds.
  const health = await sequential(`${ready.url}/v1/_bench/health`, {}, n);
  const noop = await sequential(`${ready.url}/v1/_bench/noop`, bearer, n);

  // 2. Under load (autocannon): throughput and percentiles with `connections` in flight.
  const loadHealth = await cannon({ url: `${ready.url}/v1/_bench/health`, connections, duration });
  const loadNoop = await cannon({ url: `${ready.url}/v1/_bench/noop`, connections, duration, headers: bearer });
  const loadAuth = await cannon({ url: `${ready.url}/v1/authentications`, connections, duration, method: "POST", headers: { "content-type": "application/json" }, body: authBody });

  const ms = (x: number) => x.toFixed(3).padStart(8);
  console.log(`\nbench/auth.ts — lean API server (node:http + API pipeline), database: ${ready.database}`);
  console.log(`\nPOST /v1/authentications: ${Math.round(loadAuth.rps)} authentications/second (autocannon, ${connections} connections, ${duration} s; p50 ${loadAuth.p50} ms, p99 ${loadAuth.p99} ms; non-2xx: ${loadAuth.non2xx})`);
  console.log(`\nlatency, sequential (${n} requests each)          p50 ms   p99 ms`);
  console.log(`  GET /v1/_bench/health  (no auth, baseline)    ${ms(health.p50)} ${ms(health.p99)}`);
  console.log(`  GET /v1/_bench/noop    (Bearer token)         ${ms(noop.p50)} ${ms(noop.p99)}`);
  const added = noop.p50 - health.p50;
  console.log(`  added by authentication                       ${ms(added)} ${ms(noop.p99 - health.p99)}   before: 0.86 ms p50; target < 0.3 ms p50: ${added < 0.3 ? "MET" : "NOT MET"}`);
  console.log(`    of which, measured alone in the server process: JWT verification p50 ${ready.verifyP50Us} µs (a token's first use, verified by jose HS256: ${ready.firstUseP50Us} µs; later uses hit the verified-token memo); partner-active check (per-process cache, invalidated by NOTIFY) p50 ${ready.activeP50Us} µs`);
  console.log(`\nunder load (autocannon, ${connections} connections, ${duration} s)          req/s   p50 ms   p99 ms`);
  console.log(`  GET /v1/_bench/health  (no auth, baseline)   ${String(Math.round(loadHealth.rps)).padStart(8)} ${String(loadHealth.p50).padStart(8)} ${String(loadHealth.p99).padStart(8)}`);
  console.log(`  GET /v1/_bench/noop    (Bearer token)        ${String(Math.round(loadNoop.rps)).padStart(8)} ${String(loadNoop.p50).padStart(8)} ${String(loadNoop.p99).padStart(8)}`);
  console.log(`\ntarget: authentication adds < 1 ms at p50 (sequential): ${added < 1 ? "MET" : "NOT MET"} (${added.toFixed(3)} ms)`);
}

async function sequential(url: string, headers: Record<string, string>, n: number) {
  for (let i = 0; i < Math.min(500, n); i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await fetch(url, { headers });
    await r.arrayBuffer();
    times.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
  }
  times.sort((x, y) => x - y);
  return { p50: times[Math.floor(n * 0.5)], p99: times[Math.floor(n * 0.99)] };
}

async function cannon(opts: autocannon.Options) {
  const r = await autocannon(opts);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}
