// Portal sign-ins that do not come through next-auth's own endpoint: the login form posted before its
// scripts ran (issue 44, item 17: a server action, so the password never lands in a URL) and the end of
// an admin SSO round trip (src/server/endpoints/admin-sso.ts). next-auth 4 has no server-side signIn()
// (Auth.js 5's), so the session is made here from the same parts its credentials callback uses: the
// providers' own authorize functions (throttle, second step, SSO rules), the jwt callback (which opens
// the admin_sessions row) and next-auth's public JWT encode, into the session cookie authOptions names.
// Same claims, same cookie as POST /api/auth/callback/credentials; nothing fakes a request.
import type { User } from "next-auth";
import { encode, type JWT } from "next-auth/jwt";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import { isSignInErrorCode, type SignInErrorCode } from "@/lib/sign-in-errors";
import { portalOrigin } from "@/server/config/hosted-app-config";
import { authOptions, authorizePassword, authorizeSsoTicket } from "./next-auth-options";

type FormCookie = { name: string; value: string; httpOnly: boolean; secure: boolean; sameSite: "lax" | "strict" | "none"; path: string; expires?: Date; maxAge?: number };
type FormSignInResult = { ok: true; url: string; cookies: FormCookie[] } | { ok: false; error: SignInErrorCode };

type RequestHeaders = Record<string, string>;

/** Signs in with the posted fields. `headers`: the request's (the throttle reads the client IP from them). */
export async function signInWithForm(input: { email: string; password: string; callbackUrl: string; headers: RequestHeaders }): Promise<FormSignInResult> {
  return signIn("credentials", () => authorizePassword({ email: input.email, password: input.password }, input.headers), input.callbackUrl);
}

/** Redeems the one-time ticket a verified SSO callback left: the session of a password sign-in, with method "sso". */
export async function signInWithSsoTicket(input: { ticket: string; callbackUrl: string; headers: RequestHeaders }): Promise<FormSignInResult> {
  return signIn("sso", () => authorizeSsoTicket({ ticket: input.ticket }, input.headers), input.callbackUrl);
}

/** next-auth's answers: null is a wrong sign-in (CredentialsSignin), a thrown Error carries our code. */
async function signIn(provider: "credentials" | "sso", authorize: () => Promise<User | null>, callbackUrl: string): Promise<FormSignInResult> {
  let user: User | null;
  try {
    user = await authorize();
  } catch (err) {
    const code = (err as Error).message;
    return { ok: false, error: isSignInErrorCode(code) ? code : "SignInUnavailable" };
  }
  if (!user) return { ok: false, error: "CredentialsSignin" };
  return { ok: true, url: safeCallbackUrl(callbackUrl, portalOrigin()), cookies: [await sessionCookie(user, provider)] };
}

/** The session cookie of a signed-in admin, made as next-auth's credentials callback makes it. */
async function sessionCookie(user: User, provider: "credentials" | "sso"): Promise<FormCookie> {
  const jwt = authOptions.callbacks!.jwt!;
  const token = await jwt({
    // next-auth's default claims; the callback adds ours (adminId, role, sid…) on sign-in
    token: { name: user.name, email: user.email, picture: user.image, sub: user.id } as JWT,
    user,
    account: { providerAccountId: user.id, type: "credentials", provider },
    isNewUser: false,
    trigger: "signIn",
  });
  const maxAge = authOptions.session!.maxAge!;
  const { name, options } = authOptions.cookies!.sessionToken!;
  return {
    name,
    value: await encode({ token, secret: authOptions.secret!, maxAge }),
    httpOnly: options.httpOnly === true,
    secure: options.secure === true,
    sameSite: options.sameSite as FormCookie["sameSite"],
    path: options.path ?? "/",
    expires: new Date(Date.now() + maxAge * 1000),
  };
}
