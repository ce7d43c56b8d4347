// next-auth 4 configuration for portal admins: email + password against the admins table, JWT
// sessions (no session table), custom sign-in page at /login.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { verifyAdminCredentials } from "@/server/services/admins/verify-admin-credentials";

const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

export const authOptions: NextAuthOptions = {
  secret: process.env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials) {
        if (typeof credentials?.email !== "string" || typeof credentials.password !== "string") return null;
        const admin = await verifyAdminCredentials(credentials.email, credentials.password);
        if (!admin) return null;
        return { id: admin.id, email: admin.email, name: admin.name, role: admin.role, partnerId: admin.partnerId };
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
      }
      return token;
    },
    async session({ session, token }) {
      session.user = {
        ...session.user,
        adminId: token.adminId,
        role: token.role,
        partnerId: token.partnerId,
      };
      return session;
    },
  },
};
