// Prisma's CLI insists on a native schema-engine binary it cannot download here; `generate` never
// runs it, so any existing file satisfies the check. Migrations use the WebAssembly engine
// (scripts/db/migrate.ts) instead of the CLI.
import path from "node:path";
import { defineConfig } from "prisma/config";

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("package.json");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://embedded/perkway" },
});
