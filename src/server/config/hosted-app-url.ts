// The sign-in link of a partner's hosted app, from configuration only (never a request's Host).
import type { SignInUrlConfig } from "./hosted-app-config";

/**
 * The root of a partner's hosted app: its custom domain when it has one (same scheme, and APP_DOMAIN's
 * port if any: one server answers both), else its subdomain, or /p/{subdomain} with the path fallback.
 */
export function hostedAppUrl(config: SignInUrlConfig, subdomain: string, customDomain?: string | null): string {
  if (customDomain) return `${config.scheme}://${customDomain}${/:\d+$/.exec(config.appDomain)?.[0] ?? ""}`;
  if (config.pathFallback) return `${config.scheme}://${config.appDomain}/p/${encodeURIComponent(subdomain)}`;
  return `${config.scheme}://${subdomain}.${config.appDomain}`;
}

export function buildSignInUrl(config: SignInUrlConfig, subdomain: string, token: string, customDomain?: string | null): string {
  return `${hostedAppUrl(config, subdomain, customDomain)}/auth/magic?token=${encodeURIComponent(token)}`;
}
