// Per-request tRPC context: the signed-in portal admin (next-auth JWT cookie, still valid in the
// database) or null. `claims` is the seam for tests: the context of a seeded admin, resolved through
// the same database checks as a real cookie (environment switch, view-as, deactivation).
import { adminSessionFromClaims, getAdminSession, type AdminClaims, type AdminSession } from "@/server/auth/get-admin-session";

export type TRPCContext = {
  admin: AdminSession | null;
  headers: Headers;
};

export async function createTRPCContext(opts: { headers: Headers; claims?: AdminClaims | null }): Promise<TRPCContext> {
  if (opts.claims !== undefined) return { admin: opts.claims ? await adminSessionFromClaims(opts.claims) : null, headers: opts.headers };
  return { admin: await getAdminSession(), headers: opts.headers };
}
