// `npm test`: unit + integration tests (vitest, real database), then the Playwright end-to-end
// suite when a Chromium is present (CHROMIUM_PATH, else Debian's chromium-headless-shell or chromium:
// e2e/tools/browser-path.ts). Ends with one summary line.
//
// With DATABASE_URL (CI: PostgreSQL) the /v1 suites (test/api, test/rest) run twice, because operators
// run the API on other databases too (contract section 14): on PostgreSQL through PgBouncer in
// transaction mode (how managed PostgreSQL is reached, and stricter than a direct connection: no
// session state survives a transaction), and on the embedded PGlite (what `npm start` uses without
// DATABASE_URL); the two passes overlap. Everything else runs once, directly on DATABASE_URL. Without
// pgbouncer the /v1 suites run directly on DATABASE_URL instead (PERKWAY_REQUIRE_PGBOUNCER=1, as in
// CI, makes that a failure). Without DATABASE_URL (a newcomer's machine) the whole suite runs on the
// embedded database.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pgbouncerBinary, startPgbouncer } from "../test/helpers/pgbouncer";
import { buildStaleness } from "../src/server/runtime/build-state";
import { chromiumPath } from "../e2e/tools/browser-path";
import { readPlaywrightReport, readQuarantine, readVitestReport, summaryLines, judgeFlaky, type PassResult } from "./lib/test-results";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-test-"));
const extra = process.argv.slice(2);
const counts = { passed: 0, failed: 0, skipped: 0 };
// Tests that failed and then passed on a retry, by name: printed, and failing the run unless
// quarantined with a reason (test/flaky-quarantine.json, docs/decisions/flaky-tests.md).
const flaky: string[] = [];
const quarantine = readQuarantine(path.resolve("test/flaky-quarantine.json"));
const API_SUITES = ["test/api", "test/rest"];
const started = Date.now();
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

/** Adds one vitest pass's report to the summary; its failures (a pass that failed without a report: one). */
function addPass(json: string, status: number): number {
  let result: PassResult;
  try {
    result = readVitestReport(JSON.parse(fs.readFileSync(json, "utf8")));
  } catch {
    result = { passed: 0, failed: 1, skipped: 0, flaky: [] };
  }
  const failed = status !== 0 && result.failed === 0 ? 1 : result.failed;
  counts.passed += result.passed;
  counts.failed += failed;
  counts.skipped += result.skipped;
  flaky.push(...result.flaky);
  return failed;
}

