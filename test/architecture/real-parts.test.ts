// Tests run real parts (a real database, real HTTP, a real next-auth flow): no test replaces a module.
// Test files also share their worker's modules (vitest.config.ts: isolate off), so a module one
// file replaced would reach the files after it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const REPLACES = /\bvi\.(?:mock|doMock)\(/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : files(p);
    return /\.[cm]?[jt]sx?$/.test(e.name) ? [p] : [];
  });
}

describe("real parts", () => {
  it("no test replaces a module (vi.mock, vi.doMock)", () => {
    const self = path.join("test", "architecture", "real-parts.test.ts");
    const found = [...files("test"), ...files("src"), ...(fs.existsSync("packages") ? files("packages").filter((f) => f.includes(`${path.sep}test${path.sep}`)) : [])]
      .filter((f) => f !== self && /\.test\.[cm]?[jt]sx?$/.test(f))
      .filter((f) => REPLACES.test(fs.readFileSync(f, "utf8")));
    expect(found, "test through the real module: a real server, database or sign-in (README: Tests)").toEqual([]);
  });
});
