// Member sign-in through the partner's own identity, as fetch-style handlers behind Next's route
// handlers (src/app/p/[subdomain]/auth/handoff, auth/oidc/{start,callback,complete}; the proxy sends
// /embed/{subdomain}?handoff=… to the hand-off handler too):
//   GET /auth/handoff?token=…&next=/deals/{id}  signed hand-off → session → `next` (same host) or the app's root
//   GET /auth/oidc/start[?popup=1&next=…]       → the IdP (code flow, PKCE, state + nonce), state bound to this browser
//   GET /auth/oidc/start?test=<ticket>           an admin's "Test sign-in" (portal): the callback reports, signs nobody in
//   GET /auth/oidc/callback                      the registered redirect URI → session, or the popup's completion page
//   GET /auth/oidc/complete?code=…               the widget's frame collects the popup's sign-in
//   POST /auth/oidc/watch  (watch=…)             …or asks for it, when the IdP cut the popup off from its opener
// Every refusal is a friendly page (hand-off: 401; OIDC: 400/403), never a 500.
import { randomBytes } from "node:crypto";
import { MEMBER_COOKIE, type MemberSurface } from "@/lib/hosted/member-surface";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { hostedAppUrl } from "@/server/config/hosted-app-url";
import { oidcConfig } from "@/server/config/oidc-config";
import { readOidcTestTicket } from "@/server/crypto/oidc-test-ticket";
import { collectMemberOidcPopup, completeMemberOidcPopup, finishMemberOidc, signInWithHandoff, startMemberOidc, type MemberOidcRefusal } from "@/server/services/member-sign-in";
import { getHostedPartner, type HostedPartner } from "@/server/services/partners";
import { logger } from "@/server/observability/logger";
import { handoffRefusedPage, oidcRefusedPage, popupDonePage, popupHandshakePage, unavailablePage, type OidcPageReason, type SignInWords } from "./member-sign-in-pages";
import { LOCALE_COOKIE } from "@/lib/hosted/member-surface";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "@/lib/locales";
import { resolveLocale } from "@/server/domain/member-language";
import { translatorFor } from "@/lib/messages";
import { oidcTestFailedPage, oidcTestReportPage } from "./oidc-test-report-page";
import { readCookies, seeOther, setCookie } from "./page-kit";
import { safeCallbackUrl } from "@/lib/safe-callback-url";

/** What the proxy resolved for this request (src/proxy.ts, MEMBER_HEADERS). */
type MemberRequestContext = { subdomain: string; surface: MemberSurface; base: string; secure: boolean; host: string; nonce?: string };

const STATE_COOKIE = "perkway_oidc_state";

/** `next` as a path on this app (relative to its root), or "/" for anything that could leave the host
 *  (the portal's one rule: `/.//host` and encoded slashes included). */
const safeNextPath = (raw: string | null): string => safeCallbackUrl(raw);

/** The member session cookie, with the attributes of the magic-link sign-in (server/auth/member-context.ts). */
function setSessionCookie(headers: Headers, ctx: MemberRequestContext, token: string, expires: Date): void {
  const embed = ctx.surface === "embed" && ctx.secure;
  setCookie(headers, MEMBER_COOKIE, token, { path: ctx.base || "/", httpOnly: true, sameSite: embed ? "none" : "lax", secure: ctx.secure, partitioned: embed, expires });
}

/** The OIDC state cookie, on the callback's path; `maxAge` 0 clears it. */
function setStateCookie(headers: Headers, ctx: MemberRequestContext, base: string, value: string, maxAge: number): void {
  setCookie(headers, STATE_COOKIE, value, { path: `${base}/auth/oidc`, httpOnly: true, sameSite: "lax", secure: ctx.secure, maxAge });
}

const readCookie = (request: Request, name: string): string | null => readCookies(request)[name] ?? null;

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The pages' words, in the language the hosted app would choose (src/server/auth/member-locale.ts): the language
 * menu's choice, else Accept-Language among the partner's locales, else its default. Without a
 * partner (the database away) any supported language the browser asks for.
 */
function signInWords(request: Request, partner: HostedPartner | null): SignInWords {
  const locale = resolveLocale({
    choice: readCookie(request, LOCALE_COOKIE) ?? undefined,
    acceptLanguage: request.headers.get("accept-language"),
    offered: partner ? partner.locales : [...SUPPORTED_LOCALES],
    defaultLocale: partner?.defaultLocale ?? DEFAULT_LOCALE,
  });
  return translatorFor(locale, "signInPages");
}

