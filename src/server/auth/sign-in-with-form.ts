// The portal sign-in for a form posted before its scripts ran (issue 44, item 17): the login form is
// a server action, so without JavaScript the browser POSTs it (never a GET with the password in the
// URL). The action runs next-auth's own credentials sign-in in-process — its CSRF step, then its
// credentials callback with that token — so the throttle, authorize(), the session start and the
// cookies are exactly those of the JavaScript path (POST /api/auth/callback/credentials).
import NextAuth from "next-auth";
import { isSignInErrorCode, type SignInErrorCode } from "@/lib/sign-in-errors";
import { authOptions } from "./next-auth-options";

export type FormCookie = { name: string; value: string; httpOnly: boolean; secure: boolean; sameSite: "lax" | "strict" | "none"; path: string; expires?: Date; maxAge?: number };
type FormSignInResult = { ok: true; url: string; cookies: FormCookie[] } | { ok: false; error: SignInErrorCode };

type FakeRequest = { query: Record<string, unknown>; cookies: Record<string, string>; headers: Record<string, string>; method: "GET" | "POST"; body: Record<string, string> };

/** Calls next-auth's handler (its pages-router shape) and collects what it would send. */
async function callNextAuth(req: FakeRequest): Promise<{ status: number; setCookies: string[]; body: unknown }> {
  const out = { status: 200, setCookies: [] as string[], body: undefined as unknown };
  const headers = new Map<string, unknown>();
  const res = {
    status(s: number) {
      out.status = s;
      return res;
    },
    getHeader: (k: string) => headers.get(k.toLowerCase()),
    setHeader(k: string, v: unknown) {
      headers.set(k.toLowerCase(), v);
      return res;
    },
    end: () => undefined,
    json: (b: unknown) => void (out.body = b),
    send: (b: unknown) => void (out.body = b),
  };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<void>)(req, res, authOptions);
  const raw = headers.get("set-cookie");
  out.setCookies = Array.isArray(raw) ? (raw as string[]) : typeof raw === "string" ? [raw] : [];
  return out;
}

/** "name=value; Path=/; HttpOnly; SameSite=Lax; Expires=…" → its parts (next-auth's own serialization). */
function parseSetCookie(header: string): FormCookie {
  const [pair, ...attrs] = header.split(";").map((s) => s.trim());
  const eq = pair.indexOf("=");
  const cookie: FormCookie = { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), httpOnly: false, secure: false, sameSite: "lax", path: "/" };
  for (const attr of attrs) {
    const [k, ...rest] = attr.split("=");
    const v = rest.join("=");
    switch (k.toLowerCase()) {
      case "httponly":
        cookie.httpOnly = true;
        break;
      case "secure":
        cookie.secure = true;
        break;
      case "samesite":
        cookie.sameSite = v.toLowerCase() === "strict" ? "strict" : v.toLowerCase() === "none" ? "none" : "lax";
        break;
      case "path":
        cookie.path = v;
        break;
      case "expires":
        cookie.expires = new Date(v);
        break;
      case "max-age":
        cookie.maxAge = Number(v);
        break;
    }
  }
  return cookie;
}

const cookieMap = (setCookies: string[]) => Object.fromEntries(setCookies.map(parseSetCookie).map((c) => [c.name, c.value]));

/**
 * Signs in with the posted fields. `cookies`: the request's cookies; `headers`: its headers (the
 * throttle reads the client IP from them). Returns the cookies to set and where to go, or our error code.
 */
export async function signInWithForm(input: { email: string; password: string; callbackUrl: string; cookies: Record<string, string>; headers: Record<string, string> }): Promise<FormSignInResult> {
  return credentialsSignIn("credentials", { email: input.email, password: input.password }, input);
}

/**
 * The end of an admin SSO round trip (src/server/endpoints/admin-sso.ts): next-auth's "sso"
 * provider redeems the one-time ticket the verified callback left, in-process, so the session is
 * made exactly as a password sign-in's (jwt callback, admin_sessions row, cookies).
 */
export async function signInWithSsoTicket(input: { ticket: string; callbackUrl: string; cookies: Record<string, string>; headers: Record<string, string> }): Promise<FormSignInResult> {
  return credentialsSignIn("sso", { ticket: input.ticket }, input);
}

/** next-auth's own credentials sign-in: its CSRF step, then the provider's callback with that token. */
async function credentialsSignIn(
  provider: "credentials" | "sso",
  fields: Record<string, string>,
  input: { callbackUrl: string; cookies: Record<string, string>; headers: Record<string, string> },
): Promise<FormSignInResult> {
  const headers = { ...input.headers, "content-type": "application/x-www-form-urlencoded" };
  const csrf = await callNextAuth({ query: { nextauth: ["csrf"] }, cookies: input.cookies, headers, method: "GET", body: {} });
  const csrfToken = (csrf.body as { csrfToken?: unknown } | undefined)?.csrfToken;
  if (typeof csrfToken !== "string") return { ok: false, error: "SignInUnavailable" };
  const cookies = { ...input.cookies, ...cookieMap(csrf.setCookies) };
  const result = await callNextAuth({
    query: { nextauth: ["callback", provider] },
    cookies,
    headers,
    method: "POST",
    body: { csrfToken, ...fields, callbackUrl: input.callbackUrl, json: "true" },
  });
  const url = (result.body as { url?: unknown } | undefined)?.url;
  if (typeof url !== "string") return { ok: false, error: "SignInUnavailable" };
  const target = new URL(url, "http://portal.invalid");
  const error = target.searchParams.get("error");
  if (error !== null) return { ok: false, error: isSignInErrorCode(error) ? error : "SignInUnavailable" };
  return { ok: true, url: `${target.pathname}${target.search}${target.hash}`, cookies: [...csrf.setCookies, ...result.setCookies].map(parseSetCookie) };
}
