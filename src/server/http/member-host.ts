// Which surface a request is for, from its Host: the portal on {APP_DOMAIN}, a partner's member app
// on {subdomain}.{APP_DOMAIN}. Used by Next's proxy (src/proxy.ts), which routes and secures the
// member surfaces; plain functions of strings, so code outside Next can tell the surfaces apart too.
const APP_DOMAIN = (process.env.APP_DOMAIN ?? "localhost:3000").trim().toLowerCase();
// Compared without the port too, so `localhost` works whatever PORT the server listens on.
const APP_HOSTNAME = stripPort(APP_DOMAIN);
const SUBDOMAIN_SUFFIX = `.${APP_HOSTNAME}`;
const SUBDOMAIN_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// Names on the main domain that are not partners.
const MAIN_HOST_ALIASES = new Set(["www"]);
// Forwarded headers are client-controlled unless our own reverse proxy sets them.
export const TRUST_PROXY = process.env.TRUST_PROXY === "1";

export function stripPort(host: string): string {
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1); // [::1]:3000
  const colon = host.lastIndexOf(":");
  return colon === -1 ? host : host.slice(0, colon);
}

/** The host the browser asked for: X-Forwarded-Host only behind our own proxy (TRUST_PROXY=1). */
export function pickHost(host: string | null | undefined, forwardedHost: string | null | undefined, trustProxy = TRUST_PROXY): string {
  const raw = (trustProxy ? forwardedHost : null) ?? host ?? "";
  return raw.split(",")[0].trim().toLowerCase();
}

/** The partner subdomain a host names, or null for the main host and unrelated hosts. */
export function subdomainOf(host: string): string | null {
  const hostname = stripPort(host);
  if (host === APP_DOMAIN || hostname === APP_HOSTNAME) return null;
  if (!hostname.endsWith(SUBDOMAIN_SUFFIX)) return null;
  const label = hostname.slice(0, -SUBDOMAIN_SUFFIX.length);
  if (!SUBDOMAIN_RE.test(label) || MAIN_HOST_ALIASES.has(label)) return null;
  return label;
}
