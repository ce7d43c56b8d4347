// `npm test` counts a test that failed and then passed on a retry as flaky, names it in the summary
// and fails the run unless test/flaky-quarantine.json lists it with a reason (scripts/lib/test-results.ts,
// docs/decisions/flaky-tests.md). Checked on real reports: Playwright and vitest are run here on a tiny
// suite in a temporary folder (a test that fails on its first try and passes on its retry, one that
// passes, one that always fails, one skipped), with the reporters and options scripts/test.ts and
// scripts/e2e.ts give them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgeFlaky, readPlaywrightReport, readQuarantine, readVitestReport, summaryLines } from "../../scripts/lib/test-results";

const ROOT = path.resolve(import.meta.dirname, "../..");
let work: string;

/** The environment without this vitest worker's own variables, which would confuse a vitest child. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("VITEST") && k !== "NODE_OPTIONS" && k !== "TEST") env[k] = v;
  delete env.CI;
  return { ...env, ...extra } as NodeJS.ProcessEnv;
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-flaky-"));
  // The suites import @playwright/test and vitest from the project's own packages.
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(work, "node_modules"));
});
afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("a Playwright test that passes only on its retry", () => {
  let report: ReturnType<typeof readPlaywrightReport>;

  beforeAll(() => {
    const dir = path.join(work, "e2e");
    fs.mkdirSync(dir);
    // retries: 1, as playwright.config.ts has in CI. No browser is needed: no test takes `page`.
    fs.writeFileSync(path.join(work, "playwright.config.mjs"), `export default { testDir: "./e2e", retries: 1, workers: 1 };\n`);
    fs.writeFileSync(
      path.join(dir, "tiny.spec.mjs"),
      `import { expect, test } from "@playwright/test";
test.describe("checkout", () => {
  test("fails on its first try only", ({}, info) => { expect(info.retry).toBe(1); });
  test("passes", () => {});
});
test("always fails", () => { expect(1).toBe(2); });
test.skip("is skipped", () => {});
`,
    );
    const json = path.join(work, "e2e.json");
    // What scripts/e2e.ts runs, with the report where scripts/test.ts reads it.
    const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@playwright/test/cli.js"), "test", "--reporter=list,json", "--config", path.join(work, "playwright.config.mjs")], {
      cwd: work,
      env: childEnv({ PLAYWRIGHT_JSON_OUTPUT_NAME: json }),
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(r.status, r.stdout + r.stderr).toBe(1); // "always fails" failed
    report = readPlaywrightReport(JSON.parse(fs.readFileSync(json, "utf8")), work);
  }, 150_000);

  it("is named as flaky and counted apart from the passed, failed and skipped tests", () => {
    expect(report).toEqual({ passed: 1, failed: 1, skipped: 1, flaky: ["e2e/tiny.spec.mjs > checkout > fails on its first try only"] });
  });

  it("fails the run unless quarantined with a reason, and is printed by name either way", () => {
    const counts = { passed: 1, failed: 0, skipped: 1 };
    const open = summaryLines(counts, report.flaky, new Map());
    expect(judgeFlaky(report.flaky, new Map()).failing).toEqual(report.flaky);
    expect(open.join("\n")).toContain("  - e2e/tiny.spec.mjs > checkout > fails on its first try only");
    expect(open.at(-1)).toBe("\nnpm test: 1 passed, 0 failed, 1 FLAKY, 1 skipped");

    const file = path.join(work, "quarantine.json");
    fs.writeFileSync(file, JSON.stringify({ tests: [{ test: report.flaky[0], reason: "waits for a toast that sometimes leaves first", since: "2026-12-02" }] }));
    const quarantine = readQuarantine(file);
    expect(judgeFlaky(report.flaky, quarantine)).toEqual({ quarantined: [{ test: report.flaky[0], reason: "waits for a toast that sometimes leaves first" }], failing: [] });
    const quiet = summaryLines(counts, report.flaky, quarantine);
    expect(quiet.join("\n")).toContain(`  - ${report.flaky[0]} (waits for a toast that sometimes leaves first)`);
    expect(quiet.at(-1)).toBe("\nnpm test: 1 passed, 0 failed, 1 FLAKY (quarantined), 1 skipped");
  });
});

describe("a vitest test that passes only on its retry", () => {
  it("is named as flaky and not counted as passed", () => {
    const dir = path.join(work, "unit");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "vitest.config.mjs"), `export default { test: { include: ["*.test.mjs"], retry: 1 } };\n`);
    fs.writeFileSync(
      path.join(dir, "tiny.test.mjs"),
      `import { describe, expect, it } from "vitest";
let tries = 0;
describe("checkout", () => {
  it("fails on its first try only", () => { tries += 1; expect(tries).toBe(2); });
  it("passes", () => {});
});
it("always fails", () => { expect(1).toBe(2); });
it.skip("is skipped", () => {});
`,
    );
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
    const json = path.join(dir, "report.json");
    // What scripts/test.ts runs for each vitest pass.
    const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--root", dir, "--reporter=default", "--reporter=json", `--outputFile.json=${json}`], {
      cwd: dir,
      env: childEnv({ NODE_ENV: "test" }),
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(r.status, r.stdout + r.stderr).toBe(1);
    const report = readVitestReport(JSON.parse(fs.readFileSync(json, "utf8")), dir);
    expect(report).toEqual({ passed: 1, failed: 1, skipped: 1, flaky: ["tiny.test.mjs > checkout > fails on its first try only"] });
  }, 150_000);
});

describe("the quarantine file", () => {
  it("is valid, and every entry says why", () => {
    // Throws on an entry without a test name or a reason.
    const quarantine = readQuarantine(path.join(ROOT, "test/flaky-quarantine.json"));
    for (const reason of quarantine.values()) expect(reason.length).toBeGreaterThanOrEqual(10);
  });

  it("refuses an entry without a reason", () => {
    const file = path.join(work, "no-reason.json");
    fs.writeFileSync(file, JSON.stringify({ tests: [{ test: "e2e/a.spec.ts > b" }] }));
    expect(() => readQuarantine(file)).toThrow(/needs a "reason"/);
  });
});
