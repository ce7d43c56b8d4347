// Exponential backoff with jitter: the n-th failed attempt waits base × 2^(n-1), capped, then a
// random 50–100 % of that ("equal jitter": never two retries at once, never much sooner than
// planned). Retries stop once the delivery is older than maxAgeMs (3 days).
import type { WebhookConfig } from "@/server/config/webhook-config";

export function retryDelayMs(failedAttempts: number, config: Pick<WebhookConfig, "backoffBaseMs" | "maxDelayMs">, random = Math.random): number {
  const planned = Math.min(config.maxDelayMs, config.backoffBaseMs * 2 ** Math.max(0, Math.min(failedAttempts - 1, 40)));
  return Math.round(planned / 2 + (random() * planned) / 2);
}

/** When to try again, or null when the delivery has used its retry window. */
export function nextAttemptAt(failedAttempts: number, cycleStartedAt: Date, now: Date, config: WebhookConfig, random = Math.random): Date | null {
  const at = new Date(now.getTime() + retryDelayMs(failedAttempts, config, random));
  return at.getTime() - cycleStartedAt.getTime() > config.maxAgeMs ? null : at;
}
