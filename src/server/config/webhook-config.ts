// Operator settings of webhooks (docs/webhooks.md), read by the adapters (route handlers, tRPC,
// the server start) and passed down: services take them as arguments.
import { memoizeConfig, type Env } from "./env";

export type WebhookConfig = {
  /** WEBHOOK_ALLOW_PRIVATE=1: private, loopback and link-local targets allowed (tests, local development). */
  allowPrivate: boolean;
  /** Wait at most this long for a receiver's answer (10 s at most: docs/webhooks.md). */
  timeoutMs: number;
  /** First retry delay; each further one doubles (with jitter) up to maxDelayMs. */
  backoffBaseMs: number;
  maxDelayMs: number;
  /** Retries stop (delivery failed, endpoint failing) once a delivery is this old: 3 days. */
  maxAgeMs: number;
  /** How often an idle worker looks for due deliveries besides LISTEN/NOTIFY wake-ups. */
  pollMs: number;
  /** Deliveries in flight per worker process. */
  concurrency: number;
};

const DAY = 24 * 3600 * 1000;

function numberOf(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} must be a number between ${min} and ${max}, got "${raw}"`);
  return n;
}

export function readWebhookConfig(env: Env): WebhookConfig {
  return {
    allowPrivate: ["1", "true", "yes"].includes((env.WEBHOOK_ALLOW_PRIVATE ?? "").trim().toLowerCase()),
    timeoutMs: numberOf(env, "WEBHOOK_TIMEOUT_MS", 10_000, 100, 10_000),
    backoffBaseMs: numberOf(env, "WEBHOOK_BACKOFF_BASE_MS", 30_000, 1, DAY),
    maxDelayMs: numberOf(env, "WEBHOOK_BACKOFF_MAX_MS", 8 * 3600 * 1000, 1, DAY),
    maxAgeMs: numberOf(env, "WEBHOOK_MAX_AGE_MS", 3 * DAY, 1, 30 * DAY),
    pollMs: numberOf(env, "WEBHOOK_POLL_MS", 250, 10, 60_000),
    concurrency: numberOf(env, "WEBHOOK_CONCURRENCY", 64, 1, 1000),
  };
}

const WEBHOOK_VARIABLES = ["WEBHOOK_ALLOW_PRIVATE", "WEBHOOK_TIMEOUT_MS", "WEBHOOK_BACKOFF_BASE_MS", "WEBHOOK_BACKOFF_MAX_MS", "WEBHOOK_MAX_AGE_MS", "WEBHOOK_POLL_MS", "WEBHOOK_CONCURRENCY"];

/** The process's webhook settings. */
export const webhookConfig = memoizeConfig(WEBHOOK_VARIABLES, readWebhookConfig);
