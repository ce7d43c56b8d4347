// An empty database of the test's own, for tests that migrate from nothing, and a copy of the
// migrations that takes it part of the way. On real PostgreSQL a database on the same server (dropped
// afterwards); on PGlite (one database per instance) a fresh in-memory embedded instance.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { startEmbeddedPostgres } from "@/server/db/embedded";

export type FreshDatabase = { url: string; drop: () => Promise<void> };

export async function freshDatabase(prefix = "perkway_fresh"): Promise<FreshDatabase> {
  const base = inject("databaseUrl");
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const [{ v }] = (await admin.query<{ v: string }>("SELECT version() AS v")).rows;
    if (!/PGlite/i.test(v)) {
      const name = `${prefix}_${randomUUID().slice(0, 8)}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const u = new URL(base);
      u.pathname = `/${name}`;
      return {
        url: u.toString(),
        drop: async () => {
          const a = new pg.Client({ connectionString: base });
          await a.connect();
          await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await a.end();
        },
      };
    }
  } finally {
    await admin.end();
  }
  const server = await startEmbeddedPostgres({ dir: null });
  return { url: server.url, drop: () => server.stop({ waitForClientsMs: 0 }) };
}

/** A copy of prisma/migrations under `dir` that stops at `last` (later ones are left out), for applyMigrations. */
export function migrationsUpTo(dir: string, last: string): { schemaPath: string; migrationsDir: string } {
  const migrationsDir = path.join(dir, last);
  fs.mkdirSync(migrationsDir, { recursive: true });
  for (const entry of fs.readdirSync("prisma/migrations")) {
    if (entry > last && entry !== "migration_lock.toml") continue;
    fs.cpSync(path.join("prisma/migrations", entry), path.join(migrationsDir, entry), { recursive: true });
  }
  return { schemaPath: path.resolve("prisma/schema.prisma"), migrationsDir };
}
