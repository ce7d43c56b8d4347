// GET /r/{click_id} on a partner's hosted host (also /p/{subdomain}/r/… and /embed/{subdomain}/r/…):
// a tracked deal's link (docs/provider-conversions.md). Served on the lean path, beside /v1 (src/server/server.ts):
// it is one lookup, one event and a 302, and the Next request pipeline would cost more than all of
// that (docs/decisions/lean-api-path.md; bench/redirect.ts measures it). The click is recorded
// server-side as redeem_url_clicked, attributed to its member and deal, then the member is sent to
// the deal's redeem_url personalized with that click id. Unknown clicks, another partner's, and
// deals no longer redeemable get a friendly 404 page; malformed percent-encoding a 400 page.
// Both doors serve it: our server before Next, and Next's route handler for `next start`.
import type http from "node:http";
import type { ReactElement } from "react";
import { followClick } from "@/server/services/tracking";
import { subdomainOfCustomDomain } from "@/server/services/partners";
import { customDomainCandidate, partnerSubdomainOf } from "@/server/config/app-host";
import { errorFields, logger } from "@/server/observability/logger";
import { messagePage, type PageLink, pageResponse } from "./page-kit";

type ClickPath = { subdomain: string; rawId: string; base: string };

const BY_PATH = /^\/(p|embed)\/([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\/r\/([^/]+)\/?$/i;
const BY_HOST = /^\/r\/([^/]+)\/?$/;

/** The click a path names, on the partner's host or by path; null for every other path. */
export function matchClickPath(host: string | undefined, pathname: string, appDomain: string): ClickPath | null {
  const byPath = BY_PATH.exec(pathname);
  if (byPath) return { subdomain: byPath[2].toLowerCase(), rawId: byPath[3], base: `/${byPath[1]}/${byPath[2].toLowerCase()}` };
  const byHost = BY_HOST.exec(pathname);
  const subdomain = byHost ? partnerSubdomainOf(host, appDomain) : null;
  return byHost && subdomain ? { subdomain, rawId: byHost[1], base: "" } : null;
}

/** /r/{click_id} on a host that may be a partner's custom domain (not APP_DOMAIN's): its host name and the id. */
export function matchDomainClickPath(host: string | undefined, pathname: string, appDomain: string): { domain: string; rawId: string } | null {
  const byHost = BY_HOST.exec(pathname);
  const domain = byHost ? customDomainCandidate(host, appDomain) : null;
  return byHost && domain ? { domain, rawId: byHost[1] } : null;
}

/** The click of a custom-domain path, on the partner whose domain it is; null for an unknown domain. */
export async function resolveDomainClick(path: { domain: string; rawId: string }): Promise<ClickPath | null> {
  const subdomain = await subdomainOfCustomDomain(path.domain);
  return subdomain ? { subdomain, rawId: path.rawId, base: "" } : null;
}

/** A small self-contained page (no scripts, no remote resources) for links that lead nowhere. */
function clickPage(title: string, text: string, back: PageLink): ReactElement {
  return messagePage({ lang: "en", title, text, links: [back] });
}

/** The page's response, with extra headers (Allow, Retry-After). */
function clickResponse(status: number, page: ReactElement, extra: Record<string, string> = {}): Promise<Response> {
  return pageResponse(status, page, { headers: new Headers(extra) });
}

const NOT_FOUND_TEXT = "This link is not valid any more, or it belongs to another programme. Open the deal again from your perks to get a fresh link.";

/** Answers one click path (GET or HEAD; anything else 405): both doors (server.ts, and Next's
 *  src/app/p/[subdomain]/r/[click]/route.ts). */
export async function handleClickRequest(method: string, path: ClickPath): Promise<Response> {
  const home = { href: `${path.base}/`, label: "Back to your perks" };
  if (method !== "GET" && method !== "HEAD") {
    return clickResponse(405, clickPage("This link only opens in a browser", "Open it with a normal click.", home), { Allow: "GET, HEAD" });
  }
  let clickId: string;
  try {
    clickId = decodeURIComponent(path.rawId);
  } catch {
    return clickResponse(400, clickPage("This link is damaged", "Part of the link is not valid. Open the deal again from your perks to get a fresh link.", home));
  }
  try {
    const target = await followClick(path.subdomain, clickId);
    if (!target.ok) return clickResponse(404, clickPage("This link doesn't lead anywhere", NOT_FOUND_TEXT, home));
    return new Response(null, { status: 302, headers: { Location: target.url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "Content-Length": "0" } });
  } catch (err) {
    logger().error(errorFields(err), "click redirect failed");
    return clickResponse(503, clickPage("Please try again in a moment", "We could not open this link just now. Try again in a few seconds.", home), { "Retry-After": "5" });
  }
}

/** The same over node:http: our server's lean path. */
export async function handleClickRedirect(req: http.IncomingMessage, res: http.ServerResponse, path: ClickPath): Promise<void> {
  const response = await handleClickRequest(req.method ?? "GET", path);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(req.method === "HEAD" || !response.body ? undefined : Buffer.from(await response.arrayBuffer()));
}
