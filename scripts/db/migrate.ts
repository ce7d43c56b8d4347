// npm run db:migrate — apply pending migrations to the configured (or embedded) database.
import { resolveDatabase } from "@/server/db/resolve-database";

const db = await resolveDatabase();
try {
  const { applied } = db;
  console.error(applied.length ? `applied ${applied.length} migration(s): ${applied.join(", ")}` : "database is up to date");
} finally {
  await db.stop();
}
