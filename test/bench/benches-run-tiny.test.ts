// Benchmarks cannot rot: every in-process `bench:*` script runs here at a tiny size and must exit 0
// and print its figures (bench:redirect has its own test that also checks its rows:
// test/bench/redirect-bench.test.ts; the browser ones, bench:hosted and bench:api-reference, run against the
// e2e app in e2e/benches.spec.ts). Timings are never judged here: only that the script works.
// Each runs against a database of its own (a fresh PostgreSQL database beside DATABASE_URL's), so
// bench data never reaches the suite's; without DATABASE_URL each bench starts its own in-memory
// PGlite (the suite's PGlite serves one database whatever a connection asks for: a "database of its
// own" there was the suite's), and the PostgreSQL-only ones skip with their reason.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { embeddedDatabase, itRequiring, needsPostgres } from "../helpers/requires-postgres";
import { prepareReplication } from "../helpers/pg-replica";
import { buildStaleness } from "@/server/runtime/build-state";

const TSX = path.resolve("node_modules/tsx/dist/cli.mjs");
const pgUrl = embeddedDatabase ? null : process.env.DATABASE_URL!;
let benchDbUrl: string | null = null;
let benchDbName: string | null = null;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(pgUrl!);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!pgUrl) return;
  benchDbName = `perkway_bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE "${benchDbName}"`));
  const url = new URL(pgUrl);
  url.pathname = `/${benchDbName}`;
  benchDbUrl = url.toString();
});
afterAll(async () => {
  if (benchDbName) await admin((c) => c.query(`DROP DATABASE IF EXISTS "${benchDbName}" WITH (FORCE)`));
});

function runBench(script: string, args: string[]): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "production" };
  if (benchDbUrl) env.DATABASE_URL = benchDbUrl;
  else delete env.DATABASE_URL;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSX, `bench/${script}.ts`, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

const DEALS_ARGS = ["--deals", "40", "--partners", "6", "--load-partners", "2", "--connections", "2", "--duration", "1"];
const nextBuilt = buildStaleness() === null;

const BENCHES: { script: string; args: string[]; prints: RegExp; postgresOnly?: boolean; replica?: boolean }[] = [
  { script: "auth", args: ["--connections", "2", "--duration", "1", "--requests", "40"], prints: /\/s|ms/ },
  { script: "users", args: ["--members", "200", "--batch-size", "100", "--singles", "20", "--concurrency", "2"], prints: /\/s|ms/ },
  { script: "scim", args: ["--users", "30", "--concurrency", "2", "--members", "500", "--queries", "10"], prints: /first sync[\s\S]*users\/s[\s\S]*filter=userName eq[\s\S]*p95/ },
  // With a current build (npm test builds first) also the Next door, in front of Next's listener and through its route handlers.
  nextBuilt
    ? { script: "deals", args: [...DEALS_ARGS, "--next-door"], prints: /meanwhile in the server: CPU .*GC \d+ scavenges[\s\S]*in front of Next's listener: \d+ req\/s[\s\S]*Next's route handler: \d+ req\/s/ }
    : { script: "deals", args: DEALS_ARGS, prints: /p99[\s\S]*meanwhile in the server: CPU .*GC \d+ scavenges/ },
  { script: "webhooks", args: ["--events", "40", "--rate", "40"], prints: /p99/ },
  { script: "members-import", args: ["--rows", "200"], prints: /rows|ms|s\b/ },
  { script: "search", args: ["--deals", "200", "--samples", "3"], prints: /search "analitycs" \(typo\)\s+p50 [\s\d.]+p95/ },
  { script: "events", args: ["--large", "2000", "--small", "200", "--singles", "40", "--batches", "4", "--samples", "5", "--concurrency", "2"], prints: /p99/, postgresOnly: true },
  // The inbox too: its fixtures (access requests, inquiries) and every measured inbox page, deep page included.
  { script: "portal", args: ["--deals", "20", "--members", "200", "--events", "2000", "--requests", "300", "--samples", "3"], prints: /inbox: 300 access requests[\s\S]*inbox\.list \{"limit":25,"status":"new"\}[\s\S]*inbox\.list \{"limit":25,"cursor":"…page 2"\}/, postgresOnly: true },
  // A streaming replica of the test PostgreSQL, healthy and then lagging: both phases, no request failing.
  { script: "replicas", args: ["--deals", "40", "--members", "6", "--requests", "60", "--concurrency", "2", "--max-lag-ms", "1000"], prints: /replica healthy +60 +0 [\s\S]*replay paused past the lag limit +60 +0 /, postgresOnly: true, replica: true },
];

// bench:replicas makes a replica of the test PostgreSQL: what that needs (test/helpers/pg-replica.ts).
const replicaMissing = pgUrl ? await prepareReplication(pgUrl) : null;

describe("every benchmark runs at a tiny size", () => {
  for (const b of BENCHES) {
    const missing = b.postgresOnly ? (needsPostgres(`bench:${b.script} measures PostgreSQL and refuses to start without DATABASE_URL`) ?? (b.replica ? replicaMissing : null)) : null;
    itRequiring(
      missing,
      `bench:${b.script} ${b.args.join(" ")}`,
      async () => {
        const { code, out } = await runBench(b.script, b.args);
        expect(code, out.slice(-3000)).toBe(0);
        expect(out).toMatch(b.prints);
      },
      240_000,
    );
  }
});
