// Test database: DATABASE_URL when set (CI: a fresh PostgreSQL database), otherwise a throwaway
// in-memory PGlite served over a local socket. Migrations are applied once here.
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { applyMigrations } from "@/server/db/schema-engine";

export default async function setup(project: TestProject) {
  let stop = async () => {};
  let url = process.env.DATABASE_URL;
  if (!url) {
    const server = await startEmbeddedPostgres({ dir: null });
    url = server.url;
    stop = () => server.stop({ waitForClientsMs: 0 });
  }
  await applyMigrations(url);
  process.env.DATABASE_URL = url;
  project.provide("databaseUrl", url);
  return async () => stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