// GET /auth/handoff?token=…&next=… (and /embed/{subdomain}?handoff=…)
async function handleHandoff(request: Request, ctx: MemberRequestContext): Promise<Response> {
  const partner = await getHostedPartner(ctx.subdomain);
  if (!partner) return notFound();
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? url.searchParams.get("handoff") ?? "";
  const outcome = await signInWithHandoff({ id: partner.id, subdomain: partner.subdomain }, token);
  if (!outcome.ok) {
    logger().info({ partnerId: partner.id, reason: outcome.reason }, "hand-off refused");
    return handoffRefusedPage(signInWords(request, partner), partner.name, ctx.base, ctx.surface === "embed");
  }
  const headers = new Headers();
  setSessionCookie(headers, ctx, outcome.session.token, outcome.session.expiresAt);
  return seeOther(`${ctx.base}${safeNextPath(url.searchParams.get("next"))}`, headers);
}

/** The redirect URI registered at the IdP: from configuration, never from the request. */
function oidcRedirectUri(subdomain: string): string {
  return `${hostedAppUrl(hostedAppConfig(), subdomain)}/auth/oidc/callback`;
}

const statusOf = (reason: MemberOidcRefusal): number =>
  reason === "access_denied" || reason === "email_not_verified" || reason === "domain_not_allowed" || reason === "email_taken" || reason === "identity_conflict" || reason === "deactivated" ? 403 : 400;

async function oidcFailure(request: Request, partner: HostedPartner, reason: MemberOidcRefusal, ctx: MemberRequestContext, headers?: Headers, popup = false): Promise<Response> {
  const vars = { partner: partner.name, idp: partner.memberSignIn.oidc?.displayName ?? "Your organization" };
  return oidcRefusedPage(signInWords(request, partner), statusOf(reason), reason as OidcPageReason, vars, ctx.base, { embed: ctx.surface === "embed", popup, headers });
}

// GET /auth/oidc/start[?popup=1][&next=/deals/…]
async function handleOidcStart(request: Request, ctx: MemberRequestContext): Promise<Response> {
  const partner = await getHostedPartner(ctx.subdomain);
  if (!partner) return notFound();
  const url = new URL(request.url);
  const redirectUri = new URL(oidcRedirectUri(partner.subdomain));
  const callbackBase = redirectUri.pathname.replace(/\/auth\/oidc\/callback$/, "");
  // The state cookie must be set where the callback will read it: start on the callback's host and base.
  if (redirectUri.host !== ctx.host || callbackBase !== ctx.base) {
    return seeOther(`${redirectUri.origin}${callbackBase}/auth/oidc/start${url.search}`);
  }
  const testParam = url.searchParams.get("test");
  const ticket = testParam === null ? null : readOidcTestTicket(testParam);
  if (testParam !== null && ticket?.partnerId !== partner.id) return oidcTestFailedPage(400, "bad_state", partner.name);
  const popup = !ticket && url.searchParams.get("popup") === "1";
  const link = url.searchParams.get("link");
  // The widget's popup first asks the frame that opened it for its link (member-sign-in-pages.ts).
  // Relative: behind Next, request.url is the rewritten /p/{subdomain}/… address, not the member's.
  if (popup && link === null) return popupHandshakePage(signInWords(request, partner), `${ctx.base}/auth/oidc/start${url.search}`, frameOrigins(partner), ctx.nonce ?? randomBytes(16).toString("base64"));
  if (popup && !/^[0-9a-f]{64}$/.test(link ?? "")) return oidcFailure(request, partner, "bad_state", ctx, undefined, popup);
  // Only the handshake page above (same origin) may go on with a link: a link opened from an email, a
  // chat or another site (Sec-Fetch-Site none, cross-site, same-site, or a browser that does not say)
  // would let whoever chose it collect the sign-in of the person who opened it.
  if (popup && request.headers.get("sec-fetch-site") !== "same-origin") return oidcFailure(request, partner, "bad_state", ctx, undefined, popup);
  const started = await startMemberOidc(partner.id, { redirectUri: redirectUri.href, returnTo: safeNextPath(url.searchParams.get("next")), popup, policy: oidcConfig(), testTicketId: ticket?.id, popupLink: popup ? link! : undefined });
  if (!started.ok && ticket) return oidcTestFailedPage(statusOf(started.reason), started.reason, partner.name);
  if (!started.ok) {
    logger().warn({ partnerId: partner.id, reason: started.reason }, "OIDC sign-in could not start");
    return oidcFailure(request, partner, started.reason, ctx, undefined, popup);
  }
  const headers = new Headers();
  setStateCookie(headers, ctx, callbackBase, started.state, 600);
  return seeOther(started.authorizationUrl, headers);
}

