// An email worker in its own process (like one app instance), for the crash test:
//   DATABASE_URL=… AUTH_SECRET=… SMTP_URL=… MAIL_*=… tsx test/email/worker-process.ts
// Prints "ready" on stdout once started.
import { readMailConfig, startEmailWorker } from "@/server/services/email";

const worker = startEmailWorker(readMailConfig(process.env), { databaseUrl: process.env.DATABASE_URL, log: (m) => console.error(m) });
process.stdout.write("ready\n");
process.on("SIGTERM", async () => {
  await worker.stop({ graceMs: 1000 });
  process.exit(0);
});
