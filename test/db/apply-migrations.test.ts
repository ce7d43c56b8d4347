// applyMigrations at process start: a database that has every migration (same names, same file
// checksums, all finished) is left alone without loading the schema engine's WebAssembly; anything
// else still goes through the engine — a pending migration is applied, a failed one refused.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { applyMigrations, readMigrationsList, schemaEngineStarts } from "@/server/db/schema-engine";
import { freshDatabase, migrationsUpTo, type FreshDatabase } from "../helpers/fresh-database";

const all = readMigrationsList().migrationDirectories.map((d) => d.path);
const last = all[all.length - 1];
let dir: string;
let db: FreshDatabase;
let second: FreshDatabase | undefined;

async function sql(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-apply-migrations-"));
});
afterAll(async () => {
  await db?.drop();
  await second?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("applyMigrations", { timeout: 120_000 }, () => {
  it("an up-to-date database: nothing applied, and the schema engine is never started", async () => {
    // The suite's database was migrated by the global setup, in another process.
    const before = schemaEngineStarts();
    expect(await applyMigrations(inject("databaseUrl"))).toEqual([]);
    expect(schemaEngineStarts()).toBe(before);
  });

  it("a pending migration is applied although every earlier one is recorded", async () => {
    db = await freshDatabase("perkway_apply");
    const previous = all[all.length - 2];
    expect(await applyMigrations(db.url, migrationsUpTo(dir, previous))).toEqual(all.slice(0, -1));
    expect(await applyMigrations(db.url)).toEqual([last]);
    expect(await applyMigrations(db.url)).toEqual([]);
  });

  it("a failed migration is refused, not taken for applied", async () => {
    await sql(`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = '${last}'`);
    await expect(applyMigrations(db.url)).rejects.toThrow(/failed/i);
    await sql(`UPDATE _prisma_migrations SET finished_at = now() WHERE migration_name = '${last}'`);
    expect(await applyMigrations(db.url)).toEqual([]);
  });

  it("a second copy of this module in the process uses the same engine instance (Next's bundle beside our server)", async () => {
    // The engine ran above (this copy). A fresh copy of the module, as Next's bundle or a runner
    // that resets its modules loads it, must not start a second WebAssembly instance under the
    // engine's one glue module: that mixed the two instances' memories and the engine panicked.
    vi.resetModules();
    const copy = await import("@/server/db/schema-engine");
    second = await freshDatabase("perkway_apply_copy");
    const starts = copy.schemaEngineStarts();
    expect(await copy.applyMigrations(second.url)).toEqual(all);
    expect(copy.schemaEngineStarts()).toBe(starts + 1);
    expect(schemaEngineStarts()).toBe(starts + 1); // one count per process, whichever copy asks
  });
});
