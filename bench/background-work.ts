// `npx tsx bench/background-work.ts`: the measurement behind docs/decisions/background-work.md.
// Three ways to run background work on PostgreSQL, each on a real PostgreSQL (DATABASE_URL) and on
// the embedded PGlite (served over its socket, as `npm start` runs it):
//   outbox         — our pattern (email_messages / webhook_deliveries): a table, FOR UPDATE SKIP
//                    LOCKED + a lease, written in the business transaction;
//   pg-boss        — enqueue with send(…, { db }) inside the business transaction;
//   graphile-worker — enqueue with graphile_worker.add_job() inside the business transaction.
// For each: schema set-up time, N transactional enqueues (one business row + one job per
// transaction, sequential), and the time until a worker (concurrency 4) has run every job.
// The two libraries are not dependencies of the project: install them beside it first, e.g.
//   mkdir /tmp/bgbench && cd /tmp/bgbench && npm install pg-boss graphile-worker pg
//   BENCH_DEPS_DIR=/tmp/bgbench DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/background-work.ts
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/server/db/embedded";

const N = Number(process.env.BENCH_JOBS ?? 500);
const CONCURRENCY = 4;
const requireDep = createRequire(path.join(path.resolve(process.env.BENCH_DEPS_DIR ?? "."), "noop.js"));

type Result = { engine: string; target: string; setupMs?: number; enqueuePerJobMs?: number; drainMs?: number; jobsPerSecond?: number; error?: string };

const since = (t: number) => Math.round(performance.now() - t);

