// Hostile input on the portal's transports (issue 22): a property-based fuzz (fast-check, fixed seed)
// over every tRPC procedure — signed out, as a partner admin and as a super admin — and over
// next-auth's routes, through the real app. Properties: never a 5xx, and /healthz keeps answering
// while it runs (its slowest answer is printed; a blocked event loop shows as seconds).
// FUZZ_RUNS (per procedure and role, default 3) and FUZZ_SEED widen it on demand.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { Worker } from "node:worker_threads";
import fc from "fast-check";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { requireEnv } from "./env";
import { createPartnerWithAdmin, signIn, signInSuperAdmin } from "./support";

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

type Procedure = { path: string; type: "query" | "mutation"; hasInput: boolean };

/** Every procedure of the router, listed by the router itself (scripts/dev/list-trpc-procedures.ts). */
function listProcedures(): Procedure[] {
  const out = execFileSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/dev/list-trpc-procedures.ts"], {
    encoding: "utf8",
    env: { ...process.env, LOG_LEVEL: "silent", AUTH_SECRET: requireEnv("E2E_AUTH_SECRET") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(out) as Procedure[];
}

const nest = (depth: number, open: string, close: string, inner = "0") => open.repeat(depth) + inner + close.repeat(depth);
const hostileString = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", "\r\n", "\u2028", "\ud800", "%ff", "../../etc/passwd", "<script>alert(1)</script>", "' OR 1=1 --", "__proto__", "constructor"),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => "x".repeat(n)),
  fc.string({ unit: "binary", maxLength: 64 }),
);
const hostileScalar = fc.oneof(hostileString, fc.constantFrom(null, true, -1, 0, 1e308, -0, 2 ** 53 + 1), fc.double());
/** Raw JSON texts: some only a parser can hold (nesting past our cap of 64, a megabyte of string). */
const hostileJson = fc.oneof(
  fc.integer({ min: 65, max: 20_000 }).map((d) => nest(d, "[", "]")),
  fc.integer({ min: 65, max: 5_000 }).map((d) => nest(d, '{"a":', "}")),
  fc.constant(`"${"y".repeat(1024 * 1024 + 10)}"`),
  fc.constantFrom("{", "[1,", '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', "NaN", "\u0000", ""),
  hostileScalar.map((v) => JSON.stringify(v) ?? "null"),
  fc.array(hostileScalar, { maxLength: 5 }).map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom("id", "ids", "email", "name", "partnerId", "environment", "cursor", "limit", "q", "url", "password"), hostileScalar, { minKeys: 1 }).map((v) => JSON.stringify(v)),
);

type Probe = { path: string; status: number };

async function send(request: APIRequestContext, origin: string, proc: Procedure, raw: string): Promise<Probe> {
  const url = `/api/trpc/${proc.path}`;
  const res =
    proc.type === "query"
      ? await request.get(`${url}?input=${encodeURIComponent(raw)}`, { failOnStatusCode: false, maxRedirects: 0 })
      : await request.post(url, { data: raw, headers: { "content-type": "application/json", origin }, failOnStatusCode: false, maxRedirects: 0 });
  return { path: `${proc.type} ${proc.path} ${raw.length > 60 ? `${raw.slice(0, 60)}… (${raw.length} chars)` : raw}`, status: res.status() };
}

