// The one reader (and, for launchers, writer) of process.env: eslint.config.mjs refuses
// `process.env` everywhere else. Exceptions, each because this module cannot reach it there:
//   - src/instrumentation.ts: NEXT_RUNTIME, which Next inlines per bundle;
//   - src/trpc/react.tsx: a "use client" module (NODE_ENV, inlined by Next; PORT on the server pass);
//   - scripts/test.ts, scripts/e2e.ts, scripts/sdk/**: test and SDK tooling that hands an
//     environment to child processes and never runs inside the app;
//   - scripts/run-built.mjs (plain JavaScript, outside the lint rule's files): NEXT_DIST_DIR, to find the
//     compiled entry points before any module of ours is loaded (and NODE_ENV for its one message);
//   - next.config.*, prisma.config.ts, vitest/playwright configs: read by their tools, not the app.
// Values are read when first asked for and parsed again only when the raw string changes: launchers
// set AUTH_SECRET, DATABASE_URL and APP_DOMAIN before the app runs, and tests change a variable
// between cases, so a value is never frozen before its owner has set it.
import { z } from "zod";

/** An environment object: the area readers (hosted-app-config.ts, mail-config.ts, …) take one so tests pass their own. */
export type Env = Record<string, string | undefined>;

/** The process's environment as it is now, for the area readers. */
export function readEnv(): Env {
  return process.env;
}

/** The environment to hand to a child process (next build): this process's, as the launcher set it. */
export function childProcessEnv(): NodeJS.ProcessEnv {
  return process.env;
}

/** For launchers: set a variable for this process and every process it starts. */
export function setEnv(name: string, value: string): void {
  process.env[name] = value;
}

/** For launchers: set a variable unless the operator did. Returns the value in force. */
export function defaultEnv(name: string, value: string): string {
  return (process.env[name] ??= value);
}

/** `read(env)` again only when one of `names` changed since the last call. */
export function memoizeConfig<T>(names: readonly string[], read: (env: Env) => T): () => T {
  let last: { key: string; value: T } | null = null;
  return () => {
    const key = JSON.stringify(names.map((n) => process.env[n] ?? null));
    if (last?.key !== key) last = { key, value: read(process.env) };
    return last.value;
  };
}

// ---- Simple settings: one variable each, typed by zod with the defaults of README "Configuration".
const flagOne = z.string().optional().transform((v) => v === "1");
const positiveInt = (fallback: number) =>
  z.string().optional().transform((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  });
const trimmedOrNull = z.string().optional().transform((v) => v?.trim() || null);

