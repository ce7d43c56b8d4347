// No test passes by skipping its own assertions: an assertion under an `if` whose other side asserts
// nothing, or an early return/break/continue past assertions, needs the branch to be proven to run
// (see unproven-branches.ts for what counts) or an entry below that says why it is right.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findUnprovenBranches, type Finding } from "./unproven-branches";

/** Legitimate cases: file, test title, the flagged line (trimmed, first line), and why it is right. */
const ALLOWED: { file: string; test: string; code: string; reason: string }[] = [
  {
    file: "test/api/isolation.test.ts",
    test: "`${row.resource}: 404 everywhere, absent from lists, unchanged`",
    code: "continue;",
    reason: "picks from a fixed table the probes whose answer to the owner is known (reads, or a given ownerStatus); the outsiders' 404s above ran for every probe, and this part only shows the paths are right for the owner",
  },
  {
    file: "packages/sdk/test/webhooks.test.ts",
    test: "returns the event for a body signed by Perkway, as a string or as bytes",
    code: 'if (event.type === "user.deleted") expect(event.data.object.deleted).toBe(true);',
    reason: "the `if` is TypeScript narrowing of the SDK's event union (what the test shows a user); the line before asserts event.type is user.deleted, so the branch always runs",
  },
];

function testFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : testFiles(p);
    return e.name.endsWith(".test.ts") ? [p] : [];
  });
}

const scan = (file: string, text: string) => findUnprovenBranches(file, text).map((f) => ({ ...f, file: f.file.split(path.sep).join("/") }));
const key = (f: { file: string; test: string; code: string }) => `${f.file} > ${f.test} > ${f.code}`;

describe("test bodies prove the branches they assert in", () => {
  // The suite's test files (test/**) and the SDK's (packages/*/test/**); the unit tests beside the
  // code in src/** are not scanned yet.
  const files = [...testFiles("test"), ...fs.readdirSync("packages").flatMap((p) => testFiles(path.join("packages", p, "test")))];
  const findings = files.flatMap((f) => scan(f, fs.readFileSync(f, "utf8")));

  it("finds no unproven conditional assertion or early exit outside the allow-list", () => {
    expect(files.length).toBeGreaterThan(100);
    const allowed = new Set(ALLOWED.map(key));
    const describe = (f: Finding) => `${f.file}:${f.line} ${f.kind} in "${f.test}": ${f.code}`;
    expect(findings.filter((f) => !allowed.has(key(f))).map(describe)).toEqual([]);
  });

  it("keeps no stale allow-list entry, and each says why", () => {
    const found = new Set(findings.map(key));
    expect(ALLOWED.filter((a) => !found.has(key(a))).map(key)).toEqual([]);
    for (const a of ALLOWED) expect(a.reason.length, key(a)).toBeGreaterThan(40);
  });

  it("flags what it is meant to, and accepts a branch proven to run", () => {
    const kinds = (body: string) => scan("x.test.ts", `it("t", async () => {\n${body}\n});`).map((f) => f.kind);
    // An assertion only when a condition holds.
    expect(kinds("if (res.status === 404) expect(res.body.code).toBe('gone');")).toEqual(["conditional assertion"]);
    expect(kinds("if (a) { expect(a).toBe(1); } else { expect(b).toBe(2); }")).toEqual([]);
    expect(kinds("if (a) { expect(a).toBe(1); } else if (b) { expect(b).toBe(2); }")).toEqual(["conditional assertion"]);
    // Recorded and asserted afterwards: the branch is proven to have run.
    expect(kinds("let n = 0; for (const r of rs) { if (r.ok) { expect(r.v).toBe(1); n++; } } expect(n).toBeGreaterThan(0);")).toEqual([]);
    expect(kinds("let n = 0; for (const r of rs) { if (r.ok) { expect(r.v).toBe(1); n++; } }")).toEqual(["conditional assertion"]);
    // Early exits past assertions.
    expect(kinds("for (const p of pairs) { const c = await create(); if (c.approved) break; expect(c).toBeTruthy(); }")).toEqual(["break"]);
    expect(kinds("for (const p of ps) { if (!p.read) continue; expect(p).toBeTruthy(); }")).toEqual(["continue"]);
    expect(kinds("if (!kind) return; expect(kind).toBe('partner');")).toEqual(["early return"]);
    expect(scan("x.test.ts", "it.each([1])('n', (n) => { if (n) return; expect(n).toBe(1); });").map((f) => f.kind)).toEqual(["early return"]);
    expect(scan("x.test.ts", "test.concurrent('n', async () => { if (x) return; expect(x).toBe(1); });").map((f) => f.kind)).toEqual(["early return"]);
    expect(scan("x.test.ts", "itOnPostgres('n', async () => { if (x) expect(x).toBe(1); });").map((f) => f.kind)).toEqual(["conditional assertion"]);
    // Not early exits: a loop's last step, a search that asserts on its way out, a switch's break,
    // a return in a nested function, and exits with no assertion after them.
    expect(kinds("for (const x of xs) { if (x.last) { expect(x.v).toBe(1); break; } else { expect(x.v).toBe(0); } expect(x).toBeTruthy(); }")).toEqual([]);
    expect(kinds("for (const x of xs) { switch (x) { case 1: break; } expect(x).toBeTruthy(); }")).toEqual([]);
    expect(kinds("const f = (x) => { if (x) return 1; return 2; }; expect(f(1)).toBe(1);")).toEqual([]);
    expect(kinds("expect(a).toBe(1); for (const p of pages) { if (!p.more) break; }")).toEqual([]);
    // Helpers and hooks are not test bodies.
    expect(scan("x.test.ts", "beforeAll(async () => { if (missing) return; expect(a).toBe(1); });")).toEqual([]);
  });
});
