// Portal sessions kept on the server (docs/decisions/session-revocation.md). The next-auth JWT only
// carries the id of an admin_sessions row; the row is checked on every request
// (admin-has-access.ts), so ending it (sign-out, password change or reset) refuses a copied cookie
// from the next request on, however long the JWT itself would still live.
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import { deviceName } from "@/server/domain/user-agent";
import { AppError } from "@/server/errors/app-error";
import type { AdminActor } from "@/server/scope";
import { type ActivityActor, activityActorOf, recordActivity } from "@/server/services/activity";
import { findTeamAdminOrThrow } from "./team-scope";

type Client = Prisma.TransactionClient | typeof db;

/**
 * Opens a session for a sign-in and returns its id (for the JWT). Drops the admin's expired rows.
 * `client`: the browser's User-Agent and IP, shown on the sessions list; `method`: how the admin
 * signed in ("sso": the partner's IdP, which also answers for the second factor).
 */
export async function startAdminSession(
  adminId: string,
  maxAgeSeconds: number,
  now = new Date(),
  client: { userAgent?: string | null; ip?: string | null; method?: "password" | "sso" } = {},
): Promise<string> {
  await db.adminSession.deleteMany({ where: { adminId, expiresAt: { lt: now } } });
  const row = await db.adminSession.create({
    data: {
      adminId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000),
      userAgent: client.userAgent?.slice(0, 512) || null,
      ip: client.ip?.slice(0, 64) || null,
      lastSeenAt: now,
      method: client.method ?? "password",
    },
    select: { id: true },
  });
  return row.id;
}

export type AdminSessionEntry = {
  id: string;
  device: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  current: boolean;
};

const openWhere = (adminId: string, now: Date) => ({ adminId, endedAt: null, expiresAt: { gt: now } });

/** The admin's open sessions, the most recently seen first; `currentSessionId` marks this browser's. */
export async function listAdminSessions(actor: AdminActor, currentSessionId: string | null, now = new Date()): Promise<AdminSessionEntry[]> {
  const rows = await db.adminSession.findMany({ where: openWhere(actor.adminId, now), orderBy: [{ lastSeenAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }], take: 100 });
  return rows.map((r) => ({
    id: r.id,
    device: deviceName(r.userAgent),
    user_agent: r.userAgent,
    ip: r.ip,
    created_at: r.createdAt.toISOString(),
    last_seen_at: (r.lastSeenAt ?? r.createdAt).toISOString(),
    expires_at: r.expiresAt.toISOString(),
    current: r.id === currentSessionId,
  }));
}

/** /account → Sessions → Sign out: one of the admin's own sessions (404 for anyone else's). */
export async function endOwnSession(actor: AdminActor, sessionId: string, actorEmail?: string | null, now = new Date()): Promise<{ id: string; ended: true }> {
  if (!isUuid(sessionId)) throw sessionNotFound();
  const session = await db.adminSession.findFirst({ where: { ...openWhere(actor.adminId, now), id: sessionId.toLowerCase() }, select: { id: true, userAgent: true } });
  if (!session) throw sessionNotFound();
  await db.$transaction(async (tx) => {
    await tx.adminSession.update({ where: { id: session.id }, data: { endedAt: now } });
    await recordActivity(
      { actor: activityActorOf(actor, actorEmail), partnerId: actor.partnerId, action: "admin.session_ended", target: { type: "admin", id: actor.adminId }, summary: `Signed out a session (${deviceName(session.userAgent)})` },
      tx,
    );
  });
  return { id: session.id, ended: true };
}

/** /account → Sessions → Sign out everywhere else. */
export async function endOtherSessions(actor: AdminActor, currentSessionId: string | null, actorEmail?: string | null): Promise<{ ended: number }> {
  return db.$transaction(async (tx) => {
    const ended = await endAdminSessions(actor.adminId, { exceptCurrent: currentSessionId }, tx);
    if (ended) {
      await recordActivity(
        { actor: activityActorOf(actor, actorEmail), partnerId: actor.partnerId, action: "admin.sessions_ended", target: { type: "admin", id: actor.adminId }, summary: `Signed out everywhere else (${ended} session${ended === 1 ? "" : "s"})` },
        tx,
      );
    }
    return { ended };
  });
}

/** Team → End sessions (owners): every session of a teammate. */
export async function endTeammateSessions(scope: { partnerId: string }, actor: ActivityActor, adminId: string): Promise<{ id: string; ended: number }> {
  const admin = await findTeamAdminOrThrow(scope, adminId);
  return db.$transaction(async (tx) => {
    const ended = await endAdminSessions(admin.id, {}, tx);
    await recordActivity(
      { actor, partnerId: scope.partnerId, action: "admin.sessions_ended", target: { type: "admin", id: admin.id }, summary: `Signed out ${admin.email} everywhere (${ended} session${ended === 1 ? "" : "s"})` },
      tx,
    );
    return { id: admin.id, ended };
  });
}

const sessionNotFound = () => new AppError("admin_session_not_found", "No such active session of yours");

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
