// Portal admin claims carried in the next-auth JWT and exposed on the session.
import type { DefaultSession } from "next-auth";

type AdminRole = "super_admin" | "partner_admin";

declare module "next-auth" {
  interface User {
    role: AdminRole;
    partnerId: string | null;
    sessionVersion: number;
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
