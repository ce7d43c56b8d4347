// Read replicas, contract section 21, against a real streaming replica of the test PostgreSQL
// (test/helpers/pg-replica.ts: pg_basebackup -R onto another port). The app runs in a child process
// on a database of this file's own (so the statements each server ran are this app's), with
// DATABASE_REPLICA_URLS naming the replica: staleness-tolerant reads go there, a session that wrote
// reads from the primary for DATABASE_REPLICA_STICKY_MS, a replica whose replay is paused is left
// out within DATABASE_REPLICA_MAX_LAG_MS + 5 s and used again within 30 s of resuming, a stopped one
// costs no request a 5xx, and /healthz and /metrics name each replica by host:port, never a password.
import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject } from "vitest";
import { privateDatabase, type PrivateDatabase } from "../helpers/deployment";
import { prepareReplication, startReplica, type Replica } from "../helpers/pg-replica";
import { itRequiring, needsPostgres } from "../helpers/requires-postgres";

const primaryUrl = inject("databaseUrl");
const missing = needsPostgres("a streaming replica is made of a PostgreSQL server") ?? (await prepareReplication(primaryUrl));

const MAX_LAG_MS = 2_000;
const STICKY_MS = 1_500;
const PASSWORD = "replica-secret-3f9a";
const METRICS_TOKEN = "metrics-token-replicas";

type Partner = { partnerId: string; keys: { public_key: string; private_key: string }; token: string };
let database: PrivateDatabase;
let replica: Replica;
let child: ChildProcess;
let app: { url: string; partners: Partner[] };
let dbName: string;

beforeAll(async () => {
  if (missing) return;
  database = await privateDatabase(primaryUrl);
  dbName = new URL(database.url).pathname.slice(1);
  replica = await startReplica(primaryUrl);
  child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "test/helpers/serve-product-child.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      DATABASE_DIRECT_URL: database.url,
      DATABASE_REPLICA_URLS: replica.urlFor(dbName, PASSWORD),
      DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      DATABASE_REPLICA_STICKY_MS: String(STICKY_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: "5000",
      METRICS_TOKEN,
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "1000000",
      RATE_LIMIT_BURST: "1000000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  app = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the app exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
  });
  for (const p of app.partners) {
    const auth = await fetch(`${app.url}/v1/authentications`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(p.keys) });
    p.token = ((await auth.json()) as { jwt_token: string }).jwt_token;
  }
  await waitForState("ok", 30_000);
}, 180_000);

afterAll(async () => {
  child?.kill();
  await replica?.destroy();
  await database?.drop();
});

type ReplicaLine = { name: string; state: string; lag_ms: number | null };

async function health(): Promise<{ status: number; text: string; body: { status: string; replicas: ReplicaLine[] } }> {
  const res = await fetch(`${app.url}/healthz`);
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) };
}

