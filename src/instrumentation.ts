// Runs once when a Next server starts (our own server's Next, and `next start`). Under `next start`
// this is where the database is picked and the background work starts (src/server/runtime/next-start.ts),
// and React Email's templates are loaded before the first email (src/emails/render-email.ts); `next
// build` skips it. Under our own server (npm start) scripts/start.ts has done all of it already, so
// nothing else is imported here: Next compiles this file in a layer of its own, and every module it imports
// would be one more copy of our server code in the process (docs/decisions/lean-server.md, section 9);
// what it imports under `next start` comes from the server package, loaded once per process (section 10).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { isOwnServer } = await import("@perkway/server/runtime/process-role"); // a flag on globalThis: no other import
  if (isOwnServer()) return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // From the server package: the copy that renders the emails (§10 of lean-server.md).
  const { preloadEmailTemplates } = await import("@perkway/server/services/email");
  void preloadEmailTemplates().catch(() => {});
  const { prepareNextServerProcess } = await import("@perkway/server/runtime/next-start");
  await prepareNextServerProcess();
}
