// Per-request tRPC context: the signed-in portal admin (from the next-auth JWT cookie) or null.
import { getServerSession } from "next-auth";
import { adminSessionFrom, type AdminSession } from "@/server/auth/get-admin-session";
import { authOptions } from "@/server/auth/next-auth-options";

export type TRPCContext = {
  admin: AdminSession | null;
  headers: Headers;
};

export async function createTRPCContext(opts: { headers: Headers }): Promise<TRPCContext> {
  const session = await getServerSession(authOptions);
  return { admin: adminSessionFrom(session), headers: opts.headers };
}
