// `npm test`: unit + integration tests (vitest, real database), then the Playwright end-to-end
// suite when a Chromium is present (CHROMIUM_PATH or /usr/bin/chromium). Ends with one summary line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-test-"));
const vitestJson = path.join(tmp, "vitest.json");
const extra = process.argv.slice(2);

console.error(`unit + integration tests against ${process.env.DATABASE_URL ? "DATABASE_URL (PostgreSQL)" : "an in-memory embedded PostgreSQL (PGlite)"}`);
const vitest = spawnSync(process.execPath, [path.resolve("node_modules/vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`, ...extra], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "test" },
});
const counts = { passed: 0, failed: 0, skipped: 0 };
try {
  const r = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
  counts.passed += r.numPassedTests;
  // A file that fails to load has no failed test of its own: count it as one failure.
  counts.failed += r.numFailedTests || (r.numFailedTestSuites ? 1 : 0);
  counts.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} catch {
  counts.failed += 1;
}
if (vitest.status !== 0 && counts.failed === 0) counts.failed = 1;

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
let e2eStatus = 0;
if (vitest.status !== 0) {
  console.error("\nunit/integration tests failed: not running the end-to-end suite");
} else if (!fs.existsSync(chromium)) {
  console.error(`\nSKIPPING the Playwright end-to-end suite: no Chromium at ${chromium}. Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`);
} else {
  const e2eJson = path.join(tmp, "e2e.json");
  const e2e = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/e2e.ts"], {
    stdio: "inherit",
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
  });
  e2eStatus = e2e.status ?? 1;
  try {
    const r = JSON.parse(fs.readFileSync(e2eJson, "utf8"));
    counts.passed += r.stats.expected;
    counts.failed += r.stats.unexpected;
    counts.skipped += r.stats.skipped;
  } catch {
    if (e2eStatus !== 0) counts.failed += 1;
  }
  if (e2eStatus !== 0 && counts.failed === 0) counts.failed = 1;
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\nnpm test: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(vitest.status !== 0 ? vitest.status ?? 1 : e2eStatus);
