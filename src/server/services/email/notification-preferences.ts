// Each admin chooses, per notification kind, an email at once ("instant", the default), one daily
// digest, or nothing. List-Unsubscribe links carry a token signed with a key derived from
// AUTH_SECRET, so one click turns one kind off without signing in.
import { createHmac, timingSafeEqual } from "node:crypto";
import { db } from "@/server/db/client";
import { deriveKey } from "@/server/crypto/auth-secret";
import { AppError } from "@/server/errors/app-error";

import { NOTIFICATION_KINDS, NOTIFICATION_MODES } from "@/server/domain/enums";

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];
export const DEFAULT_NOTIFICATION_MODE: NotificationMode = "instant";

export type NotificationPreferences = Record<NotificationKind, NotificationMode>;

export async function getNotificationPreferences(adminId: string): Promise<NotificationPreferences> {
  const rows = await db.adminNotificationPreference.findMany({ where: { adminId }, select: { kind: true, mode: true } });
  const prefs = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, DEFAULT_NOTIFICATION_MODE])) as NotificationPreferences;
  for (const r of rows) if ((NOTIFICATION_KINDS as readonly string[]).includes(r.kind)) prefs[r.kind as NotificationKind] = r.mode as NotificationMode;
  return prefs;
}

export async function setNotificationPreferences(adminId: string, changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  const entries = Object.entries(changes).filter(([k, m]) => (NOTIFICATION_KINDS as readonly string[]).includes(k) && (NOTIFICATION_MODES as readonly string[]).includes(m as string));
  await db.$transaction(
    entries.map(([kind, mode]) =>
      db.adminNotificationPreference.upsert({ where: { adminId_kind: { adminId, kind } }, create: { adminId, kind, mode: mode as string }, update: { mode: mode as string } }),
    ),
  );
  return getNotificationPreferences(adminId);
}

function sign(adminId: string, kind: string): string {
  return createHmac("sha256", deriveKey("email-unsubscribe")).update(`${adminId}:${kind}`).digest("base64url").slice(0, 32);
}

/** The token of a List-Unsubscribe link: who and which kind ("digest": every kind in the digest), signed. */
export function unsubscribeToken(adminId: string, kind: NotificationKind | "digest"): string {
  return `${adminId}.${kind}.${sign(adminId, kind)}`;
}

/** One-click unsubscribe (RFC 8058): the kind of the token is turned off for its admin. */
export async function unsubscribeWithToken(token: string): Promise<{ kinds: NotificationKind[]; email: string }> {
  const [adminId, kind, mac] = String(token).split(".");
  const invalid = () => new AppError("parameter_invalid", "This unsubscribe link is not valid", { param: "token" });
  if (!adminId || !mac || !(kind === "digest" || (NOTIFICATION_KINDS as readonly string[]).includes(kind))) throw invalid();
  const expected = Buffer.from(sign(adminId, kind));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  const admin = await db.admin.findUnique({ where: { id: adminId }, select: { email: true } });
  if (!admin) throw invalid();
  const current = await getNotificationPreferences(adminId);
  const kinds = kind === "digest" ? NOTIFICATION_KINDS.filter((k) => current[k] === "digest") : [kind as NotificationKind];
  await setNotificationPreferences(adminId, Object.fromEntries(kinds.map((k) => [k, "off"])));
  return { kinds, email: admin.email };
}
