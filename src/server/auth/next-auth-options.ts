// next-auth 4 configuration for portal admins: email + password against the admins table, JWT
// sessions (no session table), custom sign-in page at /login. Failed sign-ins are throttled per email
// and per IP (sign-in-throttle.ts); the session cookie is HttpOnly, SameSite=Lax, and Secure unless
// the portal runs on localhost (there is no certificate there).
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { hostedAppConfig, isLocalDomain } from "@/server/config/hosted-app-config";
import { verifyAdminCredentials } from "@/server/services/admins/verify-admin-credentials";
import { SignInThrottle, signInClientIp } from "./sign-in-throttle";

const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** Secure cookies everywhere but on localhost, whatever the scheme next-auth guesses. */
export function sessionCookieSecure(appDomain: string = hostedAppConfig().appDomain): boolean {
  return !isLocalDomain(appDomain);
}

const secure = sessionCookieSecure();
let throttle: SignInThrottle | null = null;

export const authOptions: NextAuthOptions = {
  secret: process.env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
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
        if (typeof credentials?.email !== "string" || typeof credentials.password !== "string") return null;
        const attempt = { email: credentials.email, ip: signInClientIp((req?.headers ?? {}) as Record<string, string | undefined>) };
        throttle ??= new SignInThrottle();
        // Thrown errors reach the sign-in form as their message (next-auth's ?error=).
        await throttle.check(attempt);
        const admin = await verifyAdminCredentials(credentials.email, credentials.password);
        if (!admin) {
          await throttle.recordFailure(attempt);
          return null;
        }
        return { id: admin.id, email: admin.email, name: admin.name, role: admin.role, partnerId: admin.partnerId, sessionVersion: admin.sessionVersion };
      },
    }),
  ],
  callbacks: {
    // `user` is only present on sign-in; afterwards the token carries the claims forward.
    async jwt({ token, user }) {
      if (user) {
        token.adminId = user.id;
        token.role = user.role;
        token.partnerId = user.partnerId;
        token.sessionVersion = user.sessionVersion;
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
      };
      return session;
    },
  },
};
