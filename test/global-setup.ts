// Test database: DATABASE_URL when set (CI: a fresh PostgreSQL database), otherwise a throwaway
// in-memory PGlite served over a local socket. Migrations are applied once here.
// Tests that skip because what they need is missing (test/helpers/requires-postgres.ts) write a line
// to a file of this run; the summary is printed at the end, so a skip is never silent.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { applyMigrations } from "@/server/db/schema-engine";

export default async function setup(project: TestProject) {
  let stop = async () => {};
  let url = process.env.DATABASE_URL;
  const embedded = !url;
  if (!url) {
    const server = await startEmbeddedPostgres({ dir: null });
    url = server.url;
    stop = () => server.stop({ waitForClientsMs: 0 });
  }
  // Through a transaction-mode pooler (scripts/test.ts's PgBouncer run) migrations take the direct URL.
  await applyMigrations(process.env.DATABASE_DIRECT_URL || url);
  process.env.DATABASE_URL = url;
  project.provide("databaseUrl", url);
  project.provide("embeddedDatabase", embedded);
  const skipDir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-skips-"));
  const skipLog = path.join(skipDir, "skipped.jsonl");
  project.provide("skipLog", skipLog);
  return async () => {
    printSkipped(skipLog);
    fs.rmSync(skipDir, { recursive: true, force: true });
    await stop();
  };
}

function printSkipped(file: string) {
  if (!fs.existsSync(file)) return;
  const skips = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { file: string; test: string; reason: string });
  if (skips.length === 0) return;
  const byReason = new Map<string, string[]>();
  for (const s of skips) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), `${s.file} > ${s.test}`]);
  const lines = [`\n${skips.length} test(s) SKIPPED, each with its reason (PERKWAY_REQUIRE_POSTGRES_TESTS=1 turns a skip for something missing into a failure; "left out on purpose" stays a skip):`];
  for (const [reason, tests] of byReason) lines.push(`  ${reason}:`, ...tests.sort().map((t) => `    - ${t}`));
  console.log(lines.join("\n"));
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** No DATABASE_URL: the suite runs on the embedded PGlite (one session, transactions serialized). */
    embeddedDatabase: boolean;
    /** JSON lines of the tests skipped by test/helpers/requires-postgres.ts, printed at the end. */
    skipLog: string;
  }
}
