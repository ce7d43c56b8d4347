// Exponential backoff with equal jitter, as for webhooks (src/server/services/webhooks/retry-schedule.ts):
// the n-th failed attempt waits base × 2^(n-1), capped, then 50–100 % of that. Retries stop once
// the email is older than maxAgeMs.
import type { MailConfig } from "@/server/config/mail-config";

export function nextEmailAttemptAt(failedAttempts: number, createdAt: Date, now: Date, config: MailConfig, random = Math.random): Date | null {
  const planned = Math.min(config.maxDelayMs, config.backoffBaseMs * 2 ** Math.max(0, Math.min(failedAttempts - 1, 40)));
  const at = new Date(now.getTime() + Math.round(planned / 2 + (random() * planned) / 2));
  return at.getTime() - createdAt.getTime() > config.maxAgeMs ? null : at;
}
