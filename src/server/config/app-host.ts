// The one parser of hosts against APP_DOMAIN: the proxy's routing, the lean path's tracked-link
// redirect, the metrics' surface label, link schemes and the default sender all ask it. Pure.

import { setting } from "./env";

const SUBDOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// Names on the main domain that are not partners.
const MAIN_HOST_ALIASES = new Set(["www"]);

/** A Host header or APP_DOMAIN without its port, trimmed and lower-case: "[::1]:3000" → "[::1]". */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  return h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.replace(/:\d+$/, "");
}

/** localhost, *.localhost and loopback addresses: no certificate there, links default to http. */
export function isLocalHost(host: string): boolean {
  const hostname = hostnameOf(host);
  return hostname === "localhost" || hostname.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === "[::1]";
}

/**
 * The partner subdomain `host` names under `appDomain` ({subdomain}.{APP_DOMAIN}), or null for the
 * main host, its aliases and unrelated hosts. Ports are ignored, so localhost works on any PORT.
 */
export function partnerSubdomainOf(host: string | undefined, appDomain: string): string | null {
  if (!host) return null;
  const hostname = hostnameOf(host);
  const main = hostnameOf(appDomain);
  if (hostname === main || !hostname.endsWith(`.${main}`)) return null;
  const label = hostname.slice(0, -(main.length + 1));
  return SUBDOMAIN_LABEL.test(label) && !MAIN_HOST_ALIASES.has(label) ? label : null;
}

const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The host name `host` could be a partner's custom domain under (docs/hosted-app.md, "Custom
 * domain"): a domain name outside APP_DOMAIN, without its port; null for APP_DOMAIN, its
 * subdomains, IP addresses and local names, which are never looked up.
 */
export function customDomainCandidate(host: string | undefined, appDomain: string): string | null {
  if (!host) return null;
  const hostname = hostnameOf(host);
  const main = hostnameOf(appDomain);
  if (hostname === main || hostname.endsWith(`.${main}`) || isLocalHost(hostname)) return null;
  return DOMAIN_NAME.test(hostname) ? hostname : null;
}

/** The host the browser asked for: X-Forwarded-Host only behind our own proxy (TRUST_PROXY=1). */
export function requestHost(headers: Headers, trustProxy = setting("trustProxy")): string {
  const raw = (trustProxy ? headers.get("x-forwarded-host") : null) ?? headers.get("host") ?? "";
  return raw.split(",")[0].trim().toLowerCase();
}
