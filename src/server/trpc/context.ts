// Per-request tRPC context: the signed-in portal admin (next-auth JWT cookie, still valid in the
// database) or null.
import { getAdminSession, type AdminSession } from "@/server/auth/get-admin-session";

export type TRPCContext = {
  admin: AdminSession | null;
  headers: Headers;
};

export async function createTRPCContext(opts: { headers: Headers }): Promise<TRPCContext> {
  return { admin: await getAdminSession(), headers: opts.headers };
}
