// Host routing (Next 16 "proxy", formerly middleware). Picks the surface from the Host header:
//   {APP_DOMAIN}              → partner portal (the app's own routes)
//   {subdomain}.{APP_DOMAIN}  → hosted deal app, rewritten to /p/{subdomain}{path}
//   a partner's custom domain → the same, for that partner (its /embed/{subdomain}/… is the widget)
//   /p/{subdomain}/...        → hosted deal app by path, on any host (fallback for local use)
//   /embed/{subdomain}/...    → the same member app as a framable widget, rewritten to /p/{subdomain}/...
// and sets each surface's security headers: framing policy everywhere; on the member surfaces a
// nonce-based CSP, frame-ancestors from the partner's allowed origins (embed), and an Origin check
// on state-changing requests. The matcher keeps /v1, /scim/v2, /events/track, /api, /_next and static files
// out entirely, so the latency-sensitive API never pays for this function.
import { NextResponse, type NextRequest } from "next/server";
import { getHostedPartner, subdomainOfCustomDomain } from "@perkway/server/services/partners";
import { MEMBER_HEADERS, type MemberSurface } from "@/lib/hosted/member-surface";
import { JSON_TOO_DEEP_MESSAGE, jsonTooDeep } from "@perkway/server/http/json-depth";
import { PORTAL_PATH_HEADER } from "@perkway/server/auth/portal-path";
import { customDomainCandidate, isLocalHost, partnerSubdomainOf, requestHost } from "@perkway/server/config/app-host";
import { setting } from "@perkway/server/config/env";
import { handleClickRequest } from "@perkway/server/endpoints/click-redirect";
import { newRequestId } from "@perkway/server/http/request-id";
import { hostedAppConfig } from "@perkway/server/config/hosted-app-config";

// Read per request (memoized in src/server/config): the proxy runs on Node, so it shares the config
// module with the rest of the app.
const appDomain = () => hostedAppConfig().appDomain;
const isDev = () => setting("nodeEnv") === "development";

/** The partner subdomain a host names, or null for the main host and unrelated hosts. */
export function subdomainOf(host: string): string | null {
  return partnerSubdomainOf(host, appDomain());
}

/**
 * State-changing requests (POST: server actions, form posts) must come from a page of this host:
 * a browser always sends Origin on them, and a cross-site form or fetch names another origin.
 */
export function isSameOrigin(headers: Headers, host: string): boolean {
  const origin = headers.get("origin");
  if (!origin || origin === "null") return false;
  try {
    return new URL(origin).host.toLowerCase() === host;
  } catch {
    return false;
  }
}

/** Content-Security-Policy of the member surfaces (hosted app and widget). */
export function memberCsp(nonce: string, frameAncestors: readonly string[] | "none"): string {
  return [
    "default-src 'self'",
    // strict-dynamic: scripts the nonced framework scripts load are trusted, nothing else is.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev() ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // Deal and partner logos are remote images on any https host.
    "img-src 'self' https: data:",
    "font-src 'self' data:",
    `connect-src 'self'${isDev() ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors === "none" || frameAncestors.length === 0 ? "'none'" : frameAncestors.join(" ")}`,
  ].join("; ");
}

const CLICK_PATH = /^\/r\/[^/]+\/?$/;

const NO_FRAMING = { "Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY" };

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** The partner a host serves: {subdomain}.{APP_DOMAIN}, or a partner's custom domain; null for the main host and unknown hosts. */
export async function partnerOfHost(host: string): Promise<string | null> {
  const sub = subdomainOf(host);
  if (sub) return sub;
  const domain = customDomainCandidate(host, appDomain());
  return domain ? subdomainOfCustomDomain(domain) : null;
}

type MemberRoute = { surface: MemberSurface; subdomain: string; base: string; rest: string };

/** Where a member-surface request goes: the /p route it renders and the base its links use. */
async function memberRoute(pathname: string, host: string): Promise<MemberRoute | null> {
  const sub = await partnerOfHost(host);
  if (sub) {
    // The widget from the partner's own host (the embed snippet of a custom domain points here).
    const embed = /^\/embed\/([^/]+)(\/.*)?$/.exec(pathname);
    if (embed && embed[1].toLowerCase() === sub) return { surface: "embed", subdomain: sub, base: `/embed/${sub}`, rest: embed[2] === "/" ? "" : (embed[2] ?? "") };
    return { surface: "hosted", subdomain: sub, base: "", rest: pathname === "/" ? "" : pathname };
  }
  const m = /^\/(p|embed)\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!m) return null;
  const subdomain = m[2].toLowerCase();
  return { surface: m[1] === "embed" ? "embed" : "hosted", subdomain, base: `/${m[1]}/${subdomain}`, rest: m[3] === "/" ? "" : (m[3] ?? "") };
}

/** Server action bodies get the JSON depth limit of every other body (src/server/http/json-depth.ts). */
async function actionTooDeep(request: NextRequest): Promise<boolean> {
  if (request.method !== "POST" || !request.headers.has("next-action")) return false;
  return jsonTooDeep(await request.clone().text());
}

