// Host routing (Next 16 "proxy", formerly middleware). Picks the surface from the Host header:
//   {APP_DOMAIN}              → partner portal (the app's own routes)
//   {subdomain}.{APP_DOMAIN}  → hosted deal app, rewritten to /p/{subdomain}{path}
//   /p/{subdomain}/...        → hosted deal app by path, on any host (fallback for local use)
// and sets each surface's framing policy. The matcher keeps /v1, /events/track, /api, /_next and
// static files out entirely, so the latency-sensitive API never pays for this function.
import { NextResponse, type NextRequest } from "next/server";

type Surface = "portal" | "hosted" | "embed";

const APP_DOMAIN = (process.env.APP_DOMAIN ?? "localhost:3000").trim().toLowerCase();
// Compared without the port too, so `localhost` works whatever PORT the server listens on.
const APP_HOSTNAME = stripPort(APP_DOMAIN);
const SUBDOMAIN_SUFFIX = `.${APP_HOSTNAME}`;
const SUBDOMAIN_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// Names on the main domain that are not partners.
const MAIN_HOST_ALIASES = new Set(["www"]);

function stripPort(host: string): string {
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1); // [::1]:3000
  const colon = host.lastIndexOf(":");
  return colon === -1 ? host : host.slice(0, colon);
}

function requestHost(request: NextRequest): string {
  const raw = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? "";
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

// Framing and content policy per surface: the one place to extend when the hosted app and the
// embed widget get their own CSP.
const NO_FRAMING = { "Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY" };

function surfaceHeaders(surface: Surface): Record<string, string> {
  switch (surface) {
    case "portal":
      return NO_FRAMING;
    case "hosted":
      // TODO(hosted CSP): full policy (script-src, img-src for the partner's logo host, ...).
      return NO_FRAMING;
    case "embed":
      // /embed/{subdomain} must be framable by the partner's allowed_iframe_origins only; that needs
      // the partner record, so the embed route sets its own `frame-ancestors`. Nothing here.
      return {};
  }
}

function withSurfaceHeaders(response: NextResponse, surface: Surface): NextResponse {
  for (const [name, value] of Object.entries(surfaceHeaders(surface))) response.headers.set(name, value);
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  const subdomain = subdomainOf(requestHost(request));

  if (subdomain) {
    const url = request.nextUrl.clone();
    url.pathname = `/p/${subdomain}${pathname === "/" ? "" : pathname}`;
    return withSurfaceHeaders(NextResponse.rewrite(url), "hosted");
  }

  if (pathname === "/p" || pathname.startsWith("/p/")) return withSurfaceHeaders(NextResponse.next(), "hosted");
  if (pathname === "/embed" || pathname.startsWith("/embed/")) return withSurfaceHeaders(NextResponse.next(), "embed");
  return withSurfaceHeaders(NextResponse.next(), "portal");
}

export const config = {
  matcher: [
    // Everything except: /v1, /events/track, /api, /_next, and files with a static-asset extension.
    "/((?!v1(?:/|$)|events/track(?:/|$)|api(?:/|$)|_next/|favicon\\.ico$|robots\\.txt$|sitemap\\.xml$|.*\\.(?:png|jpe?g|gif|svg|ico|webp|avif|css|js|map|txt|xml|woff2?|ttf|otf|webmanifest)$).*)",
  ],
};