async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function enqueueAll(pool: pg.Pool, add: (client: pg.PoolClient, i: number) => Promise<void>): Promise<number> {
  await pool.query("CREATE TABLE IF NOT EXISTS bench_business (id serial primary key, n int)");
  const t = performance.now();
  for (let i = 0; i < N; i++) {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("INSERT INTO bench_business (n) VALUES ($1)", [i]);
      await add(client, i);
      await client.query("COMMIT");
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  return (performance.now() - t) / N;
}

async function waitFor(done: () => boolean, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the jobs to run");
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function outbox(url: string): Promise<Omit<Result, "engine" | "target">> {
  const pool = new pg.Pool({ connectionString: url, max: 6 });
  try {
    let t = performance.now();
    await pool.query(`CREATE TABLE bench_outbox (id uuid primary key default gen_random_uuid(), payload jsonb not null, status text not null default 'pending',
      attempts int not null default 0, next_attempt_at timestamptz not null default now(), locked_until timestamptz, created_at timestamptz not null default now())`);
    await pool.query("CREATE INDEX ON bench_outbox (status, next_attempt_at)");
    const setupMs = since(t);
    const enqueuePerJobMs = await enqueueAll(pool, (c, i) => c.query("INSERT INTO bench_outbox (payload) VALUES ($1)", [{ i }]).then(() => {}));
    t = performance.now();
    let ran = 0;
    let stop = false;
    const loop = async () => {
      while (!stop) {
        const { rows } = await pool.query(`WITH due AS (SELECT id FROM bench_outbox WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until <= now())
            ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
          UPDATE bench_outbox m SET locked_until = now() + interval '30 seconds', attempts = m.attempts + 1 FROM due WHERE m.id = due.id RETURNING m.id, m.attempts`);
        if (rows.length === 0) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        await pool.query("UPDATE bench_outbox SET status = 'done', locked_until = NULL WHERE id = $1 AND attempts = $2", [rows[0].id, rows[0].attempts]);
        ran++;
      }
    };
    const loops = Array.from({ length: CONCURRENCY }, loop);
    await waitFor(() => ran >= N);
    const drainMs = since(t);
    stop = true;
    await Promise.all(loops);
    return { setupMs, enqueuePerJobMs, drainMs };
  } finally {
    await pool.end();
  }
}

async function pgBoss(url: string): Promise<Omit<Result, "engine" | "target">> {
  const mod = requireDep("pg-boss");
  const PgBoss = mod.PgBoss ?? mod.default ?? mod;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const boss = new PgBoss({ connectionString: url, max: 4 });
  boss.on("error", () => {});
  try {
    let t = performance.now();
    await boss.start();
    await boss.createQueue("bench");
    const setupMs = since(t);
    const enqueuePerJobMs = await enqueueAll(pool, async (c, i) => {
      await boss.send("bench", { i }, { db: { executeSql: (text: string, values: unknown[]) => c.query(text, values) } });
    });
    t = performance.now();
    let ran = 0;
    await boss.work("bench", { batchSize: CONCURRENCY, pollingIntervalSeconds: 0.5 }, async (jobs: unknown[]) => {
      ran += jobs.length;
    });
    await waitFor(() => ran >= N);
    return { setupMs, enqueuePerJobMs, drainMs: since(t) };
  } finally {
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    await pool.end();
  }
}

async function graphileWorker(url: string, target: string): Promise<Omit<Result, "engine" | "target">> {
  const gw = requireDep("graphile-worker");
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let runner: { stop(): Promise<void> } | null = null;
  try {
    let t = performance.now();
    await gw.runMigrations({ connectionString: url });
    const setupMs = since(t);
    const enqueuePerJobMs = await enqueueAll(pool, (c, i) => c.query("SELECT graphile_worker.add_job('bench', $1::json)", [JSON.stringify({ i })]).then(() => {}));
    t = performance.now();
    let ran = 0;
    // On PGlite every client shares one session behind the socket's multiplexer: graphile-worker's
    // named prepared statements collide there ("prepared statement get_job/graphile_worker already
    // exists") and the jobs after the first stall (docs/decisions/background-work.md).
    void target;
    runner = await gw.run({ connectionString: url, concurrency: CONCURRENCY, noHandleSignals: true, pollInterval: 500, logger: new gw.Logger(() => () => {}), taskList: { bench: async () => void ran++ } });
    await waitFor(() => ran >= N);
    return { setupMs, enqueuePerJobMs, drainMs: since(t) };
  } finally {
    await runner?.stop().catch(() => {});
    await pool.end();
  }
}

const ENGINES: [string, (url: string, target: string) => Promise<Omit<Result, "engine" | "target">>][] = [
  ["outbox", outbox],
  ["pg-boss", pgBoss],
  ["graphile-worker", graphileWorker],
];

const only = process.env.BENCH_ONLY?.split(",");
const results: Result[] = [];
for (const [engine, fn] of ENGINES.filter(([e]) => !only || only.includes(e))) {
  for (const target of ["postgres", "pglite"] as const) {
    if (target === "postgres" && !process.env.DATABASE_URL) continue;
    if (process.env.BENCH_TARGET && process.env.BENCH_TARGET !== target) continue;
    const embedded = target === "pglite" ? await startEmbeddedPostgres({ dir: null }) : null;
    const url = embedded ? embedded.url : await freshDatabase(process.env.DATABASE_URL!, `bench_${engine.replace(/-/g, "_")}`);
    const r: Result = { engine, target };
    try {
      Object.assign(r, await Promise.race([fn(url, target), new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no result within 5 minutes")), 300_000))]));
      if (r.drainMs) r.jobsPerSecond = Math.round((N / r.drainMs) * 1000);
      if (r.enqueuePerJobMs) r.enqueuePerJobMs = Math.round(r.enqueuePerJobMs * 100) / 100;
    } catch (err) {
      r.error = String((err as Error).message ?? err).split("\n")[0].slice(0, 200);
    } finally {
      await embedded?.stop({ waitForClientsMs: 0 }).catch(() => {});
    }
    console.log(JSON.stringify(r));
    results.push(r);
  }
}
console.log(`\n${N} jobs, concurrency ${CONCURRENCY}, node ${process.version}`);
console.table(results);
process.exit(0);