/** One vitest run; its counts are added to the summary. True when it passed. */
function vitest(label: string, args: string[], env: NodeJS.ProcessEnv): boolean {
  const json = path.join(tmp, `vitest-${label.replace(/\W+/g, "-")}.json`);
  const t0 = Date.now();
  console.error(`\n== vitest: ${label}`);
  const r = spawnSync(process.execPath, [path.resolve("node_modules/vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${json}`, ...args], {
    stdio: "inherit",
    env: { ...env, NODE_ENV: "test" },
  });
  const failed = addPass(json, r.status ?? 1);
  console.error(`== vitest: ${label}: ${failed ? "FAILED" : "passed"} in ${minutes(Date.now() - t0)}`);
  return failed === 0;
}

// The deployment tests run `next start` on the build, and the browser suite serves it: build once, first.
const stale = buildStaleness();
if (stale) {
  const t0 = Date.now();
  console.error(`\n== npm run build (${stale})`);
  // The deploy's own build command (Dockerfile, docs/deploy.md): Prisma's client, the SDK, then Next.
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (build.status !== 0) {
    console.log("\nnpm test: 0 passed, 1 failed, 0 flaky, 0 skipped");
    process.exit(1);
  }
  console.error(`== npm run build: done in ${minutes(Date.now() - t0)}`);
}

/** The same in the background, its output in a file (printed when it fails), so two passes can overlap. */
async function vitestInBackground(label: string, args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  const json = path.join(tmp, `vitest-${label.replace(/\W+/g, "-")}.json`);
  const logFile = path.join(tmp, `vitest-${label.replace(/\W+/g, "-")}.log`);
  const t0 = Date.now();
  console.error(`\n== vitest: ${label} (in the background)`);
  const out = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, [path.resolve("node_modules/vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${json}`, ...args], {
    stdio: ["ignore", out, out],
    env: { ...env, NODE_ENV: "test", TEST_WORKERS: "2" },
  });
  const status = await new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
  fs.closeSync(out);
  const failed = addPass(json, status);
  if (failed) console.error(fs.readFileSync(logFile, "utf8").split("\n").slice(-200).join("\n"));
  console.error(`== vitest: ${label}: ${failed ? "FAILED" : "passed"} in ${minutes(Date.now() - t0)}`);
  return failed === 0;
}

const databaseUrl = process.env.DATABASE_URL;
const splitApiSuites = !!databaseUrl && extra.length === 0;
let ok = vitest(
  databaseUrl ? (splitApiSuites ? "everything but the /v1 suites, on DATABASE_URL (PostgreSQL)" : "everything on DATABASE_URL (PostgreSQL)") : "everything on an in-memory embedded PostgreSQL (PGlite)",
  splitApiSuites ? API_SUITES.map((s) => `--exclude=${s}/**`) : extra,
  // The deployment test (npm start, next start and two workers on a database of its own) needs PostgreSQL.
  databaseUrl ? { ...process.env, PERKWAY_DEPLOYMENT_TEST: "1" } : process.env,
);

if (ok && splitApiSuites) {
  const embeddedEnv: NodeJS.ProcessEnv = { ...process.env };
  delete embeddedEnv.DATABASE_URL;
  delete embeddedEnv.DATABASE_DIRECT_URL;
  // Race tests cannot fail on PGlite (one session serializes every transaction): they skip there, said.
  delete embeddedEnv.PERKWAY_REQUIRE_POSTGRES_TESTS;
  // The two passes overlap: PGlite works in its own process and the PostgreSQL pass mostly waits on the database.
  const passes: Promise<boolean>[] = [vitestInBackground("the /v1 suites on the embedded database (PGlite)", API_SUITES, embeddedEnv)];
  let bouncer: Awaited<ReturnType<typeof startPgbouncer>> | null = null;
  if (pgbouncerBinary()) {
    bouncer = await startPgbouncer(databaseUrl);
    passes.push(vitestInBackground("the /v1 suites on PostgreSQL through PgBouncer (transaction mode)", API_SUITES, { ...process.env, DATABASE_URL: bouncer.url, DATABASE_DIRECT_URL: databaseUrl }));
  } else if (process.env.PERKWAY_REQUIRE_PGBOUNCER === "1") {
    console.error("\nPERKWAY_REQUIRE_PGBOUNCER=1 but pgbouncer is not installed (apt-get install -y pgbouncer)");
    counts.failed += 1;
    ok = false;
  } else {
    console.error("\npgbouncer is not installed (apt-get install -y pgbouncer): the /v1 suites run directly on DATABASE_URL");
    passes.push(vitestInBackground("the /v1 suites on DATABASE_URL (PostgreSQL)", API_SUITES, process.env));
  }
  try {
    for (const passed of await Promise.all(passes)) ok = passed && ok;
  } finally {
    await bouncer?.stop();
  }
}

const chromium = chromiumPath();
let e2eStatus = 0;
if (!ok) {
  console.error("\nunit/integration tests failed: not running the end-to-end suite");
} else if (!fs.existsSync(chromium)) {
  console.error(`\nSKIPPING the Playwright end-to-end suite: no Chromium at ${chromium}. Install Debian's headless Chromium (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`);
} else {
  const e2eJson = path.join(tmp, "e2e.json");
  const t0 = Date.now();
  const e2e = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/e2e.ts"], {
    stdio: "inherit",
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
  });
  e2eStatus = e2e.status ?? 1;
  try {
    const r = readPlaywrightReport(JSON.parse(fs.readFileSync(e2eJson, "utf8")));
    counts.passed += r.passed;
    counts.failed += r.failed;
    counts.skipped += r.skipped;
    flaky.push(...r.flaky);
  } catch {
    if (e2eStatus !== 0) counts.failed += 1;
  }
  if (e2eStatus !== 0 && counts.failed === 0) counts.failed = 1;
  const e2eFlaky = flaky.filter((t) => t.startsWith("e2e/")).length;
  console.error(`== end-to-end: ${e2eStatus ? "FAILED" : "passed"}${e2eFlaky ? `, ${e2eFlaky} FLAKY (passed only on a retry)` : ""} in ${minutes(Date.now() - t0)}`);
}
fs.rmSync(tmp, { recursive: true, force: true });
console.error(`\nnpm test took ${minutes(Date.now() - started)}`);
const summary = summaryLines(counts, flaky, quarantine).join("\n");
console.log(summary);
// .ci/run prints it again under its step times, where a reader of the log looks last.
if (process.env.PERKWAY_TEST_SUMMARY_FILE) fs.writeFileSync(process.env.PERKWAY_TEST_SUMMARY_FILE, summary.trim() + "\n");
// A flaky test outside the quarantine fails the run even though every test passed in the end.
const flakyFails = judgeFlaky(flaky, quarantine).failing.length > 0;
process.exit(!ok ? 1 : e2eStatus || (flakyFails ? 1 : 0));
