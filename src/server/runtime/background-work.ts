// The background work of a process: webhook and email delivery (with the scheduled admin digests),
// the minute's scheduled work (deal expiry, member digests, ending-soon reminders), and the upkeep of
// the events table's monthly partitions. Started once per process by whichever
// entry point runs it — `npm start` (scripts/start.ts), `npm run worker` (scripts/worker.ts), or
// `next start` through src/instrumentation.ts — unless PERKWAY_WORKERS=0, so web and worker processes
// scale separately. Work is claimed with row locks (FOR UPDATE SKIP LOCKED and a lease), so any number
// of processes deliver each webhook and email once (docs/deploy.md).
import { directDatabaseUrl, readEnv, setting } from "@/server/config/env";
import { readHostedAppConfig, type SignInUrlConfig } from "@/server/config/hosted-app-config";
import { readMailConfig, startEmailWorker, type EmailWorker, type MailConfig } from "@/server/services/email";
import { ensureEventPartitions, startEventPartitionKeeper, type EventPartitionKeeper } from "@/server/services/events";
import { readWebhookConfig, startWebhookWorker, type WebhookWorker } from "@/server/services/webhooks";
import { expireEndedDeals } from "@/server/services/deals";
import { runDigests } from "@/server/services/digests";
import { startScheduledWork, type ScheduledTask } from "@/server/background/scheduled-work";

export type BackgroundWork = {
  webhooks: WebhookWorker | null;
  email: EmailWorker | null;
  /** Lets the current deliveries finish (up to graceMs), then stops every loop. */
  stop(opts?: { graceMs?: number }): Promise<void>;
};

type Log = (message: string) => void;

const globalForWork = globalThis as unknown as { perkwayBackgroundWork?: Promise<BackgroundWork | null> };

/**
 * Starts this process's background work once (a second call returns the first's). Null with
 * PERKWAY_WORKERS=0. `mailConfig` defaults to the environment's (a wrong SMTP_URL throws ConfigError).
 */
export function startBackgroundWork(opts: { log: Log; mailConfig?: MailConfig }): Promise<BackgroundWork | null> {
  return (globalForWork.perkwayBackgroundWork ??= start(opts));
}

async function start({ log, mailConfig }: { log: Log; mailConfig?: MailConfig }): Promise<BackgroundWork | null> {
  if (setting("workersOff")) {
    log("PERKWAY_WORKERS=0: no background work in this process (webhooks, emails and partition upkeep run in the worker processes)");
    return null;
  }
  const env = readEnv();
  const mail = mailConfig ?? readMailConfig(env);
  const { scheme, appDomain } = readHostedAppConfig(env);
  // LISTEN needs a session of its own: the direct URL when DATABASE_URL is a pooler.
  const listenUrl = directDatabaseUrl() ?? undefined;

  // This month's and the next partitions exist before the first event; kept ahead hourly.
  await ensureEventPartitions().catch((err: Error) => log(`events: ensuring partitions failed (${err.message}); the DEFAULT partition takes events meanwhile`));
  const partitions: EventPartitionKeeper = startEventPartitionKeeper({ log });
  const webhooks = setting("webhookWorkerOff") ? null : startWebhookWorker(readWebhookConfig(env), { databaseUrl: listenUrl });
  const email = setting("mailWorkerOff") ? null : startEmailWorker(mail, { databaseUrl: listenUrl, baseUrl: `${scheme}://${appDomain}` });
  // Deal expiry, member digests and ending-soon reminders: a minute timer, once-only by unique rows
  // (docs/decisions/scheduled-work.md). Off with the mail worker (tests that drive them by hand).
  const scheduled = setting("mailWorkerOff") ? null : startScheduledWork(minuteTasks(readHostedAppConfig(env)), { log: (m) => log(m) });
  return {
    webhooks,
    email,
    async stop({ graceMs = 2_000 } = {}) {
      partitions.stop();
      await Promise.all([scheduled?.stop(), webhooks?.stop({ graceMs }), email?.stop({ graceMs })]);
    },
  };
}

/** Each minute: deals past their end_date expire first, so the digests that follow never offer them. */
function minuteTasks(config: SignInUrlConfig): ScheduledTask[] {
  return [
    async () => {
      const { expired } = await expireEndedDeals();
      return expired ? `deals: ${expired} expired (end_date passed)` : null;
    },
    async () => {
      const sent = await runDigests(config);
      return sent.digests || sent.ending_soon ? `digests: ${sent.digests} digest(s), ${sent.ending_soon} ending-soon email(s) queued` : null;
    },
  ];
}

/** The work started in this process, if any (the worker's shutdown, tests). */
export function runningBackgroundWork(): Promise<BackgroundWork | null> | undefined {
  return globalForWork.perkwayBackgroundWork;
}
