// Every skip goes through the one logged helper (test/helpers/requires-postgres.ts: itOnPostgres,
// itRequiring, itSkipped): it says why, the run lists it at the end, and CI
// (PERKWAY_REQUIRE_POSTGRES_TESTS=1) fails a test that would skip for something missing. A bare
// it.skip, test.skip, describe.skip, .skipIf, .runIf, .fixme or ctx.skip() would skip silently.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SKIPS = [/\b(?:it|test|describe|suite|bench)(?:\.\w+)*\.(?:skip|skipIf|runIf|fixme)\b/, /\b(?:ctx|context|task)\.skip\(/];
// Files that may spell a skip, and why.
const ALLOWED: Record<string, string> = {
  "test/helpers/requires-postgres.ts": "the one helper",
  "test/architecture/one-skip-helper.test.ts": "this check",
  "test/ops/flaky-tests.test.ts": "writes a throwaway suite with a skipped test into a temporary folder, to read the reports' skipped counts",
};

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : files(p);
    return /\.(?:[cm]?[jt]sx?)$/.test(e.name) ? [p] : [];
  });
}

/** The code without comments (a comment may name it.skipIf: test/architecture/unproven-branches.ts). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

describe("skips", () => {
  it("go through test/helpers/requires-postgres.ts in test/ and e2e/, never it.skip, test.skip or .skipIf", () => {
    const found: string[] = [];
    for (const file of [...files("test"), ...files("e2e")]) {
      const rel = file.split(path.sep).join("/");
      if (ALLOWED[rel]) continue;
      withoutComments(fs.readFileSync(file, "utf8"))
        .split("\n")
        .forEach((line, i) => {
          if (SKIPS.some((re) => re.test(line))) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found, "skip through itOnPostgres / itRequiring / itSkipped (test/helpers/requires-postgres.ts), with a reason").toEqual([]);
  });

  it("the check sees the spellings it forbids", () => {
    for (const line of ["it.skip('x', () => {})", "test.skip(true, 'why')", "it.skipIf(!has(cmd))('x', f)", "describe.runIf(x)('y', f)", "test.describe.skip('z', f)", "ctx.skip('why')"]) {
      expect(SKIPS.some((re) => re.test(line)), line).toBe(true);
    }
    expect(withoutComments("// it.skipIf(x)(...) in a comment\nconst url = 'http://x';")).not.toMatch(/skipIf/);
  });
});