// The probe runs on a worker thread with its own connection: in the test's own loop (or through
// Playwright's request context, which carries the fuzz's megabyte bodies on the same pipe) it timed
// the client's stalls — building a 20,000-deep body blocks this thread — as much as the server's.
const PROBE_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
const bad = [];
let running = true;
parentPort.on("message", () => { running = false; });
const get = () => new Promise((resolve) => {
  const req = http.get(workerData.url, { agent }, (res) => { res.resume(); res.on("end", () => resolve(res.statusCode)); });
  req.on("error", () => resolve(0));
  req.setTimeout(10000, () => { req.destroy(); resolve(0); });
});
(async () => {
  while (running) {
    const t0 = performance.now();
    const status = await get();
    times.push(performance.now() - t0);
    if (status !== 200) bad.push(status);
    await new Promise((r) => setTimeout(r, 100));
  }
  agent.destroy();
  parentPort.postMessage({ times, bad });
})();`;

/** The server's longest event-loop delay since the last read, in ms (prom-client resets it at each
 *  scrape), or null when the run has no metrics token. Beside /healthz it tells a blocked loop from
 *  a machine too busy to schedule the server. */
async function eventLoopMaxMs(origin: string): Promise<number | null> {
  const token = process.env.E2E_METRICS_TOKEN;
  if (!token) return null;
  const res = await fetch(new URL("/metrics", origin), { headers: { authorization: `Bearer ${token}` } });
  const line = (await res.text()).split("\n").find((l) => l.startsWith("nodejs_eventloop_lag_max_seconds "));
  return line ? Number(line.split(" ")[1]) * 1000 : null;
}

/** /healthz every 100 ms while `work` runs (from a worker thread): every answer's time and any that was not 200. */
async function whileProbingHealth<T>(origin: string, work: () => Promise<T>) {
  await eventLoopMaxMs(origin); // starts the window
  const url = new URL("/healthz", origin);
  if (url.hostname === "localhost") url.hostname = "127.0.0.1"; // the app listens on IPv4
  const probe = new Worker(PROBE_SOURCE, { eval: true, workerData: { url: url.href } });
  const report = new Promise<{ times: number[]; bad: number[] }>((resolve, reject) => {
    probe.once("message", resolve);
    probe.once("error", reject);
  });
  try {
    const result = await work();
    probe.postMessage("stop");
    return { result, ...(await report), loopMaxMs: await eventLoopMaxMs(origin) };
  } finally {
    probe.postMessage("stop");
    await report.catch(() => undefined);
    await probe.terminate();
  }
}

function summarize(label: string, probes: Probe[], times: number[], loopMaxMs: number | null) {
  const sorted = [...times].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(1);
  console.log(`fuzz ${label}: ${probes.length} inputs, ${probes.filter((x) => x.status >= 500).length} answered 5xx; /healthz ${times.length} probes, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${sorted.at(-1)?.toFixed(1)} ms; server event loop delayed at most ${loopMaxMs?.toFixed(1) ?? "?"} ms`);
}

test.describe("hostile input on the portal", () => {
  test.describe.configure({ timeout: 600_000 });
  const origin = requireEnv("E2E_BASE_URL");
  let procedures: Procedure[] = [];
  test.beforeAll(() => {
    procedures = listProcedures();
    expect(procedures.length).toBeGreaterThan(50);
  });

  async function fuzzProcedures(request: APIRequestContext, label: string, selected: Procedure[]) {
    const probes: Probe[] = [];
    // The server's longest event-loop delay while each procedure was fuzzed: names what blocks it.
    const loopByProcedure: { path: string; ms: number }[] = [];
    // Every procedure once before the clock starts: a route's first call loads and compiles its code
    // (a cold tRPC route took ~160 ms of the loop), which is the server starting, not hostile input.
    for (const proc of selected) await send(request, origin, proc, "{}");
    const { times, bad, loopMaxMs } = await whileProbingHealth(origin, async () => {
      for (const [i, proc] of selected.entries()) {
        await fc.assert(
          fc.asyncProperty(hostileJson, async (raw) => {
            const probe = await send(request, origin, proc, raw);
            probes.push(probe);
            return probe.status < 500;
          }),
          { numRuns: RUNS, seed: SEED + i, endOnFailure: true },
        );
        const ms = await eventLoopMaxMs(origin);
        if (ms !== null) loopByProcedure.push({ path: `${proc.type} ${proc.path}`, ms });
      }
    });
    // Each procedure's read started a new window: the run's maximum is the largest of them.
    summarize(label, probes, times, loopMaxMs === null ? null : Math.max(loopMaxMs, ...loopByProcedure.map((x) => x.ms)));
    const slowest = loopByProcedure.sort((a, b) => b.ms - a.ms).slice(0, 5);
    if (slowest.length) console.log(`  event loop delayed most while fuzzing: ${slowest.map((x) => `${x.path} ${x.ms.toFixed(1)} ms`).join(", ")}`);
    expect(probes.filter((x) => x.status >= 500)).toEqual([]);
    expect(bad, "/healthz answered 200 throughout").toEqual([]);
    // How slow /healthz got is a figure (summarize prints its max: a blocked event loop, as a
    // 20,000-deep body before the depth cap, shows as seconds), not a pass line; a hang fails `bad`
    // above (each probe gives up after 10 s).
    return probes;
  }

  test("every tRPC procedure, signed out", async ({ request }) => {
    const probes = await fuzzProcedures(request, "signed out", procedures);
    // Signed out, nothing runs but the public health query: every other answer is a refusal.
    expect(probes.filter((x) => x.status < 400 && !x.path.startsWith("query health "))).toEqual([]);
  });

  test("every tRPC procedure, as a partner admin of a fresh partner", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.waitForLoadState("networkidle"); // the signed-in page's own queries are done before the clock starts
    // Input-less mutations (sign out everywhere…) take no input to fuzz.
    await fuzzProcedures(page.request, "partner admin", procedures.filter((p) => p.hasInput || p.type === "query"));
    // Still signed in and served normally afterwards.
    expect((await page.request.get("/api/trpc/me")).status()).toBe(200);
  });

  test("every tRPC procedure, as a super admin", async ({ page }) => {
    await signInSuperAdmin(page);
    await page.waitForLoadState("networkidle");
    await fuzzProcedures(page.request, "super admin", procedures.filter((p) => p.hasInput || p.type === "query"));
    expect((await page.request.get("/api/trpc/me")).status()).toBe(200);
  });

  test("batches and malformed paths", async ({ page }) => {
    await signInSuperAdmin(page);
    await page.waitForLoadState("networkidle");
    const paths = procedures.map((p) => p.path);
    const probes: Probe[] = [];
    const { times, loopMaxMs } = await whileProbingHealth(origin, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...paths), { minLength: 2, maxLength: 40 }),
          fc.constantFrom("GET", "POST"),
          fc.constantFrom("", "%ff", "%", "%E0%A4%A", "..%2F", "%00"),
          async (batch, method, junk) => {
            const url = `/api/trpc/${batch.join(",")}${junk}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(batch.map((_, i) => [i, { id: "\u0000" }]))))}`;
            const res = method === "GET" ? await page.request.get(url, { failOnStatusCode: false }) : await page.request.post(url, { data: "{}", headers: { "content-type": "application/json", origin }, failOnStatusCode: false });
            probes.push({ path: `${method} ${url.slice(0, 120)}`, status: res.status() });
            return res.status() < 500;
          },
        ),
        { numRuns: 40 * RUNS, seed: SEED },
      );
    });
    summarize("batches", probes, times, loopMaxMs);
    expect(probes.filter((x) => x.status >= 500)).toEqual([]);
  });

  test("next-auth's routes", async ({ request }) => {
    const routes = ["signin", "signin/credentials", "signout", "callback/credentials", "csrf", "session", "providers", "error", "_log", "verify-request", "nothing-here"];
    const probes: Probe[] = [];
    const { times, loopMaxMs } = await whileProbingHealth(origin, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...routes),
          fc.constantFrom("GET", "POST"),
          fc.dictionary(fc.constantFrom("error", "callbackUrl", "email", "password", "csrfToken", "json"), hostileString.filter((s) => s.length < 4_000), { maxKeys: 4 }),
          fc.constantFrom("", "%ff", "%0A", "/%2F%2Fevil.example"),
          async (route, method, fields, junk) => {
            const query = new URLSearchParams(fields).toString();
            const url = `/api/auth/${route}${junk}${query ? `?${query}` : ""}`;
            const res =
              method === "GET"
                ? await request.get(url, { failOnStatusCode: false, maxRedirects: 0 })
                : await request.post(url, { form: fields, headers: { origin }, failOnStatusCode: false, maxRedirects: 0 });
            probes.push({ path: `${method} ${url.slice(0, 120)}`, status: res.status() });
            return res.status() < 500;
          },
        ),
        { numRuns: 60 * RUNS, seed: SEED },
      );
    });
    summarize("next-auth", probes, times, loopMaxMs);
    expect(probes.filter((x) => x.status >= 500)).toEqual([]);
  });
});
