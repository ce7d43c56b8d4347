// next-auth 4 configuration for portal admins: email + password against the admins table, JWT
// sessions (no session table), custom sign-in page at /login. Failed sign-ins are throttled per email
// and per IP (sign-in-throttle.ts); the session cookie is HttpOnly, SameSite=Lax, and Secure unless
// the portal runs on localhost (there is no certificate there).
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { isLocalHost } from "@/server/config/app-host";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { endAdminSession, startAdminSession, verifyAdminCredentials } from "@/server/services/admins";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import type { SignInErrorCode } from "@/lib/sign-in-errors";
import { isStorableText } from "@/server/schemas/storable-text";
import { SignInThrottle, SignInThrottledError, signInClientIp } from "./sign-in-throttle";
import { decodeWithPreviousSecret } from "./decode-session-jwt";
import { envValue } from "@/server/config/env";

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

export const authOptions: NextAuthOptions = {
  secret: envValue("AUTH_SECRET"),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  jwt: { maxAge: SESSION_MAX_AGE_SECONDS, decode: decodeWithPreviousSecret },
  pages: { signIn: "/login", error: "/login" },
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
      },
      async authorize(credentials, req) {
        // Checked before anything reaches the database: a NUL byte or a megabyte is simply a wrong sign-in.
        if (!isPlausibleSignIn(credentials)) return null;
        const attempt = { email: credentials.email, ip: signInClientIp((req?.headers ?? {}) as Record<string, string | undefined>) };
        // A thrown error reaches the login page as next-auth's ?error=: only our fixed codes
        // (src/lib/sign-in-errors.ts), never an exception's own text.
        try {
          throttle ??= new SignInThrottle();
          await throttle.check(attempt);
          const admin = await verifyAdminCredentials(credentials.email, credentials.password);
          if (!admin) {
            await throttle.recordFailure(attempt);
            return null;
          }
          return { id: admin.id, email: admin.email, name: admin.name, role: admin.role, partnerId: admin.partnerId, sessionVersion: admin.sessionVersion };
        } catch (err) {
          if (err instanceof SignInThrottledError) throw new Error("TooManyAttempts" satisfies SignInErrorCode);
          console.error("portal sign-in failed:", err);
          throw new Error("SignInUnavailable" satisfies SignInErrorCode);
        }
      },
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
        token.sid = await startAdminSession(user.id, SESSION_MAX_AGE_SECONDS);
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
