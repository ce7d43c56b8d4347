// Runs once when a Next server starts (our own server's Next, and `next start`). Emails are rendered
// inside the transaction that queues them, so React Email and the templates are loaded now, not on the
// first email (src/emails/render-email.ts). Under `next start` this is also where the database is
// picked and the background work starts (src/server/runtime/next-start.ts); `next build` skips it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { preloadEmailTemplates } = await import("@/emails");
  void preloadEmailTemplates().catch(() => {});
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { prepareNextServerProcess } = await import("@/server/runtime/next-start");
  await prepareNextServerProcess();
}
