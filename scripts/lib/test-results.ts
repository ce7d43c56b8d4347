// What `npm test` (scripts/test.ts) reads from each pass's JSON report: passed, failed and skipped
// counts, and the tests that failed and then passed on a retry ("flaky": a finding, not a pass;
// docs/decisions/flaky-tests.md). Playwright retries once in CI; vitest only where a test or the
// config asks for retries. test/flaky-quarantine.json lists the flaky tests that may not fail CI
// for now, each with a reason.
import fs from "node:fs";
import path from "node:path";

export type PassResult = { passed: number; failed: number; skipped: number; flaky: string[] };

type VitestAssertion = { ancestorTitles: string[]; title: string; status: string; failureMessages?: string[] };
type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: { name: string; assertionResults?: VitestAssertion[] }[];
};

/** One test's name as the summary and the quarantine file spell it: file > describe … > title. */
export function testName(file: string, titles: readonly string[]): string {
  return [file.split(path.sep).join("/"), ...titles.filter(Boolean)].join(" > ");
}

/**
 * A vitest JSON report (`--reporter=json`). A test that passed on a retry keeps the errors of the
 * attempts that failed (the runner does not clear them), so "passed with failure messages" is flaky;
 * it is not counted as passed. A file that fails to load has no failed test: it counts as one failure.
 */
export function readVitestReport(report: VitestReport, root = process.cwd()): PassResult {
  const flaky: string[] = [];
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === "passed" && (t.failureMessages?.length ?? 0) > 0) flaky.push(testName(path.relative(root, file.name), [...t.ancestorTitles, t.title]));
    }
  }
  return {
    passed: report.numPassedTests - flaky.length,
    failed: report.numFailedTests || (report.numFailedTestSuites ? 1 : 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    flaky,
  };
}

type PlaywrightTest = { projectName?: string; status: "expected" | "unexpected" | "flaky" | "skipped"; results?: { status: string; retry: number }[] };
type PlaywrightSpec = { title: string; file: string; tests: PlaywrightTest[] };
type PlaywrightSuite = { title: string; file?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = {
  config?: { rootDir?: string };
  suites?: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky?: number; skipped: number };
};

/**
 * A Playwright JSON report (the `json` reporter). Playwright calls a test that failed and then passed
 * on its retry "flaky" (status `flaky`: final result passed, more than one result); its `expected`
 * count leaves those out, so passed + failed + flaky + skipped is every test.
 */
export function readPlaywrightReport(report: PlaywrightReport, root = process.cwd()): PassResult {
  const testDir = report.config?.rootDir ? path.relative(root, report.config.rootDir) : "";
  const flaky: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const results = t.results ?? [];
        const passedLast = results.length > 0 && results[results.length - 1].status === "passed";
        if (t.status === "flaky" || (passedLast && results.length > 1)) {
          flaky.push(testName(path.join(testDir, spec.file), [...titles, spec.title]) + (t.projectName && t.projectName !== "chromium" ? ` [${t.projectName}]` : ""));
        }
      }
    }
    // A file's suite has the file as its title; describe blocks below it add theirs.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const file of report.suites ?? []) walk(file, []);
  return { passed: report.stats.expected, failed: report.stats.unexpected, skipped: report.stats.skipped, flaky };
}

export type Quarantine = Map<string, string>;

/**
 * test/flaky-quarantine.json: `{ "tests": [{ "test": "<file > describe > title>", "reason": "…",
 * "since": "YYYY-MM-DD" }] }`. An entry without a reason is an error: a quarantine says why.
 */
export function readQuarantine(file: string): Quarantine {
  if (!fs.existsSync(file)) return new Map();
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { tests?: { test?: unknown; reason?: unknown }[] };
  const out: Quarantine = new Map();
  for (const [i, entry] of (parsed.tests ?? []).entries()) {
    if (typeof entry.test !== "string" || !entry.test.includes(" > ")) throw new Error(`${file}: entry ${i + 1} needs "test": "<file> > <describe> > <title>"`);
    if (typeof entry.reason !== "string" || entry.reason.trim().length < 10) throw new Error(`${file}: ${entry.test} needs a "reason" (why it is flaky, what would fix it)`);
    out.set(entry.test, entry.reason.trim());
  }
  return out;
}

/** The flaky tests split into those the quarantine covers (with its reason) and those that fail the run. */
export function judgeFlaky(flaky: readonly string[], quarantine: Quarantine): { quarantined: { test: string; reason: string }[]; failing: string[] } {
  const quarantined: { test: string; reason: string }[] = [];
  const failing: string[] = [];
  for (const test of flaky) {
    const reason = quarantine.get(test);
    if (reason) quarantined.push({ test, reason });
    else failing.push(test);
  }
  return { quarantined, failing };
}

/** The lines `npm test` ends with: every flaky test by name, then one closing line. */
export function summaryLines(counts: { passed: number; failed: number; skipped: number }, flaky: readonly string[], quarantine: Quarantine): string[] {
  const { quarantined, failing } = judgeFlaky(flaky, quarantine);
  const lines: string[] = [];
  if (failing.length) {
    lines.push(`\nFLAKY: ${failing.length} test(s) failed and then passed on a retry. A test that passes only on a retry is a finding, not a pass: fix it, or quarantine it with a reason in test/flaky-quarantine.json (docs/decisions/flaky-tests.md).`);
    for (const t of failing) lines.push(`  - ${t}`);
  }
  if (quarantined.length) {
    lines.push(`\nFLAKY, quarantined: ${quarantined.length} test(s) passed only on a retry (test/flaky-quarantine.json):`);
    for (const q of quarantined) lines.push(`  - ${q.test} (${q.reason})`);
  }
  const flakyPart = flaky.length ? `${flaky.length} FLAKY${failing.length ? "" : " (quarantined)"}` : "0 flaky";
  lines.push(`\nnpm test: ${counts.passed} passed, ${counts.failed} failed, ${flakyPart}, ${counts.skipped} skipped`);
  return lines;
}
