// npm run db:check — fails when prisma/schema.prisma and the committed migrations differ.
import { diffMigrationsToSchema } from "@/server/db/schema-engine";

const sql = await diffMigrationsToSchema();
if (sql) {
  console.error("schema.prisma has changes that no migration contains. Run `npm run db:migration <name>`.\n");
  console.error(sql);
  process.exit(1);
}
console.error("schema.prisma and prisma/migrations agree");
