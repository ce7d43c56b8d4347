// The sign-in link of a partner's hosted app, from configuration only (never a request's Host).
import type { SignInUrlConfig } from "./hosted-app-config";

/** The root of a partner's hosted app: its subdomain, or /p/{subdomain} with the path fallback. */
export function hostedAppUrl(config: SignInUrlConfig, subdomain: string): string {
  if (config.pathFallback) return `${config.scheme}://${config.appDomain}/p/${encodeURIComponent(subdomain)}`;
  return `${config.scheme}://${subdomain}.${config.appDomain}`;
}

export function buildSignInUrl(config: SignInUrlConfig, subdomain: string, token: string): string {
  return `${hostedAppUrl(config, subdomain)}/auth/magic?token=${encodeURIComponent(token)}`;
}