// GET /auth/oidc/callback?code=…&state=… (or ?error=…)
async function handleOidcCallback(request: Request, ctx: MemberRequestContext): Promise<Response> {
  const partner = await getHostedPartner(ctx.subdomain);
  if (!partner) return notFound();
  const url = new URL(request.url);
  const headers = new Headers();
  setStateCookie(headers, ctx, ctx.base, "", 0);
  // The state must come back to the browser that started the sign-in (no login CSRF).
  const bound = readCookie(request, STATE_COOKIE);
  if (!bound || bound !== url.searchParams.get("state")) return oidcFailure(request, partner, "bad_state", ctx, headers);
  const outcome = await finishMemberOidc(partner.id, url, { redirectUri: oidcRedirectUri(partner.subdomain), policy: oidcConfig() });
  if (!outcome.ok) {
    logger().info({ partnerId: partner.id, reason: outcome.reason, detail: outcome.detail, test: outcome.test }, "OIDC sign-in refused");
    if (outcome.test) return oidcTestFailedPage(statusOf(outcome.reason), outcome.reason, partner.name, outcome.detail, headers);
    return oidcFailure(request, partner, outcome.reason, ctx, headers, outcome.popup);
  }
  if ("test" in outcome) return oidcTestReportPage(outcome.report, partner.name, headers);
  if (outcome.ignoredClaims.length) logger().info({ partnerId: partner.id, memberId: outcome.memberId, ignored: outcome.ignoredClaims }, "OIDC claim values outside the vocabulary ignored");
  if (outcome.popup) {
    return popupDonePage(signInWords(request, partner), outcome.completionCode, frameOrigins(partner), ctx.nonce ?? randomBytes(16).toString("base64"), headers);
  }
  setSessionCookie(headers, ctx, outcome.session.token, outcome.session.expiresAt);
  return seeOther(`${ctx.base}${outcome.returnTo}`, headers);
}

/** Where the widget's frame may be served from: the app's host, the partner's hosted host, its custom domain. */
function frameOrigins(partner: HostedPartner): string[] {
  const config = hostedAppConfig();
  return [...new Set([`${config.scheme}://${config.appDomain}`, new URL(hostedAppUrl(config, partner.subdomain)).origin, ...(partner.customDomain ? [hostedAppUrl(config, partner.subdomain, partner.customDomain)] : [])])];
}

// POST /auth/oidc/watch (watch=…) — the widget's frame asks whether its popup's sign-in finished:
// 200 {status:"done", location} with the frame's own session cookie, 202 {status:"pending"}, 404 {status:"unknown"}.
async function handleOidcWatch(request: Request, ctx: MemberRequestContext): Promise<Response> {
  const json = (status: number, body: object, headers = new Headers()) => {
    headers.set("Content-Type", "application/json");
    headers.set("Cache-Control", "no-store");
    return new Response(JSON.stringify(body), { status, headers });
  };
  if (request.method !== "POST") return json(405, { status: "method_not_allowed" }, new Headers({ Allow: "POST" }));
  const partner = await getHostedPartner(ctx.subdomain);
  if (!partner) return notFound();
  const raw = (await request.text().catch(() => "")).slice(0, 1000);
  const watch = new URLSearchParams(raw).get("watch") ?? "";
  const found = await collectMemberOidcPopup(partner.id, watch);
  if (found.status === "pending") return json(202, { status: "pending" });
  if (found.status === "unknown") return json(404, { status: "unknown" });
  const headers = new Headers();
  setSessionCookie(headers, ctx, found.session.token, found.session.expiresAt);
  return json(200, { status: "done", location: `${ctx.base}${found.returnTo}` }, headers);
}

// GET /auth/oidc/complete?code=… — in the widget's frame, after the popup
async function handleOidcComplete(request: Request, ctx: MemberRequestContext): Promise<Response> {
  const partner = await getHostedPartner(ctx.subdomain);
  if (!partner) return notFound();
  const done = await completeMemberOidcPopup(partner.id, new URL(request.url).searchParams.get("code") ?? "");
  if (!done) return oidcFailure(request, partner, "bad_state", ctx);
  const headers = new Headers();
  setSessionCookie(headers, ctx, done.session.token, done.session.expiresAt);
  return seeOther(`${ctx.base}${done.returnTo}`, headers);
}

const ROUTES = { "/auth/handoff": handleHandoff, "/auth/oidc/start": handleOidcStart, "/auth/oidc/callback": handleOidcCallback, "/auth/oidc/complete": handleOidcComplete, "/auth/oidc/watch": handleOidcWatch } as const;
export type MemberSignInPath = keyof typeof ROUTES;

type Handler = (request: Request, ctx: MemberRequestContext) => Promise<Response>;

/** Anything unexpected (the database away) is a friendly 503 page, logged, never a 500. */
function guarded(handler: Handler): Handler {
  return async (request, ctx) => {
    try {
      return await handler(request, ctx);
    } catch (err) {
      logger().error({ err, path: new URL(request.url).pathname }, "member sign-in failed");
      return unavailablePage(signInWords(request, null), ctx.base, ctx.surface === "embed");
    }
  };
}

/** The handler of one of these paths (the part after the app's base). */
export function memberSignInHandler(rest: string): Handler | null {
  const handler = (ROUTES as Record<string, Handler>)[rest];
  return handler ? guarded(handler) : null;
}
