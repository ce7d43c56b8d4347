// Where magic sign-in links point, read from the environment for the adapters (services take this
// object as an argument). Never derived from a request's Host header, which a client controls.
import { isLocalHost } from "./app-host";
import { memoizeConfig, type Env } from "./env";

/** What building a sign-in URL needs from configuration (services take it as an argument). */
export type SignInUrlConfig = {
  /** APP_DOMAIN, host with optional port: "perkway.com", "localhost:3000". */
  appDomain: string;
  scheme: "https" | "http";
  /** HOSTED_APP_PATH_FALLBACK: `{scheme}://{appDomain}/p/{subdomain}/…` where wildcard DNS is missing. */
  pathFallback: boolean;
};

export type MagicLinkConfig = SignInUrlConfig & {
  /** Lifetime of a link; 900 (15 minutes) by default. */
  ttlSeconds: number;
};

const DEFAULT_APP_DOMAIN = "localhost:3000";
const DEFAULT_MAGIC_LINK_TTL_SECONDS = 15 * 60;

/** Pure: the config an environment describes. Throws on a value that cannot be right. */
export function readHostedAppConfig(env: Env): MagicLinkConfig {
  const appDomain = (env.APP_DOMAIN ?? "").trim().toLowerCase().replace(/\/+$/, "") || DEFAULT_APP_DOMAIN;
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(appDomain) && !/^\[[0-9a-f:]+\](:\d{1,5})?$/.test(appDomain)) {
    throw new Error(`APP_DOMAIN must be a host name with an optional port (e.g. perkway.com or localhost:3000), got "${appDomain}"`);
  }
  const rawScheme = (env.APP_URL_SCHEME ?? "").trim().toLowerCase();
  if (rawScheme && rawScheme !== "https" && rawScheme !== "http") throw new Error(`APP_URL_SCHEME must be https or http, got "${rawScheme}"`);
  const scheme = (rawScheme || (isLocalHost(appDomain) ? "http" : "https")) as "http" | "https";
  const pathFallback = ["1", "true", "yes"].includes((env.HOSTED_APP_PATH_FALLBACK ?? "").trim().toLowerCase());
  const rawTtl = (env.MAGIC_LINK_TTL_SECONDS ?? "").trim();
  const ttlSeconds = rawTtl ? Number(rawTtl) : DEFAULT_MAGIC_LINK_TTL_SECONDS;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 30 || ttlSeconds > 7 * 24 * 3600) {
    throw new Error(`MAGIC_LINK_TTL_SECONDS must be an integer between 30 and 604800, got "${rawTtl}"`);
  }
  return { appDomain, scheme, pathFallback, ttlSeconds };
}

/** The process's config, read on first use (and again if a launcher or test changes a variable). */
export const hostedAppConfig = memoizeConfig(["APP_DOMAIN", "APP_URL_SCHEME", "HOSTED_APP_PATH_FALLBACK", "MAGIC_LINK_TTL_SECONDS"], readHostedAppConfig);

/** The portal's own origin (scheme and APP_DOMAIN), e.g. "https://perkway.com". */
export function portalOrigin(config: MagicLinkConfig = hostedAppConfig()): string {
  return `${config.scheme}://${config.appDomain}`;
}
