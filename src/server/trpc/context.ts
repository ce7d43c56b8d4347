// Per-request tRPC context: the signed-in portal admin (next-auth JWT cookie, still valid in the
// database) or null. `claims` is the seam for tests: the context of a seeded admin, resolved through
// the same database checks as a real cookie (environment switch, view-as, deactivation).
import { adminSessionFromClaims, getAdminSession, type AdminClaims, type AdminSession } from "@/server/auth/get-admin-session";

export type TRPCContext = {
  admin: AdminSession | null;
  headers: Headers;
};

// `admin`: the session a server component already resolved (src/trpc/server.ts), read through React's
// per-request cache in Next's bundle; this module is loaded from the server package, whose React has none.
export async function createTRPCContext(opts: { headers: Headers; claims?: AdminClaims | null; admin?: AdminSession | null }): Promise<TRPCContext> {
  if (opts.admin !== undefined) return { admin: opts.admin, headers: opts.headers };
  if (opts.claims !== undefined) return { admin: opts.claims ? await adminSessionFromClaims(opts.claims) : null, headers: opts.headers };
  return { admin: await getAdminSession(), headers: opts.headers };
}
