// next-auth 4 configuration for portal admins: email + password against the admins table, JWT
// sessions (no session table), custom sign-in page at /login. Failed sign-ins are throttled per email
// and per IP (sign-in-throttle.ts); the session cookie is HttpOnly, SameSite=Lax, and Secure unless
// the portal runs on localhost (there is no certificate there).
import type { NextAuthOptions, User } from "next-auth";
import credentialsModule from "next-auth/providers/credentials";
import { isLocalHost } from "@/server/config/app-host";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { endAdminSession, signInAdmin, startAdminSession } from "@/server/services/admins";
import { redeemAdminSsoTicket } from "@/server/services/admin-sso";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import type { SignInErrorCode } from "@/lib/sign-in-errors";
import { isStorableText } from "@/server/schemas/storable-text";
import { SignInThrottle, SignInThrottledError, signInClientIp } from "./sign-in-throttle";
import { decodeWithPreviousSecret } from "./decode-session-jwt";
import { setting } from "@/server/config/env";
import { componentLogger, errorFields } from "@/server/observability/logger";

// next-auth ships CommonJS: Next's bundler and vitest hand over its default export, plain Node's ESM
// loader (tsx: a second test instance, the CLI) the module object that holds it.
const CredentialsProvider = (credentialsModule as unknown as { default?: typeof credentialsModule }).default ?? credentialsModule;

const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** Secure cookies everywhere but on localhost, whatever the scheme next-auth guesses. */
export function sessionCookieSecure(appDomain: string = hostedAppConfig().appDomain): boolean {
  return !isLocalHost(appDomain);
}

const secure = sessionCookieSecure();

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

/** An email and password that could belong to an admin (else: a wrong sign-in, no database read). */
export function isPlausibleSignIn(credentials: Record<string, unknown> | undefined): credentials is { email: string; password: string } {
  const email = credentials?.email;
  const password = credentials?.password;
  if (typeof email !== "string" || typeof password !== "string") return false;
  const trimmed = email.trim();
  if (trimmed.length > 254 || !EMAIL_SHAPE.test(trimmed) || !isStorableText(trimmed)) return false;
   
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return false;
  return password.length > 0 && password.length <= 1024 && isStorableText(password);
}
let throttle: SignInThrottle | null = null;

/** The second step's answer, as the form sent it (absent, or at most 64 characters of text). */
function secondFactorCode(credentials: Record<string, unknown>): string | null {
  const code = credentials.code;
  return typeof code === "string" && code.trim() && code.length <= 64 && isStorableText(code) ? code : null;
}

class SecondStep extends Error {
  constructor(readonly code: Extract<SignInErrorCode, "TwoFactorRequired" | "TwoFactorInvalid" | "SsoRequired">) {
    super(code);
  }
}

type SignedInAdmin = Pick<User, "id" | "email" | "name" | "role" | "partnerId" | "sessionVersion">;

/** The user next-auth keeps in the session cookie, the same for a password and an SSO sign-in. */
function signedInUser(admin: SignedInAdmin, headers: unknown, ip: User["ip"], signInMethod: User["signInMethod"]): User {
  const userAgent = ((headers ?? {}) as Record<string, string | string[] | undefined>)["user-agent"];
  return {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    role: admin.role,
    partnerId: admin.partnerId,
    sessionVersion: admin.sessionVersion,
    userAgent: typeof userAgent === "string" ? userAgent : null,
    ip,
    signInMethod,
  };
}

type RequestHeaders = Record<string, string | string[] | undefined> | undefined;

/**
 * The password sign-in, as the "credentials" provider and the no-JavaScript login form run it: the
 * admin to sign in, null for a wrong sign-in, or an Error whose message is our code
 * (src/lib/sign-in-errors.ts: the second step, SSO required, throttled, unavailable).
 */
export async function authorizePassword(credentials: Record<string, unknown> | undefined, requestHeaders: RequestHeaders): Promise<User | null> {
  // Checked before anything reaches the database: a NUL byte or a megabyte is simply a wrong sign-in.
  if (!isPlausibleSignIn(credentials)) return null;
  const attempt = { email: credentials.email, ip: signInClientIp((requestHeaders ?? {}) as Record<string, string | undefined>) };
  // A thrown error reaches the login page as next-auth's ?error=: only our fixed codes
  // (src/lib/sign-in-errors.ts), never an exception's own text.
  try {
    throttle ??= new SignInThrottle();
    await throttle.check(attempt);
    const code = secondFactorCode(credentials);
    const result = await signInAdmin(credentials.email, credentials.password, code);
    if (!result.ok) {
      // The password was right: the form asks for the code (not a failure, nothing charged).
      if (result.reason === "second_factor_required") throw new SecondStep("TwoFactorRequired");
      // The password was right, but this partner's admins sign in through its IdP (owners excepted).
      if (result.reason === "sso_required") throw new SecondStep("SsoRequired");
      // A wrong code is a guess like a wrong password: charged to the same buckets.
      await throttle.recordFailure(attempt);
      if (result.reason === "second_factor_invalid") throw new SecondStep("TwoFactorInvalid");
      return null;
    }
    return signedInUser(result.admin, requestHeaders, attempt.ip, "password");
  } catch (err) {
    if (err instanceof SecondStep) throw new Error(err.code);
    if (err instanceof SignInThrottledError) throw new Error("TooManyAttempts" satisfies SignInErrorCode);
    console.error("portal sign-in failed:", err);
    throw new Error("SignInUnavailable" satisfies SignInErrorCode);
  }
}

