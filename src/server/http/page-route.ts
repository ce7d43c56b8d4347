// The route template of a request served by Next (portal pages, hosted app, tRPC, assets), for
// metrics and logs: ids and subdomains become parameters so that the number of label values stays
// bounded. Mirrors src/app's folders; unknown paths are "unmatched".
import { partnerSubdomainOf } from "@/server/config/app-host";

type Surface = "portal" | "hosted" | "trpc" | "static" | "ops";

const HOSTED_ROUTES: [RegExp, string][] = [
  [/^\/?$/, "/"],
  [/^\/deals\/[^/]+\/?$/, "/deals/:dealId"],
  [/^\/locked\/?$/, "/locked"],
  [/^\/auth\/magic\/?$/, "/auth/magic"],
  [/^\/auth\/magic\/continue\/?$/, "/auth/magic/continue"],
  [/^\/auth\/sign-out\/?$/, "/auth/sign-out"],
  [/^\/r\/[^/]+\/?$/, "/r/:clickId"],
];

const PORTAL_ROUTES: [RegExp, string][] = [
  [/^\/$/, "/"],
  [/^\/(activity|analytics|api-keys|catalogue|categories|deals|inquiries|members|partners|platform|settings|team|webhooks|login|set-password|docs\/api)\/?$/, "/$1"],
  [/^\/catalogue\/new\/?$/, "/catalogue/new"],
  [/^\/analytics\/report\/?$/, "/analytics/report"],
  [/^\/catalogue\/[^/]+\/?$/, "/catalogue/:id"],
  [/^\/deals\/own\/?$/, "/deals/own"],
  [/^\/deals\/own\/new\/?$/, "/deals/own/new"],
  [/^\/deals\/own\/[^/]+\/?$/, "/deals/own/:id"],
  [/^\/deals\/preview\/?$/, "/deals/preview"],
  [/^\/members\/import\/?$/, "/members/import"],
  [/^\/partners\/[^/]+\/?$/, "/partners/:id"],
  [/^\/api\/auth\/.*$/, "/api/auth/*"],
];

function match(table: [RegExp, string][], path: string): string | null {
  for (const [re, route] of table) {
    const m = re.exec(path);
    if (m) return route.replace("$1", m[1] ?? "");
  }
  return null;
}

/** `hostedSubdomain`: the request came to {subdomain}.{APP_DOMAIN} (the hosted app by host). */
export function pageRouteOf(pathname: string, hostedSubdomain: boolean): { surface: Surface; route: string } {
  if (pathname.startsWith("/_next/") || pathname === "/favicon.ico") return { surface: "static", route: "/_next/*" };
  if (pathname.startsWith("/api/trpc/") || pathname === "/api/trpc") return { surface: "trpc", route: "/api/trpc" };
  if (hostedSubdomain) return { surface: "hosted", route: match(HOSTED_ROUTES, pathname) ?? "unmatched" };
  const hosted = /^\/(p|embed)\/[^/]+(\/.*)?$/.exec(pathname);
  if (hosted) {
    const inner = match(HOSTED_ROUTES, hosted[2] ?? "/");
    return { surface: "hosted", route: inner ? `/${hosted[1]}/:subdomain${inner === "/" ? "" : inner}` : "unmatched" };
  }
  return { surface: "portal", route: match(PORTAL_ROUTES, pathname) ?? "unmatched" };
}

/** Whether `host` (the Host header) names a partner's subdomain of `appDomain`. */
export function isHostedHost(host: string | undefined, appDomain: string): boolean {
  return partnerSubdomainOf(host, appDomain) !== null;
}
