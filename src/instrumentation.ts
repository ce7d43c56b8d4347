// Runs once when the Next server starts. Emails are rendered inside the transaction that queues them,
// so React Email and the templates are loaded now, not on the first email (src/emails/render-email.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { preloadEmailTemplates } = await import("@/emails");
    void preloadEmailTemplates().catch(() => {});
  }
}
