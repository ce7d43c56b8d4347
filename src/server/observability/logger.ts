// The one logger of the process (pino): one JSON object per line on stdout, `level` as a word, `time`
// in ISO 8601, the current request's id (request-context.ts) on every line written while serving
// it, secrets redacted by key and, on the serialized line, by shape (redact.ts). LOG_LEVEL as pino
// knows it (`silent` turns logging off); tests are silent unless LOG_LEVEL is set; `npm run dev`
// prints readable lines (pino-pretty, a dev dependency) unless LOG_FORMAT=json.
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { currentRequest } from "./request-context";
import { redactSecrets, SECRET_KEYS } from "./redact";
import { readEnv, type Env } from "@/server/config/env";

const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [`["${k}"]`, `*["${k}"]`, `*.*["${k}"]`]);

function loggerOptions(env: Env = readEnv()): LoggerOptions {
  const quiet = env.NODE_ENV === "test" && !env.LOG_LEVEL;
  return {
    level: quiet ? "silent" : (env.LOG_LEVEL || "info"),
    base: undefined, // no pid/hostname on every line: the platform's log shipper adds where a line came from
    messageKey: "msg",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    mixin() {
      const ctx = currentRequest();
      if (!ctx) return {};
      return { request_id: ctx.requestId, ...(ctx.partnerId ? { partner_id: ctx.partnerId, environment: ctx.environment ?? null } : {}) };
    },
    hooks: { streamWrite: redactSecrets },
  };
}

function prettyStream(env: Env): DestinationStream | undefined {
  if (env.NODE_ENV !== "development" || env.LOG_FORMAT === "json") return undefined;
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (opts: object) => DestinationStream;
    return pretty({ sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "time" });
  } catch {
    return undefined; // production install without dev dependencies: JSON lines
  }
}

/** A logger writing to `destination` (stdout by default); tests pass their own stream. */
export function createLogger(destination?: DestinationStream, env: Env = readEnv()): Logger {
  return pino(loggerOptions(env), destination ?? prettyStream(env) ?? pino.destination({ fd: 1, sync: false }));
}

const g = globalThis as unknown as { perkwayLogger?: Logger };

/** The process's logger, shared by the API path and Next's bundle. */
export function logger(): Logger {
  return (g.perkwayLogger ??= createLogger());
}

/** A child logger for one component (`webhooks`, `events`…): its lines carry `component`. */
export function componentLogger(component: string): Logger {
  return logger().child({ component });
}

/** The fields of an error worth logging (message and stack, never the objects it holds). */
export function errorFields(err: unknown): { error: string; stack?: string } {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}
