// Who may read GET /metrics: with METRICS_TOKEN set, a request to the app's port bearing it;
// without it, nobody there (404). METRICS_PORT, when set, serves the same metrics with no token on
// a second port bound to 127.0.0.1 only (for a scraper on the same host or a sidecar).
import { ConfigError } from "./config-error";
import { readEnv, type Env } from "./env";

export type MetricsConfig = { token: string | null; port: number | null };

/** Pure: the config an environment describes. Throws on a value that cannot be right. */
export function readMetricsConfig(env: Env = readEnv()): MetricsConfig {
  const token = (env.METRICS_TOKEN ?? "").trim() || null;
  const rawPort = (env.METRICS_PORT ?? "").trim();
  const port = rawPort ? Number(rawPort) : null;
  if (port !== null && (!Number.isInteger(port) || port < 1 || port > 65535)) throw new ConfigError(`METRICS_PORT must be a port number (1–65535), got "${rawPort}"`);
  return { token, port };
}
