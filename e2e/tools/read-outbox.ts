// The e2e app runs without SMTP: its emails stay in the outbox table (email_messages). This prints
// the emails sent to one address as JSON, newest first, from the app's own database (DATABASE_URL,
// or the embedded one through its socket, as the operator CLI finds it).
//   tsx e2e/tools/read-outbox.ts <address>
import { bootstrap } from "@/server/runtime/bootstrap";

const to = process.argv[2];
await bootstrap({ quiet: true });
const { db, disconnectDb } = await import("@/server/db/client");
const rows = await db.emailMessage.findMany({ where: { toAddress: to }, orderBy: { createdAt: "desc" }, select: { kind: true, subject: true, text: true, html: true, createdAt: true } });
process.stdout.write(JSON.stringify(rows) + "\n");
await disconnectDb();
process.exit(0);
