// Member sync throughput: members created per second through POST /v1/users/batch (1,000 per call)
// and through single POST /v1/users calls, side by side. Target: 10,000 members by batch < 10 s.
//
//   npx tsx bench/users.ts [--members 10000] [--batch-size 1000] [--singles 2000] [--concurrency 10]
//   DATABASE_URL=postgresql://… npx tsx bench/users.ts      # against PostgreSQL instead of PGlite
//
// The server runs in a child process: node:http → the API handler, i.e. the lean /v1 path of
// production (src/server/server.ts), full pipeline (auth, rate limit, idempotency check, handler).
// RATE_LIMIT_PER_MINUTE / RATE_LIMIT_BURST are raised out of reach in that child so that no 429
// distorts the figures (the bucket is still charged). Each phase uses a fresh partner.
import { fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema } from "@/server/schemas/partner.schema";

const { values: args } = parseArgs({
  options: {
    serve: { type: "boolean", default: false },
    members: { type: "string", default: "10000" },
    "batch-size": { type: "string", default: "1000" },
    singles: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "10" },
  },
});

type Ready = { url: string; database: string };
type Msg = { kind: "token" } | { kind: "count"; partnerId: string };

if (args.serve) await serve();
else await run();

async function serve() {
  process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
  process.env.RATE_LIMIT_PER_MINUTE = "1000000000";
  process.env.RATE_LIMIT_BURST = "1000000000";
  process.env.LOG_LEVEL ??= "silent";
  let database = "PostgreSQL (DATABASE_URL)";
  if (!process.env.DATABASE_URL) {
    const { startEmbeddedPostgres } = await import("@/server/db/embedded");
    process.env.DATABASE_URL = (await startEmbeddedPostgres({ dir: null })).url;
    database = "embedded PGlite (in-process, in-memory)";
  }
  const { applyMigrations } = await import("@/server/db/schema-engine");
  await applyMigrations(process.env.DATABASE_URL);

  const { listenApi } = await import("@/server/rest/listen-api");
  const { createPartner } = await import("@/server/services/partners");
  const { issuePartnerToken } = await import("@/server/crypto/partner-token");
  const { db } = await import("@/server/db/client");

  const { port } = await listenApi();

  // Control messages from the bench process: a fresh partner + token, or a member count.
  process.on("message", async (m: Msg & { id: number }) => {
    if (m.kind === "token") {
      const { partner } = await createPartner("operator", parseWith(partnerCreateSchema, { name: `Bench ${randomUUID().slice(0, 6)}`, type: "Other", subdomain: `bench-${randomUUID().slice(0, 8)}` }));
      const { token } = await issuePartnerToken({ partnerId: partner.id, environment: "test" });
      process.send!({ id: m.id, partnerId: partner.id, token });
    } else {
      process.send!({ id: m.id, count: await db.member.count({ where: { partnerId: m.partnerId, environment: "test" } }) });
    }
  });
  process.send!({ url: `http://127.0.0.1:${port}`, database } satisfies Ready);
}

async function run() {
  const child = fork(process.argv[1], ["--serve"], { stdio: ["ignore", "ignore", "inherit", "ipc"], execArgv: process.execArgv });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Ready));
    child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  let next = 0;
  const ask = <T>(msg: Msg) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      const on = (m: { id: number } & T) => {
        if (m.id !== id) return;
        child.off("message", on);
        resolve(m);
      };
      child.on("message", on);
      child.send({ ...msg, id });
    });
  try {
    await measure(ready, () => ask<{ partnerId: string; token: string }>({ kind: "token" }), async (partnerId) => (await ask<{ count: number }>({ kind: "count", partnerId })).count);
  } finally {
    child.kill();
  }
}

