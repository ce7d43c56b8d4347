// The sign-in link of a partner's hosted app, from configuration only (never a request's Host).
import type { SignInUrlConfig } from "./magic-link-config";

export function buildSignInUrl(config: SignInUrlConfig, subdomain: string, token: string): string {
  const query = `auth/magic?token=${encodeURIComponent(token)}`;
  if (config.pathFallback) return `${config.scheme}://${config.appDomain}/p/${encodeURIComponent(subdomain)}/${query}`;
  return `${config.scheme}://${subdomain}.${config.appDomain}/${query}`;
}
