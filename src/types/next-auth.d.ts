// Portal admin claims carried in the next-auth JWT and exposed on the session.
import type { DefaultSession } from "next-auth";

type AdminRole = "super_admin" | "partner_admin" | "provider";

declare module "next-auth" {
  interface User {
    role: AdminRole;
    partnerId: string | null;
    sessionVersion: number;
    /** sign-in only: the browser's User-Agent and IP, kept on the admin_sessions row */
    userAgent?: string | null;
    ip?: string | null;
    /** sign-in only: "sso" when the partner's IdP signed the admin in (the "sso" provider) */
    signInMethod?: "password" | "sso";
  }

  interface Session {
    user: DefaultSession["user"] & {
      adminId: string;
      role: AdminRole;
      partnerId: string | null;
      sessionVersion: number;
      /** the admin_sessions row this sign-in opened (src/server/services/admins/admin-sessions.ts) */
      sessionId?: string;
    };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    adminId: string;
    role: AdminRole;
    partnerId: string | null;
    sessionVersion?: number;
    sid?: string;
  }
}