function isWellEncoded(raw: string): boolean {
  try {
    decodeURIComponent(raw);
    return true;
  } catch {
    return false;
  }
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  if (await actionTooDeep(request)) {
    return withHeaders(new NextResponse(JSON_TOO_DEEP_MESSAGE, { status: 400, headers: { "content-type": "text/plain" } }), NO_FRAMING);
  }
  const host = requestHost(request.headers);
  const route = await memberRoute(pathname, host);
  if (!route) {
    // The main host: portal pages; /p and /embed without a partner are simply not found there.
    // The page's own address goes along, so a signed-out visit can return to it after sign-in.
    const forwarded = new Headers(request.headers);
    forwarded.set(PORTAL_PATH_HEADER, `${pathname}${request.nextUrl.search}`);
    return withHeaders(NextResponse.next({ request: { headers: forwarded } }), NO_FRAMING);
  }

  // A tracked deal link is answered by its route handler with its own small page and headers (our
  // server answers it before Next: src/server/endpoints/click-redirect.ts); only the base is passed on.
  if (CLICK_PATH.test(route.rest)) {
    const forwarded = new Headers(request.headers);
    for (const name of Object.values(MEMBER_HEADERS)) forwarded.delete(name);
    forwarded.set(MEMBER_HEADERS.base, route.base);
    // Next cannot route a path whose percent-encoding is malformed (its own 500): the click's
    // friendly 400 page is answered here, as our server does before Next.
    const rawId = route.rest.replace(/\/$/, "").split("/").pop() ?? "";
    if (!isWellEncoded(rawId)) {
      const refused = await handleClickRequest(request.method, { subdomain: route.subdomain, rawId, base: route.base });
      refused.headers.set("X-Request-Id", newRequestId());
      return refused as NextResponse;
    }
    const target = request.nextUrl.clone();
    target.pathname = `/p/${route.subdomain}${route.rest}`;
    // Already the route handler's path (/p/{subdomain}/r/…): a rewrite to the same URL never answered.
    if (target.pathname === pathname) return NextResponse.next({ request: { headers: forwarded } });
    return NextResponse.rewrite(target, { request: { headers: forwarded } });
  }

  if (request.method !== "GET" && request.method !== "HEAD" && !isSameOrigin(request.headers, host)) {
    return withHeaders(new NextResponse("Cross-origin request refused", { status: 403, headers: { "content-type": "text/plain" } }), NO_FRAMING);
  }

  let frameAncestors: readonly string[] | "none" = "none";
  if (route.surface === "embed") {
    const partner = await getHostedPartner(route.subdomain);
    frameAncestors = partner?.allowedIframeOrigins.length ? partner.allowedIframeOrigins : "none";
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = memberCsp(nonce, frameAncestors);
  const secure = request.nextUrl.protocol === "https:" || (setting("trustProxy") && request.headers.get("x-forwarded-proto") === "https") || isLocalHost(host);

  // Request headers the pages trust: always set here, so a client cannot supply them.
  const forwarded = new Headers(request.headers);
  for (const name of Object.values(MEMBER_HEADERS)) forwarded.delete(name);
  forwarded.set(MEMBER_HEADERS.surface, route.surface);
  forwarded.set(MEMBER_HEADERS.subdomain, route.subdomain);
  forwarded.set(MEMBER_HEADERS.base, route.base);
  forwarded.set(MEMBER_HEADERS.secure, secure ? "1" : "0");
  forwarded.set(MEMBER_HEADERS.nonce, nonce);
  const lang = route.surface === "embed" ? request.nextUrl.searchParams.get("lang") : null;
  if (lang) forwarded.set(MEMBER_HEADERS.lang, lang.slice(0, 35));
  // Next reads the nonce from the request's CSP and puts it on its own script tags.
  forwarded.set("content-security-policy", csp);

  const target = request.nextUrl.clone();
  target.pathname = `/p/${route.subdomain}${route.rest}`;
  // /embed/{subdomain}?handoff=… is the widget's signed hand-off: the same handler as /auth/handoff.
  if (route.surface === "embed" && route.rest === "" && request.nextUrl.searchParams.has("handoff")) target.pathname = `/p/${route.subdomain}/auth/handoff`;
  const response =
    target.pathname === pathname
      ? NextResponse.next({ request: { headers: forwarded } })
      : NextResponse.rewrite(target, { request: { headers: forwarded } });
  response.headers.set("Content-Security-Policy", csp);
  if (frameAncestors === "none") response.headers.set("X-Frame-Options", "DENY");
  return response;
}

export const config = {
  matcher: [
    // Everything except: /v1, /scim/v2, /events/track, /api, /healthz and /metrics (on any host, as our
    // server answers them), /_next, and files with a static-asset extension.
    "/((?!v1(?:/|$)|scim/v2(?:/|$)|events/track(?:/|$)|api(?:/|$)|healthz$|metrics$|_next/|favicon\\.ico$|robots\\.txt$|sitemap\\.xml$|.*\\.(?:png|jpe?g|gif|svg|ico|webp|avif|css|js|map|txt|xml|woff2?|ttf|otf|webmanifest)$).*)",
  ],
};
