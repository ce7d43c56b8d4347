// The portal's email previews (Settings): every template rendered with the partner's saved branding
// and sample data, exactly as the outbox would store it. Nothing is queued.
import type { SignInUrlConfig } from "@/server/config/hosted-app-config";
import { buildSignInUrl } from "@/server/config/hosted-app-url";
import { db } from "@/server/db/client";
import { requireScope, type PartnerScope } from "@/server/scope";
import { renderEmail, type RenderedEmail } from "@/emails";
import { NOTIFICATION_LABELS, notificationItem } from "./notify-admins";
import { appBaseUrl, partnerSender } from "./partner-brand";
import { subjectFor } from "./queue-email";

export type EmailPreview = RenderedEmail & { name: string; label: string; from: string; replyTo: string | null };

export async function previewEmails(scope: PartnerScope, config: SignInUrlConfig): Promise<EmailPreview[]> {
  const { partnerId, environment } = requireScope(scope, "email");
  const baseUrl = appBaseUrl(config);
  const sender = await partnerSender(db, partnerId, baseUrl);
  if (!sender) return [];
  const partnerName = sender.brand.name;
  const memberUrl = buildSignInUrl(config, sender.subdomain, "preview-token", sender.customDomain);
  const inquiry = notificationItem("inquiry", { inquiryId: "preview", dealName: "Cloud credits", memberEmail: "ada@example.com", message: "Is this deal open to seed-stage companies?" }, baseUrl);
  const low = notificationItem("codes_low", { dealId: "preview", dealName: "Cloud credits", available: 5, threshold: 5 }, baseUrl);
  const prefs = `${baseUrl}/account#notifications`;
  const items: { name: string; label: string; member: boolean; render: () => Promise<RenderedEmail> }[] = [
    { name: "member_sign_in", label: "Member sign-in link", member: true, render: () => renderEmail("memberSignIn", { brand: sender.brand, email: "ada@example.com", url: memberUrl, expiresInMinutes: 15 }) },
    { name: "admin_invitation", label: "Team invitation", member: false, render: () => renderEmail("adminInvitation", { partnerName, inviterEmail: "you@example.com", email: "new-admin@example.com", url: `${baseUrl}/set-password?token=preview`, expiresInDays: 7 }) },
    { name: "password_reset", label: "Password reset", member: false, render: () => renderEmail("passwordReset", { email: "you@example.com", url: `${baseUrl}/set-password?token=preview`, expiresInMinutes: 60 }) },
    { name: "password_changed", label: "Password changed", member: false, render: () => renderEmail("passwordChanged", { email: "you@example.com", at: new Date(), how: "changed", resetUrl: `${baseUrl}/forgot-password` }) },
    { name: "notification", label: "Notification (new inquiry)", member: false, render: () => renderEmail("adminNotification", { partnerName, item: inquiry, actionLabel: NOTIFICATION_LABELS.inquiry.action, preferencesUrl: prefs, kindLabel: NOTIFICATION_LABELS.inquiry.one }) },
    { name: "digest", label: "Daily digest", member: false, render: () => renderEmail("adminDigest", { partnerName, groups: [{ label: NOTIFICATION_LABELS.inquiry.many, items: [inquiry] }, { label: NOTIFICATION_LABELS.codes_low.many, items: [low] }], preferencesUrl: prefs }) },
  ];
  const out: EmailPreview[] = [];
  for (const item of items) {
    const rendered = await item.render();
    out.push({
      ...rendered,
      subject: item.member ? subjectFor(rendered.subject, environment) : rendered.subject,
      name: item.name,
      label: item.label,
      from: item.member ? partnerName : "Perkway",
      replyTo: item.member ? sender.replyTo : null,
    });
  }
  return out;
}
