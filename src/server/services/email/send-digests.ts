// Daily digests: from MAIL_DIGEST_HOUR_UTC on, each admin with waiting notifications gets one email
// per UTC day. Every instance's worker runs this every minute; the (admin, day) unique key of
// admin_digests decides which one sends (the others' inserts conflict and they skip that admin),
// and the claim of the items, the digest row and the email commit together.
import { db } from "@/server/db/client";
import { NOTIFICATION_KINDS } from "@/server/domain/enums";
import { unsubscribeToken, type NotificationKind } from "./notification-preferences";
import type { MailConfig } from "@/server/config/mail-config";
import { NOTIFICATION_LABELS } from "./notify-admins";
import { queueEmail, SANDBOX_PREFIX } from "./queue-email";
import { renderEmail, type NotificationItem } from "@/emails";
import { NOTIFICATION_AUDIENCE } from "@/server/domain/team-roles";

export async function sendDueDigests(config: Pick<MailConfig, "digestHourUtc">, baseUrl: string, now = new Date()): Promise<number> {
  if (now.getUTCHours() < config.digestHourUtc) return 0;
  const day = now.toISOString().slice(0, 10);
  const waiting = await db.$queryRaw<{ admin_id: string }[]>`
    SELECT DISTINCT i.admin_id::text FROM admin_digest_items i
    WHERE i.digest_id IS NULL AND NOT EXISTS (SELECT 1 FROM admin_digests d WHERE d.admin_id = i.admin_id AND d.day = ${day}::date)`;
  let sent = 0;
  for (const { admin_id } of waiting) if (await sendDigest(admin_id, day, baseUrl)) sent++;
  return sent;
}

async function sendDigest(adminId: string, day: string, baseUrl: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const [digest] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO admin_digests (id, admin_id, day, created_at) VALUES (gen_random_uuid(), ${adminId}::uuid, ${day}::date, now())
      ON CONFLICT (admin_id, day) DO NOTHING RETURNING id::text`;
    if (!digest) return false; // another instance sent today's
    const claimed = await tx.$queryRaw<{ kind: string; environment: string; data: NotificationItem }[]>`
      UPDATE admin_digest_items SET digest_id = ${digest.id}::uuid
      WHERE admin_id = ${adminId}::uuid AND digest_id IS NULL
      RETURNING kind, environment::text, data`;
    const admin = await tx.admin.findUnique({ where: { id: adminId }, select: { email: true, partnerId: true, teamRole: true, partner: { select: { name: true } } } });
    if (!admin) return false;
    // Lines queued before the admin's role changed: only the kinds the role may still hear of.
    const role = admin.teamRole ?? "owner";
    const items = claimed.filter((i) => (NOTIFICATION_AUDIENCE[i.kind as NotificationKind] ?? []).includes(role));
    if (items.length === 0) return false;
    items.sort((a, b) => a.data.at.localeCompare(b.data.at));
    const groups = NOTIFICATION_KINDS.map((kind: NotificationKind) => ({
      label: NOTIFICATION_LABELS[kind].many,
      items: items.filter((i) => i.kind === kind).map((i) => (i.environment === "test" ? { ...i.data, title: SANDBOX_PREFIX + i.data.title } : i.data)),
    })).filter((g) => g.items.length > 0);
    const rendered = await renderEmail("adminDigest", { partnerName: admin.partner?.name ?? "your organization", groups, preferencesUrl: `${baseUrl}/account#notifications` });
    const unsubscribe = `${baseUrl}/api/email/unsubscribe?token=${unsubscribeToken(adminId, "digest")}`;
    await queueEmail(tx, {
      ...rendered,
      kind: "digest",
      to: admin.email,
      partnerId: admin.partnerId,
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    return true;
  });
}