/**
 * The end of an admin SSO round trip (src/server/endpoints/admin-sso.ts): the callback verified the
 * IdP's answer and left a one-time ticket (256 bits, 2 minutes, stored hashed); redeeming it makes the
 * same session, cookie and admin_sessions row as a password sign-in. No TOTP step: the partner's IdP
 * answers for the second factor (docs/decisions/admin-roles.md).
 */
export async function authorizeSsoTicket(credentials: Record<string, unknown> | undefined, requestHeaders: RequestHeaders): Promise<User | null> {
  const ticket = credentials?.ticket;
  if (typeof ticket !== "string" || !ticket || ticket.length > 200 || !isStorableText(ticket)) return null;
  try {
    const admin = await redeemAdminSsoTicket(ticket);
    if (!admin) return null;
    const headers = (requestHeaders ?? {}) as Record<string, string | undefined>;
    return signedInUser(admin, headers, signInClientIp(headers), "sso");
  } catch (err) {
    console.error("portal SSO sign-in failed:", err);
    throw new Error("SignInUnavailable" satisfies SignInErrorCode);
  }
}

export const authOptions: NextAuthOptions = {
  secret: setting("authSecret"),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  jwt: { maxAge: SESSION_MAX_AGE_SECONDS, decode: decodeWithPreviousSecret },
  pages: { signIn: "/login", error: "/login" },
  // next-auth's own errors in our JSON log lines. A callback URL that is not ours is hostile or broken
  // input that next-auth refuses with a 4xx: one warning line, not an error with a stack trace.
  logger: {
    error(code, metadata) {
      const log = componentLogger("next-auth");
      if (code === "INVALID_CALLBACK_URL_ERROR") log.warn({ code }, "refused a callback URL that is not the portal's");
      else log.error({ code, ...errorFields(metadata instanceof Error ? metadata : metadata.error) }, "next-auth error");
    },
    warn(code) {
      componentLogger("next-auth").warn({ code }, "next-auth warning");
    },
    debug() {},
  },
  useSecureCookies: secure,
  cookies: {
    sessionToken: {
      // The __Secure- prefix makes browsers refuse the cookie over plain http or without Secure.
      name: secure ? "__Secure-next-auth.session-token" : "next-auth.session-token",
      options: { httpOnly: true, sameSite: "lax", path: "/", secure },
    },
  },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        /** the second step for admins with 2FA: a TOTP code or a recovery code */
        code: { label: "Authentication code", type: "text" },
      },
      authorize: (credentials, req) => authorizePassword(credentials, req?.headers),
    }),
    // The end of an admin SSO round trip: redeems the ticket the verified callback left (authorizeSsoTicket).
    CredentialsProvider({
      id: "sso",
      name: "Single sign-on",
      credentials: { ticket: { label: "Ticket", type: "text" } },
      authorize: (credentials, req) => authorizeSsoTicket(credentials, req?.headers),
    }),
  ],
  callbacks: {
    // Only pages of the portal, whatever callbackUrl a link carried.
    redirect({ url, baseUrl }) {
      return `${baseUrl}${safeCallbackUrl(url, baseUrl)}`;
    },
    // `user` is only present on sign-in; afterwards the token carries the claims forward.
    async jwt({ token, user }) {
      if (user) {
        token.adminId = user.id;
        token.role = user.role;
        token.partnerId = user.partnerId;
        token.sessionVersion = user.sessionVersion;
        token.sid = await startAdminSession(user.id, SESSION_MAX_AGE_SECONDS, new Date(), { userAgent: user.userAgent, ip: user.ip, method: user.signInMethod ?? "password" });
      }
      return token;
    },
    async session({ session, token }) {
      session.user = {
        ...session.user,
        adminId: token.adminId,
        role: token.role,
        partnerId: token.partnerId,
        sessionVersion: token.sessionVersion ?? 0,
        sessionId: token.sid,
      };
      return session;
    },
  },
  events: {
    // Sign-out ends the session on the server too: a copy of the cookie is refused from now on.
    async signOut({ token }) {
      if (typeof token?.sid === "string") await endAdminSession(token.sid);
    },
  },
};