const SETTINGS = {
  /** TRUST_PROXY=1: X-Forwarded-For / -Host / -Proto come from our own reverse proxy. */
  trustProxy: ["TRUST_PROXY", flagOne],
  /** SUPER_ADMIN_REQUIRE_2FA=1: super admins must sign in with a second factor (set up at their next sign-in). */
  superAdminRequire2fa: ["SUPER_ADMIN_REQUIRE_2FA", flagOne],
  /** PROVIDER_REQUIRE_2FA=1: provider users must sign in with a second factor (the platform setting of contract section 17). */
  providerRequire2fa: ["PROVIDER_REQUIRE_2FA", flagOne],
  /** AUTH_TOKEN_TTL_SECONDS: partner token lifetime (900). */
  tokenTtlSeconds: ["AUTH_TOKEN_TTL_SECONDS", positiveInt(900)],
  /** IDEMPOTENCY_ABANDONED_AFTER_MS: a first request still running after this is taken over (60000). */
  idempotencyAbandonedAfterMs: ["IDEMPOTENCY_ABANDONED_AFTER_MS", z.string().optional().transform((v) => Number(v ?? 60_000))],
  /** DATABASE_URL, empty as unset: null means the embedded database. */
  databaseUrl: ["DATABASE_URL", z.string().optional().transform((v) => v || null)],
  /** DATABASE_DIRECT_URL: a direct (not pooled) connection for migrations and LISTEN; null: DATABASE_URL serves both. */
  databaseDirectUrl: ["DATABASE_DIRECT_URL", z.string().optional().transform((v) => v || null)],
  /** PERKWAY_WORKERS=0: no background work (deliveries, partition upkeep, scheduled emails) in this process. */
  workersOff: ["PERKWAY_WORKERS", z.string().optional().transform((v) => v === "0")],
  /** PERKWAY_NEXT_DOOR=route-handlers: under `next start` the API goes through Next's route handlers, not in front of Next's listener (runtime/front-of-next.ts; a diagnosis switch). */
  nextDoorRouteHandlers: ["PERKWAY_NEXT_DOOR", z.string().optional().transform((v) => v === "route-handlers")],
  /** PERKWAY_CHANGE_FEED=0 turns the LISTEN connection off in this process. */
  changeFeedOff: ["PERKWAY_CHANGE_FEED", z.string().optional().transform((v) => v === "0")],
  /** SMTP_URL set at all (mail-config.ts validates it). */
  smtpConfigured: ["SMTP_URL", trimmedOrNull.transform(Boolean)],
  /** REDIS_URL: rate-limit buckets shared by every instance; null keeps them in memory. */
  redisUrl: ["REDIS_URL", z.string().optional().transform((v) => v || null)],
  /** PERKWAY_TEST_FAULTS=1: a member page asked with the header `x-perkway-test-fault: page|layout` throws (the browser suite's check of the branded error pages). Never in production. */
  testFaults: ["PERKWAY_TEST_FAULTS", flagOne],
  /** AUTH_SECRET as given (crypto/auth-secret.ts checks it; bootstrap generates one when unset). */
  authSecret: ["AUTH_SECRET", z.string().optional()],
  /** AUTH_SECRET_PREVIOUS: the secret before a rotation, still accepted (docs/decisions/secret-rotation.md). */
  authSecretPrevious: ["AUTH_SECRET_PREVIOUS", z.string().optional()],
  /** APP_DOMAIN as given (hosted-app-config.ts parses it; unset: localhost:$PORT). */
  appDomain: ["APP_DOMAIN", z.string().optional()],
  /** NODE_ENV as the launcher set it. */
  nodeEnv: ["NODE_ENV", z.string().optional()],
  /** PORT (3000). */
  port: ["PORT", z.string().optional().transform((v) => Number(v ?? 3000))],
  /** HOST, the interface to bind (0.0.0.0). */
  host: ["HOST", z.string().optional().transform((v) => v ?? "0.0.0.0")],
  /** PERKWAY_DATA_DIR: embedded database, secret and demo credentials (.data). */
  dataDir: ["PERKWAY_DATA_DIR", z.string().optional().transform((v) => v ?? ".data")],
  /** SEED_DEMO as given: "1", "0" or unset (scripts/lib/seed-policy.ts decides). */
  seedDemo: ["SEED_DEMO", z.string().optional()],
  /** EVENT_RETENTION_DAYS as given (the CLI validates it like --older-than-days). */
  eventRetentionDays: ["EVENT_RETENTION_DAYS", z.string().optional()],
  /** MAIL_WORKER=0 / WEBHOOK_WORKER=0: no delivery worker in this process. */
  mailWorkerOff: ["MAIL_WORKER", z.string().optional().transform((v) => v === "0")],
  webhookWorkerOff: ["WEBHOOK_WORKER", z.string().optional().transform((v) => v === "0")],
  /** NEXT_DIST_DIR: where the Next build is (.next). */
  nextDistDir: ["NEXT_DIST_DIR", z.string().optional().transform((v) => v || ".next")],
  /** PERKWAY_SCHEMA_PATH / PERKWAY_MIGRATIONS_DIR: the Prisma schema and migrations (tests point elsewhere). */
  schemaPath: ["PERKWAY_SCHEMA_PATH", z.string().optional().transform((v) => v ?? "prisma/schema.prisma")],
  migrationsDir: ["PERKWAY_MIGRATIONS_DIR", z.string().optional().transform((v) => v ?? "prisma/migrations")],
} as const satisfies Record<string, readonly [string, z.ZodType<unknown, string | undefined>]>;

type Settings = typeof SETTINGS;
export type SettingName = keyof Settings;
export type SettingValue<K extends SettingName> = z.output<Settings[K][1]>;

const parsed = new Map<SettingName, { raw: string | undefined; value: unknown }>();

/** The connection for migrations and LISTEN: DATABASE_DIRECT_URL, else DATABASE_URL (null: not resolved yet). */
export function directDatabaseUrl(): string | null {
  return setting("databaseDirectUrl") ?? setting("databaseUrl");
}

/** A typed setting, parsed once per raw value. */
export function setting<K extends SettingName>(name: K): SettingValue<K> {
  const [variable, schema] = SETTINGS[name];
  const raw = process.env[variable];
  const hit = parsed.get(name);
  if (hit && hit.raw === raw) return hit.value as SettingValue<K>;
  const value = schema.parse(raw);
  parsed.set(name, { raw, value });
  return value as SettingValue<K>;
}
