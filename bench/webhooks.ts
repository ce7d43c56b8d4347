// Webhook delivery at volume: events written to the outbox (in transactions, as the services do)
// and delivered by a worker in its own process (an app instance) to a local HTTP receiver.
//   1. paced: --events (10,000) at --rate per second (500, the target rate): p50/p99 time from change (the event's
//      created_at, set in the transaction of the change) to arrival at the receiver;
//   2. burst: --events more written at once, then drained: deliveries per second.
// Targets: over 500 deliveries/s, p99 change → delivery under 2 s. Every event must arrive, once.
//
//   DATABASE_URL=postgresql://… npx tsx bench/webhooks.ts [--events 10000] [--rate 500] [--workers 1]
//   npx tsx bench/webhooks.ts        # embedded PGlite instead (one connection: slower)
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema } from "@/server/schemas/partner.schema";

const { values: args } = parseArgs({
  options: {
    worker: { type: "boolean", default: false },
    events: { type: "string", default: "10000" },
    rate: { type: "string", default: "500" },
    workers: { type: "string", default: "1" },
  },
});

process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
process.env.WEBHOOK_ALLOW_PRIVATE = "1";

if (args.worker) await worker();
else await run();

async function worker() {
  const { startWebhookWorkerFromEnv } = await import("@/server/services/webhooks");
  const w = startWebhookWorkerFromEnv(process.env);
  process.send!("ready");
  process.on("disconnect", () => process.exit(1)); // the bench process died: do not linger
  process.on("message", async () => {
    await w?.stop({ graceMs: 2000 });
    process.exit(0);
  });
}

async function run() {
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
  const { createWebhookEndpoint } = await import("@/server/services/webhooks");
  const { enqueueWebhookEvent } = await import("@/server/services/webhooks");

  const total = Number(args.events);
  const rate = Number(args.rate);
  const arrivals = new Map<string, number>(); // event id → ms from change to arrival
  let duplicates = 0;
  let lastArrival = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const now = Date.now();
      const e = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; created_at: string };
      if (arrivals.has(e.id)) duplicates++;
      else arrivals.set(e.id, now - Date.parse(e.created_at));
      lastArrival = now;
      res.end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;

  const { partner } = await createPartner("operator", parseWith(partnerCreateSchema, { name: `Bench hooks ${randomUUID().slice(0, 6)}`, type: "Other", subdomain: `bench-${randomUUID().slice(0, 8)}` }));
  const scope = { partnerId: partner.id, environment: "test" as const };
  await createWebhookEndpoint(scope, { url, event_types: ["user.created"] }, { allowPrivate: true });

  const children: ChildProcess[] = [];
  for (let i = 0; i < Number(args.workers); i++) {
    const child = fork(process.argv[1], ["--worker"], { stdio: ["ignore", "ignore", "inherit", "ipc"], execArgv: process.execArgv, env: process.env });
    await new Promise<void>((resolve, reject) => {
      child.once("message", () => resolve());
      child.once("exit", (code) => reject(new Error(`worker exited (${code})`)));
    });
    children.push(child);
  }

  const load = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(`database: ${database}; ${os.cpus().length} cores; ${args.workers} worker process(es), receiver and producer in this process`);
  console.log(`load average at start: ${load} (other work on the machine skews every figure)\n`);

  const user = (i: number) => ({ id: randomUUID(), email: `bench-${i}@example.com`, tier: "free" });
  const enqueue = (from: number, n: number) =>
    db.$transaction((tx) => enqueueWebhookEvent(tx, scope, "user.created", Array.from({ length: n }, (_, k) => user(from + k)), { many: true }), { maxWait: 30_000, timeout: 60_000 });
  const waitAll = async (count: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (arrivals.size < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  };

  // 1. Paced: 20 transactions a second, each with rate / 20 events.
  const perTx = Math.max(1, Math.round(rate / 20));
  const interval = (perTx / rate) * 1000;
  const start = Date.now();
  const inFlight: Promise<unknown>[] = [];
  for (let i = 0; i < total; i += perTx) {
    const due = start + (i / perTx) * interval;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(enqueue(i, Math.min(perTx, total - i)));
  }
  await Promise.all(inFlight);
  const produced = Date.now() - start;
  await waitAll(total, 60_000);
  const latencies = [...arrivals.values()].sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  console.log(`paced    ${total} events at ${rate}/s (produced in ${(produced / 1000).toFixed(1)} s): delivered ${arrivals.size}, duplicates ${duplicates}`);
  console.log(`         change → delivery p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies[latencies.length - 1]} ms   (target p99 < 2000 ms)`);

  // 2. Burst: everything queued at once (1,000 per transaction), then drained.
  arrivals.clear();
  const burstStart = Date.now();
  for (let i = 0; i < total; i += 1000) await enqueue(i, Math.min(1000, total - i));
  const queued = Date.now() - burstStart;
  await waitAll(total, 120_000);
  const seconds = (lastArrival - burstStart) / 1000;
  console.log(`burst    ${total} events queued in ${(queued / 1000).toFixed(1)} s, delivered ${arrivals.size} in ${seconds.toFixed(1)} s: ${Math.round(arrivals.size / seconds)} deliveries/s   (target > 500/s), duplicates ${duplicates}`);

  await new Promise((r) => setTimeout(r, 1000)); // the worker records results in batches
  const pending = await db.webhookDelivery.count({ where: { status: { not: "delivered" }, endpoint: { partnerId: partner.id } } });
  console.log(`database: ${pending} deliveries of this run not marked delivered`);
  for (const c of children) {
    c.send("stop");
    await new Promise((r) => c.once("exit", r));
  }
  receiver.close();
  await db.$disconnect();
  process.exit(arrivals.size === total && duplicates === 0 ? 0 : 1);
}
