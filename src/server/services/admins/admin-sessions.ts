// Portal sessions kept on the server (docs/decisions/session-revocation.md). The next-auth JWT only
// carries the id of an admin_sessions row; the row is checked on every request
// (admin-has-access.ts), so ending it (sign-out, password change or reset) refuses a copied cookie
// from the next request on, however long the JWT itself would still live.
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";

type Client = Prisma.TransactionClient | typeof db;

/** Opens a session for a sign-in and returns its id (for the JWT). Drops the admin's expired rows. */
export async function startAdminSession(adminId: string, maxAgeSeconds: number, now = new Date()): Promise<string> {
  await db.adminSession.deleteMany({ where: { adminId, expiresAt: { lt: now } } });
  const row = await db.adminSession.create({ data: { adminId, expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000) }, select: { id: true } });
  return row.id;
}

/** Ends one session (sign-out). Unknown or already-ended ids are a no-op. */
export async function endAdminSession(sessionId: string, now = new Date()): Promise<void> {
  if (!isUuid(sessionId)) return;
  await db.adminSession.updateMany({ where: { id: sessionId, endedAt: null }, data: { endedAt: now } });
}

/**
 * Ends every open session of an admin (password changed or reset), except `exceptCurrent` when the
 * caller's own browser should stay signed in. Returns how many were ended. Pass `client` to run
 * inside the caller's transaction.
 */
export async function endAdminSessions(adminId: string, options: { exceptCurrent?: string | null } = {}, client: Client = db, now = new Date()): Promise<number> {
  const except = options.exceptCurrent && isUuid(options.exceptCurrent) ? options.exceptCurrent : null;
  const { count } = await client.adminSession.updateMany({
    where: { adminId, endedAt: null, ...(except ? { id: { not: except } } : {}) },
    data: { endedAt: now },
  });
  return count;
}