async function metricsText(): Promise<string> {
  return (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
}

/** The value of one series of /metrics (0 when absent). */
async function metric(name: string): Promise<number> {
  const line = (await metricsText()).split("\n").find((l) => l.startsWith(`${name}{replica="${replica.name}"}`));
  return line ? Number(line.split(" ").pop()) : 0;
}

/** Waits until /healthz shows the replica in `state`; the time it took (throws past `withinMs`). */
async function waitForState(state: string, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    const { body } = await health();
    if (body.replicas?.[0]?.state === state) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the replica did not become ${state} within ${withinMs} ms: ${JSON.stringify((await health()).body)}`);
}

async function call(p: Partner, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(app.url + path, {
    method,
    headers: { authorization: `Bearer ${p.token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/**
 * Scans of the members table on a server, from its own statistics: every analytics summary counts the
 * partner's members, and nothing else this app does on a replica reads that table (the lag probe does not).
 */
async function memberScans(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text AS n FROM pg_stat_user_tables WHERE relname = 'members'");
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

/** Backends flush their statistics when idle, at most once a second and sometimes 10 s later: wait for `enough`. */
async function settledScans(url: string, enough: (n: number) => boolean): Promise<number> {
  const deadline = Date.now() + 15_000;
  let n = await memberScans(url);
  while (!enough(n) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    n = await memberScans(url);
  }
  return n;
}

describe("read replicas (contract section 21)", () => {
  itRequiring(missing, "analytics reads run on the healthy replica: its own statistics and reads_total count them", async () => {
    const [a] = app.partners;
    const replicaUrl = replica.urlFor(dbName);
    const before = { scans: await memberScans(replicaUrl), reads: await metric("perkway_db_replica_reads_total") };
    for (let i = 0; i < 20; i++) expect((await call(a, "GET", "/v1/analytics?days=7")).status).toBe(200);
    expect((await metric("perkway_db_replica_reads_total")) - before.reads).toBe(20);
    // The replica's own statistics: the 20 summaries scanned its members table.
    expect((await settledScans(replicaUrl, (n) => n - before.scans >= 20)) - before.scans).toBeGreaterThanOrEqual(20);
  }, 60_000);

  itRequiring(missing, "read-your-writes: the session that wrote reads from the primary for STICKY_MS, others from the replica", async () => {
    const [a, b] = app.partners;
    const usersBefore = (await call(a, "GET", "/v1/analytics?days=7")).body.total_users as number;
    // The replica stops replaying: from now on it lacks every change, yet stays in rotation for a
    // moment (its lag is under MAX_LAG_MS until the watch sees otherwise).
    await replica.pauseReplay();
    try {
      const reads0 = await metric("perkway_db_replica_reads_total");
      expect((await call(a, "POST", "/v1/users", { email: `ryw-${Date.now()}@example.com` })).status).toBe(201);
      const other = await call(b, "GET", "/v1/analytics?days=7"); // a session that did not write: the replica
      const own = await call(a, "GET", "/v1/analytics?days=7"); // the writer: the primary, its new member counted
      const reads1 = await metric("perkway_db_replica_reads_total");
      expect(other.status).toBe(200);
      expect(own.body.total_users).toBe(usersBefore + 1);
      expect(reads1 - reads0).toBe(1);
    } finally {
      await replica.resumeReplay();
    }
    await waitForState("ok", 30_000);
    // Past STICKY_MS the writer is back on the replica.
    await new Promise((r) => setTimeout(r, STICKY_MS));
    const reads2 = await metric("perkway_db_replica_reads_total");
    const later = await call(a, "GET", "/v1/analytics?days=7");
    expect(later.body.total_users).toBe(usersBefore + 1);
    expect((await metric("perkway_db_replica_reads_total")) - reads2).toBe(1);
  });

  itRequiring(missing, "read-your-writes after a GET that writes: instructions hand out a unique code, the redemptions list right after shows it", async () => {
    const [a] = app.partners;
    const deal = await call(a, "POST", "/v1/partner-deals", { product_name: "Coded", short_description: "x", redemption: { method: "unique_code", instructions: "<p>Your code</p>" } });
    expect((await call(a, "POST", `/v1/partner-deals/${deal.body.id}/codes`, { codes: ["RYW-1"] })).status).toBe(200);
    expect((await call(a, "PATCH", `/v1/partner-deals/${deal.body.id}`, { status: "live" })).status).toBe(200);
    const member = await call(a, "POST", "/v1/users", { email: `code-${Date.now()}@example.com` });
    // The setup's stickiness runs out, so only the GET below can make the session read its own write.
    await new Promise((r) => setTimeout(r, STICKY_MS + 100));
    await waitForState("ok", 30_000);
    await replica.pauseReplay();
    try {
      const instructions = await call(a, "GET", `/v1/deals/${deal.body.id}/instructions?user_id=${member.body.id}`);
      expect(instructions.body.promo_code).toBe("RYW-1");
      const redemptions = await call(a, "GET", `/v1/redemptions?user_id=${member.body.id}`);
      expect(redemptions.body.data).toEqual([expect.objectContaining({ deal_id: deal.body.id, code: "RYW-1" })]);
    } finally {
      await replica.resumeReplay();
    }
    await waitForState("ok", 30_000);
  }, 60_000);

  itRequiring(
    missing,
    "a replica whose replay is paused is left out within MAX_LAG_MS + 5 s, the primary serves meanwhile, and it is used again within 30 s of resuming",
    async () => {
      const [a] = app.partners;
      await replica.pauseReplay();
      let leftOutAfter: number;
      try {
        leftOutAfter = await waitForState("lagging", MAX_LAG_MS + 5_000);
        const { status, body } = await health();
        expect(status).toBe(200);
        expect(body.replicas[0].lag_ms).toBeGreaterThan(MAX_LAG_MS);
        expect(await metric("perkway_db_replica_up")).toBe(0);
        const reads = await metric("perkway_db_replica_reads_total");
        for (let i = 0; i < 5; i++) expect((await call(a, "GET", "/v1/analytics?days=7")).status).toBe(200);
        expect(await metric("perkway_db_replica_reads_total")).toBe(reads);
      } finally {
        await replica.resumeReplay();
      }
      expect(leftOutAfter).toBeLessThanOrEqual(MAX_LAG_MS + 5_000);
      expect(await waitForState("ok", 30_000)).toBeLessThanOrEqual(30_000);
      expect(await metric("perkway_db_replica_up")).toBe(1);
      const reads = await metric("perkway_db_replica_reads_total");
      expect((await call(a, "GET", "/v1/analytics?days=7")).status).toBe(200);
      expect(await metric("perkway_db_replica_reads_total")).toBe(reads + 1);
    },
    60_000,
  );

  itRequiring(
    missing,
    "a replica stopped under load: every read is answered (retried on the primary), never a 5xx; /healthz stays 200 and names it unreachable; it is used again once back",
    async () => {
      const statuses: number[] = [];
      let stop = false;
      // Four sessions reading without pause while the replica goes away under them.
      const load = Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          while (!stop) statuses.push((await call(app.partners[i % 2], "GET", "/v1/analytics?days=7")).status);
        }),
      );
      await new Promise((r) => setTimeout(r, 300));
      replica.stop();
      await new Promise((r) => setTimeout(r, 1_500));
      stop = true;
      await load;
      expect(statuses.length).toBeGreaterThan(10);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      await waitForState("unreachable", 10_000);
      const { status, body } = await health();
      expect(status).toBe(200);
      expect(body.replicas).toEqual([{ name: replica.name, state: "unreachable", lag_ms: null }]);
      expect(await metric("perkway_db_replica_up")).toBe(0);
      // The exposition format spells an unknown value NaN (prom-client writes "Nan").
      expect(await metricsText()).toMatch(new RegExp(`^perkway_db_replica_lag_seconds\\{replica="${replica.name}"\\} NaN$`, "m"));
      expect((await call(app.partners[0], "GET", "/v1/analytics?days=7")).status).toBe(200);
      replica.start();
      expect(await waitForState("ok", 30_000)).toBeLessThanOrEqual(30_000);
    },
    90_000,
  );

  itRequiring(missing, "/healthz: 200 with replicas [{ name: host:port, state, lag_ms }], never a password; /metrics has lag, up and reads per replica", async () => {
    const { status, text, body } = await health();
    expect(status).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.replicas).toHaveLength(1);
    expect(Object.keys(body.replicas[0]).sort()).toEqual(["lag_ms", "name", "state"]);
    expect(body.replicas[0]).toMatchObject({ name: replica.name, state: "ok" });
    expect(body.replicas[0].lag_ms).toBeGreaterThanOrEqual(0);
    expect(body.replicas[0].lag_ms).toBeLessThanOrEqual(MAX_LAG_MS);
    expect(text).not.toContain(PASSWORD);
    const metrics = await metricsText();
    expect(metrics).not.toContain(PASSWORD);
    expect(metrics).toMatch(new RegExp(`^perkway_db_replica_lag_seconds\\{replica="${replica.name}"\\} [0-9.e-]+$`, "m"));
    expect(metrics).toMatch(new RegExp(`^perkway_db_replica_up\\{replica="${replica.name}"\\} 1$`, "m"));
    expect(metrics).toMatch(new RegExp(`^perkway_db_replica_reads_total\\{replica="${replica.name}"\\} [1-9][0-9]*$`, "m"));
  });
});