async function measure(ready: Ready, freshPartner: () => Promise<{ partnerId: string; token: string }>, countMembers: (partnerId: string) => Promise<number>) {
  const total = Number(args.members);
  const batchSize = Number(args["batch-size"]);
  const singles = Number(args.singles);
  const concurrency = Number(args.concurrency);
  const post = async (token: string, path: string, body: unknown) => {
    const r = await fetch(ready.url + path, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as any };
  };
  const member = (run: string, i: number) => ({
    email: `bench-${run}-${i}@example.com`,
    external_user_id: `crm-${run}-${i}`,
    tier: i % 5 === 0 ? "premium" : "free",
    regions: ["Europe"],
    eligibility: { company_stage: ["Seed"], geography: ["DE", "FR"] },
  });

  // Warm-up (JIT, connection pool, prepared plans) on a throwaway partner.
  {
    const w = await freshPartner();
    await post(w.token, "/v1/users/batch", { users: Array.from({ length: 200 }, (_, i) => member("warm", i)) });
    for (let i = 0; i < 50; i++) await post(w.token, "/v1/users", member("warm1", i));
  }

  // 1. Batch sync: `total` members in calls of `batchSize`, one after another (a sync job).
  const b = await freshPartner();
  const run = randomUUID().slice(0, 6);
  const batchTimes: number[] = [];
  const t0 = performance.now();
  for (let start = 0; start < total; start += batchSize) {
    const users = Array.from({ length: Math.min(batchSize, total - start) }, (_, k) => member(run, start + k));
    const t = performance.now();
    const r = await post(b.token, "/v1/users/batch", { users });
    batchTimes.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`batch: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    const notCreated = r.body.data.filter((x: { status: string }) => x.status !== "created");
    if (notCreated.length) throw new Error(`batch: ${notCreated.length} entries not created: ${JSON.stringify(notCreated[0])}`);
  }
  const batchSeconds = (performance.now() - t0) / 1000;
  const batchCount = await countMembers(b.partnerId);
  if (batchCount !== total) throw new Error(`batch: expected ${total} members, found ${batchCount}`);

  // Re-sync of the same list: every entry already exists (what a nightly sync mostly is).
  const t1 = performance.now();
  for (let start = 0; start < total; start += batchSize) {
    const users = Array.from({ length: Math.min(batchSize, total - start) }, (_, k) => member(run, start + k));
    const r = await post(b.token, "/v1/users/batch", { users });
    if (r.body.data.some((x: { status: string }) => x.status !== "already_exists")) throw new Error("re-sync: unexpected status");
  }
  const resyncSeconds = (performance.now() - t1) / 1000;

  // 2. Single POST /v1/users, `concurrency` in flight.
  const s = await freshPartner();
  const srun = randomUUID().slice(0, 6);
  let nextIndex = 0;
  const latencies: number[] = [];
  const t2 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = nextIndex++; i < singles; i = nextIndex++) {
        const t = performance.now();
        const r = await post(s.token, "/v1/users", member(srun, i));
        latencies.push(performance.now() - t);
        if (r.status !== 201) throw new Error(`single: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      }
    }),
  );
  const singleSeconds = (performance.now() - t2) / 1000;
  const singleCount = await countMembers(s.partnerId);
  if (singleCount !== singles) throw new Error(`single: expected ${singles} members, found ${singleCount}`);

  const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
  const rate = (n: number, sec: number) => Math.round(n / sec).toLocaleString("en-US").padStart(9);
  const sec = (x: number) => x.toFixed(2).padStart(7);
  console.log(`\nbench/users.ts — lean API server (node:http + full /v1 pipeline), database: ${ready.database}`);
  console.log(`\n                                                   members   seconds   members/s   per call p50 / p99 ms`);
  console.log(
    `  POST /v1/users/batch (${batchSize}/call, sequential)   ${String(total).padStart(8)}  ${sec(batchSeconds)}   ${rate(total, batchSeconds)}   ${pct(batchTimes, 0.5).toFixed(0)} / ${pct(batchTimes, 0.99).toFixed(0)}`,
  );
  console.log(`  POST /v1/users/batch re-sync (all already_exist)   ${String(total).padStart(8)}  ${sec(resyncSeconds)}   ${rate(total, resyncSeconds)}`);
  console.log(
    `  POST /v1/users (single, ${concurrency} in flight)          ${String(singles).padStart(8)}  ${sec(singleSeconds)}   ${rate(singles, singleSeconds)}   ${pct(latencies, 0.5).toFixed(1)} / ${pct(latencies, 0.99).toFixed(1)}`,
  );
  console.log(`\nbatch is ${(total / batchSeconds / (singles / singleSeconds)).toFixed(1)}× the single-call rate`);
  console.log(`target: ${total.toLocaleString("en-US")} members by batch in under 10 s: ${batchSeconds < 10 ? "MET" : "NOT MET"} (${batchSeconds.toFixed(2)} s)`);
}
