// npm run db:migrate — apply pending migrations to the configured (or embedded) database.
import { resolveDatabase } from "@/server/db/resolve-database";
import { applyMigrations } from "@/server/db/schema-engine";

const db = await resolveDatabase();
try {
  const applied = await applyMigrations(db.url);
  console.error(applied.length ? `applied ${applied.length} migration(s): ${applied.join(", ")}` : "database is up to date");
} finally {
  await db.stop();
}
