// The timed work of every worker process (docs/decisions/scheduled-work.md): each minute, expire
// deals past their end_date, then send the digests and ending-soon emails due. Every instance runs
// it; unique rows and single UPDATE statements make each effect happen once.
import type { SignInUrlConfig } from "@/server/config/hosted-app-config";
import { expireEndedDeals } from "@/server/services/deals";
import { runDigests } from "./run-digests";

export type ScheduledWork = { stop(): Promise<void> };

const EVERY_MS = 60_000;

export function startScheduledWork(config: SignInUrlConfig, opts: { log: (m: string) => void; everyMs?: number }): ScheduledWork {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return; // the previous minute's run is still going
    running = (async () => {
      try {
        const { expired } = await expireEndedDeals();
        if (expired) opts.log(`deals: ${expired} expired (end_date passed)`);
        const sent = await runDigests(config);
        if (sent.digests || sent.ending_soon) opts.log(`digests: ${sent.digests} digest(s), ${sent.ending_soon} ending-soon email(s) queued`);
      } catch (err) {
        opts.log(`scheduled work failed: ${(err as Error).message}`);
      } finally {
        running = null;
      }
    })();
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, opts.everyMs ?? EVERY_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
