// What issuing a sign-in link needs from configuration; built by the handler from the environment
// (src/server/config/hosted-app-config.ts) and passed in, so services never read process.env.
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

/**
 * Issuance throttle: at most this many sign-in links of one member are outstanding at once.
 * Issuing one more retires the oldest (see docs/api.md, "Sign-in links").
 */
export const MAX_LINKS_PER_MEMBER = 10;
