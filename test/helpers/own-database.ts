// A scenario on a database of the test's own, in a child process: for a test that must assert one
// exact value about the whole catalogue (a list's total, a count of claimable deals), which other
// test files change meanwhile when they share the test database (catalogue deals are every partner's).
// The child (test/helpers/own-database-child.ts) runs the scenario module's default export against
// a fresh, migrated database (test/helpers/deployment.ts: beside the test database on PostgreSQL,
// an in-memory PGlite otherwise) and hands back what it returns; the test asserts on that.
import { spawn } from "node:child_process";
import path from "node:path";
import { inject } from "vitest";
import { privateDatabase } from "./deployment";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MARK = "@@own-database-result ";

export async function runOnOwnDatabase<T>(scenarioFile: string): Promise<T> {
  const database = await privateDatabase(inject("databaseUrl"));
  try {
    const env = { ...process.env, DATABASE_URL: database.url, DATABASE_DIRECT_URL: database.url, LOG_LEVEL: "silent" };
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "test/helpers/own-database-child.ts"), path.resolve(scenarioFile)], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
    const line = out.split("\n").find((l) => l.startsWith(MARK));
    if (code !== 0 || !line) throw new Error(`the scenario ${scenarioFile} failed (exit ${code}):\n${out.slice(-4000)}`);
    return JSON.parse(line.slice(MARK.length)) as T;
  } finally {
    await database.drop();
  }
}
