// Portal admins' single sign-on through their partner's identity provider (contract section 17), as
// fetch-style handlers behind Next's route handlers (src/app/(portal)/login/sso/{start,callback}):
//   GET /login/sso/start?email=…[&callbackUrl=/members]  domain discovery → the IdP (code flow, PKCE,
//                                                        state + nonce), the state bound to this browser
//   GET /login/sso/callback                               the redirect URI registered at the IdP →
//                                                        an ordinary portal session → callbackUrl
// The redirect URI is on the portal's host ({portal origin}/login/sso/callback). Every refusal goes
// back to /login with one of our fixed codes (src/lib/sign-in-errors.ts), whose sentence says what
// to do; never a 500, never text from the request or the IdP on the page.
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import type { SignInErrorCode } from "@/lib/sign-in-errors";
import { sessionCookieSecure } from "@/server/auth/next-auth-options";
import { signInWithSsoTicket } from "@/server/auth/sign-in-with-form";
import { portalOrigin } from "@/server/config/hosted-app-config";
import { oidcConfig } from "@/server/config/oidc-config";
import { logger } from "@/server/observability/logger";
import { type AdminSsoRefusal, finishAdminSso, startAdminSso } from "@/server/services/admin-sso";
import { readCookies, seeOther, setCookie } from "./page-kit";

const STATE_COOKIE = "perkway_admin_sso";
const COOKIE_PATH = "/login/sso";

/** The redirect URI to register at the IdP: from configuration (APP_DOMAIN), never from the request. */
export function adminSsoRedirectUri(): string {
  return `${portalOrigin()}/login/sso/callback`;
}

/** A page of the portal to open after sign-in (never /login itself, never another host). */
function safeReturnPath(raw: string | null): string {
  const path = safeCallbackUrl(raw, portalOrigin());
  return /^\/login(?=[/?#]|$)/.test(path) ? "/" : path;
}

function loginWithError(code: SignInErrorCode, callbackUrl: string, headers?: Headers): Response {
  const q = new URLSearchParams({ error: code, ...(callbackUrl !== "/" ? { callbackUrl } : {}) });
  return seeOther(`/login?${q}`, headers);
}

const CODE_OF: Record<AdminSsoRefusal, SignInErrorCode> = {
  bad_state: "SsoExpired",
  not_configured: "SsoUnavailable",
  idp_unreachable: "SsoUnavailable",
  issuer_not_allowed: "SsoUnavailable",
  invalid_response: "SsoInvalid",
  access_denied: "SsoCancelled",
  email_not_verified: "SsoEmailNotVerified",
  domain_not_allowed: "SsoDomainNotAllowed",
  jit_disabled: "SsoJitDisabled",
  account_elsewhere: "SsoAccountElsewhere",
};

/** The state cookie, bound to the callback's path; `maxAge` 0 clears it. */
function setStateCookie(headers: Headers, value: string, maxAge: number): void {
  setCookie(headers, STATE_COOKIE, value, { path: COOKIE_PATH, httpOnly: true, sameSite: "lax", secure: sessionCookieSecure(), maxAge });
}

// GET /login/sso/start?email=…&callbackUrl=…
async function handleStart(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const callbackUrl = safeReturnPath(url.searchParams.get("callbackUrl"));
  // The state cookie must be set on the host the IdP sends the browser back to: the portal's.
  const portal = new URL(portalOrigin());
  if ((request.headers.get("host") ?? "").toLowerCase() !== portal.host && url.searchParams.get("hop") !== "1") {
    const q = new URLSearchParams(url.search);
    q.set("hop", "1");
    return seeOther(`${portal.origin}${COOKIE_PATH}/start?${q}`);
  }
  const email = (url.searchParams.get("email") ?? "").trim();
  if (!email || email.length > 254) return loginWithError("SsoNotConfigured", callbackUrl);
  const started = await startAdminSso(email, { redirectUri: adminSsoRedirectUri(), returnTo: callbackUrl, policy: oidcConfig() });
  if (!started.ok) {
    if (started.reason !== "not_configured") logger().warn({ reason: started.reason }, "admin SSO could not start");
    return loginWithError(started.reason === "not_configured" ? "SsoNotConfigured" : CODE_OF[started.reason], callbackUrl);
  }
  const headers = new Headers();
  setStateCookie(headers, started.state, 600);
  return seeOther(started.authorizationUrl, headers);
}

// GET /login/sso/callback?code=…&state=… (or ?error=…)
async function handleCallback(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers();
  setStateCookie(headers, "", 0);
  // The state must come back to the browser that started the sign-in (no login CSRF); a refusal
  // here does not spend the state.
  const bound = readCookies(request)[STATE_COOKIE];
  if (!bound || bound !== url.searchParams.get("state")) return loginWithError("SsoExpired", "/", headers);
  const outcome = await finishAdminSso(url, { redirectUri: adminSsoRedirectUri(), policy: oidcConfig() });
  if (!outcome.ok) {
    logger().info({ reason: outcome.reason, detail: outcome.detail }, "admin SSO sign-in refused");
    return loginWithError(CODE_OF[outcome.reason], safeReturnPath(outcome.returnTo), headers);
  }
  if (outcome.created) logger().info({ adminId: outcome.admin.id, partnerId: outcome.admin.partnerId }, "admin joined through SSO");
  const returnTo = safeReturnPath(outcome.returnTo);
  const signedIn = await signInWithSsoTicket({ ticket: outcome.ticket, callbackUrl: returnTo, headers: Object.fromEntries(request.headers) });
  if (!signedIn.ok) return loginWithError(signedIn.error, returnTo, headers);
  for (const { name, value, ...options } of signedIn.cookies) setCookie(headers, name, value, options);
  return seeOther(safeReturnPath(signedIn.url), headers);
}

type Handler = (request: Request) => Promise<Response>;

/** Anything unexpected (the database away) lands on /login with a generic sentence, logged, never a 500. */
function guarded(handler: Handler): Handler {
  return async (request) => {
    try {
      return await handler(request);
    } catch (err) {
      logger().error({ err }, "admin SSO failed");
      return loginWithError("SignInUnavailable", "/");
    }
  };
}

export const adminSsoStart = guarded(handleStart);
export const adminSsoCallback = guarded(handleCallback);
