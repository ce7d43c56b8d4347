// Operator settings of email (docs/email.md), read once at start (the server start, the CLI, tests)
// and passed down: services take them as arguments. A wrong SMTP_URL or MAIL_FROM is a
// ConfigError, which the launchers print as a start-up error.
import { hostnameOf } from "./app-host";
import { ConfigError } from "./config-error";
import { readEnv, type Env } from "./env";

export type MailConfig = {
  /** null: no SMTP_URL, nothing leaves the machine (emails are kept for the mailbox page and logged). */
  smtpUrl: string | null;
  /** The address every email is sent from (MAIL_FROM); member emails show the partner's name. */
  fromAddress: string;
  /** Display name of platform emails (MAIL_FROM's own display name, or "Perkway"). */
  fromName: string;
  /** First retry delay; each further one doubles (with jitter) up to maxDelayMs. */
  backoffBaseMs: number;
  maxDelayMs: number;
  /** Retries stop (the email is marked failed) once an email is this old. */
  maxAgeMs: number;
  /** How often an idle worker looks for due emails besides LISTEN/NOTIFY wake-ups. */
  pollMs: number;
  /** Emails in flight per worker process. */
  concurrency: number;
  /** SMTP connection and answer timeout. */
  timeoutMs: number;
  /** The UTC hour from which each day's digests are sent. */
  digestHourUtc: number;
};

const DAY = 24 * 3600 * 1000;
const ADDRESS_RE = /^[^\s@<>"]+@[^\s@<>"]+\.?[^\s@<>"]*$/;

function numberOf(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new ConfigError(`${name} must be a number between ${min} and ${max}, got "${raw}"`);
  return n;
}

/** `smtp://` or `smtps://`, a host, optional user:password and port. Throws ConfigError otherwise. */
export function parseSmtpUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`SMTP_URL is not a URL: expected smtp://user:password@host:port or smtps://…, got "${redact(raw)}"`);
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//…"`);
  }
  if (!url.hostname) throw new ConfigError("SMTP_URL names no host: expected smtp://user:password@host:port");
  if (url.port && (Number(url.port) < 1 || Number(url.port) > 65535)) throw new ConfigError(`SMTP_URL has an invalid port "${url.port}"`);
  return raw;
}

/** The URL without its password, for messages and logs. */
export function redact(raw: string): string {
  return raw.replace(/\/\/([^:/@]*):[^@/]*@/, "//$1:***@");
}

/** "Name <a@b>" or "a@b" → its parts. */
function parseMailFrom(raw: string): { name: string | null; address: string } | null {
  const m = /^\s*(?:"?([^"<]*?)"?\s*<([^>]+)>|([^\s<>]+))\s*$/.exec(raw);
  if (!m) return null;
  const address = (m[2] ?? m[3] ?? "").trim();
  if (!ADDRESS_RE.test(address)) return null;
  return { name: m[1]?.trim() || null, address };
}

export function readMailConfig(env: Env = readEnv()): MailConfig {
  const smtpRaw = env.SMTP_URL?.trim() || null;
  const smtpUrl = smtpRaw ? parseSmtpUrl(smtpRaw) : null;
  const appHost = hostnameOf(env.APP_DOMAIN?.trim() || "localhost");
  const fromRaw = env.MAIL_FROM?.trim() || `Perkway <no-reply@${appHost.includes(".") ? appHost : "perkway.localhost"}>`;
  const from = parseMailFrom(fromRaw);
  if (!from) throw new ConfigError(`MAIL_FROM must be an email address ("no-reply@example.com" or "Perkway <no-reply@example.com>"), got "${fromRaw}"`);
  return {
    smtpUrl,
    fromAddress: from.address,
    fromName: from.name ?? "Perkway",
    backoffBaseMs: numberOf(env, "MAIL_BACKOFF_BASE_MS", 30_000, 1, DAY),
    maxDelayMs: numberOf(env, "MAIL_BACKOFF_MAX_MS", 3600_000, 1, DAY),
    maxAgeMs: numberOf(env, "MAIL_MAX_AGE_MS", 2 * DAY, 1, 30 * DAY),
    pollMs: numberOf(env, "MAIL_POLL_MS", 1_000, 10, 60_000),
    concurrency: numberOf(env, "MAIL_CONCURRENCY", 4, 1, 100),
    timeoutMs: numberOf(env, "MAIL_TIMEOUT_MS", 30_000, 100, 120_000),
    digestHourUtc: numberOf(env, "MAIL_DIGEST_HOUR_UTC", 8, 0, 23),
  };
}
