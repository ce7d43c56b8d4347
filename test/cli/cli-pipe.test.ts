// Issue 44, item 19: the CLI's JSON arrives whole through a pipe. `catalog:import` of 1,500 deals
// prints about 135 KB, twice a Linux pipe's 64 KiB buffer; `process.exit` used to drop what the pipe
// had not taken yet. The reader here is `cat`, as in `npm run cli -- … | cat`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

function pipeThroughCat(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Before the fix this printed exactly 65,536 bytes: the rest was queued behind the full pipe at exit.
    const child = spawn("sh", ["-c", 'node scripts/run-built.mjs scripts/cli.ts "$@" | cat', "sh", ...args], { env: process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ status: code ?? 1, stdout, stderr }));
  });
}

describe("the CLI through a pipe", () => {
  it("prints the whole JSON of a 1,500-deal catalog:import", { timeout: 180_000 }, async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    // Inactive and hidden: these deals never show in another test's catalogue.
    const deals = Array.from({ length: 1500 }, (_, i) => ({
      slug: `pipe-${tag}-${String(i).padStart(4, "0")}`,
      product_name: `Pipe test deal ${tag} ${i}`,
      short_description: "A deal imported to check the CLI's output through a pipe.",
      active: false,
      hidden_globally: true,
    }));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cli-pipe-")), "catalogue.json");
    fs.writeFileSync(file, JSON.stringify(deals));
    const { status, stdout, stderr } = await pipeThroughCat(["catalog:import", file]);
    expect(status, stderr).toBe(0);
    expect(stdout.length).toBeGreaterThan(65_536);
    const json = JSON.parse(stdout);
    expect(JSON.stringify(json)).toContain(`pipe-${tag}-1499`);
  });
});
