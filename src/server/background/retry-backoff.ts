// When an outbox row (a webhook delivery, an email) that failed is tried again: exponential backoff with
// equal jitter. The n-th failed attempt waits base × 2^(n-1), capped at maxDelayMs, then a random 50–100 %
// of that (never two retries at once, never much sooner than planned). Retries stop — null — once the
// next attempt would fall more than maxAgeMs after the row's start (webhooks: 3 days, email: 2 days).
type RetrySchedule = { backoffBaseMs: number; maxDelayMs: number; maxAgeMs: number };

/** When to try again, or null when the row has used its retry window. */
export function nextRetryAt(failedAttempts: number, startedAt: Date, now: Date, schedule: RetrySchedule, random = Math.random): Date | null {
  const planned = Math.min(schedule.maxDelayMs, schedule.backoffBaseMs * 2 ** Math.max(0, Math.min(failedAttempts - 1, 40)));
  const at = new Date(now.getTime() + Math.round(planned / 2 + (random() * planned) / 2));
  return at.getTime() - startedAt.getTime() > schedule.maxAgeMs ? null : at;
}
