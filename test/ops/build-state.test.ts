// When scripts/run-built.mjs may run the compiled entry points (node, no tsx) and when it must run the
// TypeScript sources (issue 45): the compiled server is current while no source is newer than its
// stamp; `start` also needs Next's build to be current, the worker and the CLI do not.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildStaleness, COMPILED_STAMP, compiledServerDir, compiledStaleness, SERVER_PACKAGE_DIR, SERVER_PACKAGE_STAMP, serverBuildStaleness, serverPackageStaleness } from "@/server/runtime/build-state";

let root: string;
const at = (p: string, seconds: number) => {
  const file = path.join(root, p);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, "x");
  fs.utimesSync(file, seconds, seconds);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-build-state-"));
  at("src/server/a.ts", 1_000);
  at("scripts/start.ts", 1_000);
  at("package.json", 1_000);
  at("tsconfig.json", 1_000);
  at(`${SERVER_PACKAGE_DIR}/${SERVER_PACKAGE_STAMP}`, 2_000);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("compiled entry points", () => {
  it("are run only once built, and while no source is newer than the build", () => {
    expect(compiledStaleness("worker", root)).toMatch(/^there is no compiled server in \.next\/perkway-server\/$/);
    at(`.next/perkway-server/${COMPILED_STAMP}`, 2_000);
    expect(compiledServerDir(root)).toBe(path.join(root, ".next", "perkway-server"));
    expect(serverBuildStaleness(root)).toBeNull();
    expect(compiledStaleness("worker", root)).toBeNull();
    expect(compiledStaleness("cli", root)).toBeNull();
    // The server also serves Next's build: without a current one it runs from the sources (which build it).
    expect(compiledStaleness("start", root)).toBe("there is no build in .next/");
    at(".next/BUILD_ID", 2_000);
    expect(buildStaleness(root)).toBeNull();
    expect(compiledStaleness("start", root)).toBeNull();
    // An edited script (not part of Next's build) makes the compiled files stale, not Next's build.
    at("scripts/start.ts", 3_000);
    expect(buildStaleness(root)).toBeNull();
    expect(compiledStaleness("start", root)).toBe(`${path.join("scripts", "start.ts")} changed after the server was compiled`);
    expect(compiledStaleness("worker", root)).toMatch(/changed after the server was compiled$/);
  });

  it("an edited source file makes both Next's build and the compiled server stale", () => {
    at(".next/BUILD_ID", 2_000);
    at(`.next/perkway-server/${COMPILED_STAMP}`, 2_000);
    at("src/server/a.ts", 3_000);
    expect(buildStaleness(root)).toMatch(/^src\/server\/a\.ts changed after the last build$/);
    expect(compiledStaleness("start", root)).toMatch(/^src\/server\/a\.ts changed after the last build$/);
    expect(compiledStaleness("cli", root)).toMatch(/^src\/server\/a\.ts changed after the server was compiled$/);
  });

  it("without the server package (an npm install pruned it) neither Next's build nor the compiled server runs", () => {
    at(".next/BUILD_ID", 2_000);
    at(`.next/perkway-server/${COMPILED_STAMP}`, 2_000);
    expect(compiledStaleness("start", root)).toBeNull();
    fs.rmSync(path.join(root, SERVER_PACKAGE_DIR), { recursive: true });
    expect(buildStaleness(root)).toBe("there is no server package in node_modules/@perkway/server/");
    expect(compiledStaleness("worker", root)).toBe("there is no server package in node_modules/@perkway/server/");
    // An edited source makes the package stale as well (npm start then builds it before Next's build).
    at(`${SERVER_PACKAGE_DIR}/${SERVER_PACKAGE_STAMP}`, 2_000);
    at("src/server/a.ts", 3_000);
    expect(serverPackageStaleness(root)).toBe(`${path.join("src", "server", "a.ts")} changed after the server package was built`);
  });
});
