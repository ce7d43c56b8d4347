// Under npm (`npm start`, `npm run worker`) the process that serves is npm's shell's child: npm → sh →
// node. A process manager that stops npm with SIGTERM ends npm, npm passes the signal to the shell, and
// the shell dies without passing it on (dash does not forward signals to a running child): this process
// would be left serving, or delivering webhooks, as an orphan beside the instance that replaces it.
// So when its parent goes away, it stops as if it had been sent SIGTERM itself (the entry's handler
// drains and exits). Plain JavaScript: scripts/run-built.mjs loads it before any TypeScript loader.

/** Sends `signal` to this process once, within `everyMs`, after its parent process has gone. */
export function stopWithParent(signal = "SIGTERM", everyMs = 500) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, signal);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
