// Notifications to a partner's admins, written in the transaction of the change they are about:
// each admin gets an email now, a line in tomorrow's digest, or nothing, by their preference for
// the kind. Kinds: a new inquiry, a code pool running low, a new access request.
import type { Tx } from "@/server/db/client";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { requireScope, type PartnerScope } from "@/server/scope";
import { DEFAULT_NOTIFICATION_MODE, unsubscribeToken, type NotificationKind } from "./notification-preferences";
import { appBaseUrl } from "./partner-brand";
import { queueEmail } from "./queue-email";
import { renderEmail, type NotificationItem } from "@/emails";
import { NOTIFICATION_AUDIENCE } from "@/server/domain/team-roles";

export type NotificationData = {
  inquiry: { inquiryId: string; dealName: string; memberEmail: string | null; message: string };
  codes_low: { dealId: string; dealName: string; available: number; threshold: number | null };
  access_request: { requestId: string; dealName: string | null; email: string; message: string | null };
};

export const NOTIFICATION_LABELS: Record<NotificationKind, { one: string; many: string; action: string }> = {
  inquiry: { one: "new inquiry", many: "New inquiries", action: "Open inquiries" },
  codes_low: { one: "code pool running low", many: "Codes running low", action: "Add codes" },
  access_request: { one: "new access request", many: "Access requests", action: "Review the request" },
};

/** The portal page each kind points to. */
const PATHS: { [K in NotificationKind]: (d: NotificationData[K]) => string } = {
  inquiry: () => "/inquiries",
  codes_low: (d) => `/deals/own/${d.dealId}`,
  access_request: () => "/access-requests",
};

export function notificationItem<K extends NotificationKind>(kind: K, data: NotificationData[K], baseUrl: string, at = new Date()): NotificationItem {
  const url = baseUrl + (PATHS[kind] as (d: NotificationData[K]) => string)(data);
  const when = at.toISOString();
  switch (kind) {
    case "inquiry": {
      const d = data as NotificationData["inquiry"];
      return { title: `New inquiry about ${d.dealName}`, detail: [`From ${d.memberEmail ?? "a member"}: “${clip(d.message)}”`], url, at: when };
    }
    case "codes_low": {
      const d = data as NotificationData["codes_low"];
      const left = `${d.available} code${d.available === 1 ? "" : "s"} left`;
      return { title: `${d.dealName} is running low on codes`, detail: [`${left}. Add more before members meet an empty pool.`], url, at: when };
    }
    default: {
      const d = data as NotificationData["access_request"];
      const what = d.dealName ? `access to ${d.dealName}` : "membership";
      return { title: `${d.email} asks for ${what}`, detail: d.message ? [`“${clip(d.message)}”`] : [`Approve or decline it in the portal.`], url, at: when };
    }
  }
}

function clip(s: string, max = 280): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/**
 * Tells the partner's admins (those who have chosen a password, in a role that may open what `kind`
 * is about: NOTIFICATION_AUDIENCE) about `kind` in `tx`. Returns how
 * many emails were queued now and how many lines wait for a digest.
 */
export async function notifyAdmins<K extends NotificationKind>(
  tx: Tx,
  scope: PartnerScope,
  kind: K,
  data: NotificationData[K],
  opts: { baseUrl?: string } = {},
): Promise<{ instant: number; digest: number }> {
  const { partnerId, environment } = requireScope(scope, "email");
  const admins = await tx.admin.findMany({
    where: { partnerId, role: "partner_admin", passwordSetAt: { not: null }, OR: [{ teamRole: { in: [...NOTIFICATION_AUDIENCE[kind]] } }, { teamRole: null }] }, // null: an owner
    select: { id: true, email: true, notificationPreferences: { where: { kind }, select: { mode: true } }, partner: { select: { name: true } } },
  });
  if (admins.length === 0) return { instant: 0, digest: 0 };
  const baseUrl = opts.baseUrl ?? appBaseUrl(hostedAppConfig());
  const item = notificationItem(kind, data, baseUrl);
  let instant = 0;
  const digest: { adminId: string; partnerId: string; environment: typeof environment; kind: string; data: NotificationItem }[] = [];
  for (const admin of admins) {
    const mode = admin.notificationPreferences[0]?.mode ?? DEFAULT_NOTIFICATION_MODE;
    if (mode === "off") continue;
    if (mode === "digest") {
      digest.push({ adminId: admin.id, partnerId, environment, kind, data: item });
      continue;
    }
    const unsubscribe = `${baseUrl}/api/email/unsubscribe?token=${unsubscribeToken(admin.id, kind)}`;
    const rendered = await renderEmail("adminNotification", {
      partnerName: admin.partner?.name ?? "your organization",
      item,
      actionLabel: NOTIFICATION_LABELS[kind].action,
      preferencesUrl: `${baseUrl}/account#notifications`,
      kindLabel: NOTIFICATION_LABELS[kind].one,
    });
    await queueEmail(tx, {
      ...rendered,
      kind: "notification",
      to: admin.email,
      partnerId,
      environment,
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    instant++;
  }
  if (digest.length) await tx.adminDigestItem.createMany({ data: digest });
  return { instant, digest: digest.length };
}
