// Benchmarks cannot rot: the two that need the running app and a browser (bench:hosted and
// bench:api-reference) run here at a tiny size against the e2e app and must exit 0 with their
// figures printed. Timings are not judged (the in-process benches: test/bench/benches-run-tiny.test.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { requireEnv } from "./env";

function runBench(script: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), `bench/${script}.ts`, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 240_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

test.describe("benchmarks at a tiny size", () => {
  test.describe.configure({ timeout: 300_000 });

  test("bench:hosted", () => {
    const { status, out } = runBench("hosted", ["--members", "2", "--duration", "2"], { BENCH_BASE_URL: requireEnv("E2E_BASE_URL"), BENCH_CREDENTIALS_FILE: requireEnv("E2E_CREDENTIALS_FILE"), BENCH_METRICS_TOKEN: requireEnv("E2E_METRICS_TOKEN") });
    expect(status, out.slice(-3000)).toBe(0);
    expect(out).toMatch(/p99/);
    expect(out).toMatch(/server CPU per render, deal list \/ baseline +\d+\.\d \/ \d+\.\d ms +×\d+\.\d\d/);
    expect(out).toMatch(/GC in the server: \w/); // "none" or the collections; "—" when the token is missing
  });

  test("bench:api-reference", () => {
    const { status, out } = runBench("api-reference", [], { BENCH_URL: requireEnv("E2E_BASE_URL"), BENCH_RUNS: "1" });
    expect(status, out.slice(-3000)).toBe(0);
    expect(out).toMatch(/median: first byte \d+ ms, outline painted \d+ ms/);
  });
});
