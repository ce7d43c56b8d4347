// bench/redirect.ts in its tiny mode (5 connections, 1 s): the benchmark keeps running as the code
// changes (CI), and every tracked redirect it makes answers 302 with its click recorded.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, inject, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

it("bench:redirect --tiny runs and reports both rows without errors", () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "bench/redirect.ts", "--tiny"], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: inject("databaseUrl"), LOG_LEVEL: "silent" },
    timeout: 120_000,
  });
  expect(r.status, r.stderr + r.stdout).toBe(0);
  const line = r.stdout.split("\n").find((l) => l.startsWith("BENCH_RESULT "));
  const result = JSON.parse(line!.slice("BENCH_RESULT ".length));
  expect(result.tracked.errors).toBe(0);
  expect(result.baseline.errors).toBe(0);
  expect(result.tracked.total).toBeGreaterThan(0);
  expect(result.events).toBeGreaterThanOrEqual(result.tracked.total);
}, 150_000);
