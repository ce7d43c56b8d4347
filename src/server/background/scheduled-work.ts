// The timed work of every worker process (docs/decisions/scheduled-work.md): each minute, the tasks
// in their order (the runtime's: expire deals past their end_date, then send the digests and
// ending-soon emails due). Every instance runs it; unique rows and single UPDATE statements make each
// effect happen once. A task answers what it did in words, or null when there was nothing to do.
export type ScheduledTask = () => Promise<string | null>;

type ScheduledWork = { stop(): Promise<void> };

const EVERY_MS = 60_000;

export function startScheduledWork(tasks: readonly ScheduledTask[], opts: { log: (m: string) => void; everyMs?: number }): ScheduledWork {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return; // the previous minute's run is still going
    running = (async () => {
      try {
        for (const task of tasks) {
          const done = await task();
          if (done) opts.log(done);
        }
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
