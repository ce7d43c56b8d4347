// A worker in its own process (like one app instance), for the crash and two-instance tests:
//   DATABASE_URL=… AUTH_SECRET=… WEBHOOK_*=… tsx test/webhooks/worker-process.ts
// Prints "ready" on stdout once started; SIGTERM stops it cleanly.
import { readWebhookConfig } from "@/server/services/webhooks";
import { startWebhookWorker } from "@/server/services/webhooks/webhook-worker";

const worker = startWebhookWorker(readWebhookConfig(process.env), { databaseUrl: process.env.DATABASE_URL, log: (m) => console.error(m) });
process.stdout.write("ready\n");
process.on("SIGTERM", async () => {
  await worker.stop({ graceMs: 1000 });
  process.exit(0);
});
