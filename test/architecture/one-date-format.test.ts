// Issue 53.11: the portal writes dates and times one way, through src/lib/format-date.ts (formatDate,
// formatDateTime, formatDayLabel; useDateFormat in client components), times with their zone named. A
// file under the portal or the analytics components that formats a Date itself (toLocaleDateString,
// toLocaleTimeString, Date#toLocaleString, new Intl.DateTimeFormat) would be a fifth format.
// Numbers' toLocaleString is fine. The hosted member app and emails have their own, per-locale formats.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOTS = ["src/app/(portal)", "src/components/portal", "src/components/analytics"];
const FORMATS = [
  /\.toLocaleDateString\(/,
  /\.toLocaleTimeString\(/,
  /\bnew\s+Intl\.DateTimeFormat\b/,
  // Date#toLocaleString: on `new Date(…)` or on a value named like a date (createdAt, last_used_at, day).
  /new Date\([^()]*(?:\([^()]*\))?[^()]*\)\.toLocaleString\(/,
  /(?:_at|At|[dD]ate|[tT]ime|[dD]ay)\)?\.toLocaleString\(/,
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.[jt]sx?$/.test(e.name) ? [p] : [];
  });
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

describe("dates in the portal", () => {
  it("are formatted only by src/lib/format-date.ts (useDateFormat in client components)", () => {
    const found: string[] = [];
    for (const file of ROOTS.flatMap(files)) {
      const rel = file.split(path.sep).join("/");
      withoutComments(fs.readFileSync(file, "utf8"))
        .split("\n")
        .forEach((line, i) => {
          if (FORMATS.some((re) => re.test(line))) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found, "format dates with formatDate / formatDateTime (@/lib/format-date) or useDateFormat()").toEqual([]);
  });

  it("the check sees each way of formatting a date by hand", () => {
    const samples = [
      "new Date(r.createdAt).toLocaleString()",
      "k.last_used_at.toLocaleString()",
      "d.toLocaleDateString()",
      "new Date(x).toLocaleTimeString()",
      'const f = new Intl.DateTimeFormat("en", {});',
    ];
    for (const s of samples) expect(FORMATS.some((re) => re.test(s)), s).toBe(true);
    for (const s of ["summary.added.toLocaleString()", 'n.toLocaleString("en")', "Intl.DateTimeFormat().resolvedOptions()"]) expect(FORMATS.some((re) => re.test(s)), s).toBe(false);
  });
});
