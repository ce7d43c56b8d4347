// Template name + data → the HTML and plain-text parts, and every link (for the mailbox page and the
// no-SMTP log line). React Email and the templates are loaded on the first render only (dynamic
// import): importing the services index (every CLI process, every test) costs seconds otherwise.
import type { AdminDigestData } from "./templates/admin-digest";
import type { AdminInvitationData } from "./templates/admin-invitation";
import type { AdminNotificationData } from "./templates/admin-notification";
import type { MemberSignInData } from "./templates/member-sign-in";
import type { PasswordChangedData } from "./templates/password-changed";
import type { PasswordResetData } from "./templates/password-reset";
import type { AccessDecisionData } from "./templates/access-decision";
import type { InquiryReplyData } from "./templates/inquiry-reply";
import type { MemberDealDigestData } from "./templates/member-deal-digest";
import type { DealEndingSoonData } from "./templates/deal-ending-soon";
import type { ProviderNoticeData } from "./templates/provider-notice";

export type RenderedEmail = { subject: string; html: string; text: string; links: string[] };

export type TemplateData = {
  memberSignIn: MemberSignInData;
  adminInvitation: AdminInvitationData;
  passwordReset: PasswordResetData;
  passwordChanged: PasswordChangedData;
  adminNotification: AdminNotificationData;
  adminDigest: AdminDigestData;
  accessDecision: AccessDecisionData;
  inquiryReply: InquiryReplyData;
  memberDealDigest: MemberDealDigestData;
  dealEndingSoon: DealEndingSoonData;
  providerNotice: ProviderNoticeData;
};
export type TemplateName = keyof TemplateData;
export const TEMPLATE_NAMES: readonly TemplateName[] = ["memberSignIn", "adminInvitation", "passwordReset", "passwordChanged", "adminNotification", "adminDigest", "accessDecision", "inquiryReply", "memberDealDigest", "dealEndingSoon", "providerNotice"];

let loaded: Promise<[typeof import("./templates/all"), typeof import("@react-email/components")]> | null = null;

/**
 * Loads React Email and the templates now. Server processes call it at start (src/instrumentation.ts,
 * the email worker), so that the first email is not rendered cold inside the transaction that
 * queues it (a cold load takes seconds on a busy machine; transactions time out after 5).
 */
export function preloadEmailTemplates(): Promise<void> {
  loaded ??= Promise.all([import("./templates/all"), import("@react-email/components")]);
  return loaded.then(() => undefined);
}

export async function renderEmail<N extends TemplateName>(name: N, data: TemplateData[N]): Promise<RenderedEmail> {
  await preloadEmailTemplates();
  const [{ TEMPLATES }, { render }] = await loaded!;
  const template = (TEMPLATES[name] as (d: TemplateData[N]) => { subject: string; element: Parameters<typeof render>[0] })(data);
  const [html, text] = await Promise.all([render(template.element), render(template.element, { plainText: true })]);
  return { subject: template.subject, html, text, links: linksOf(html) };
}

function linksOf(html: string): string[] {
  const seen = new Set<string>();
  for (const m of html.matchAll(/<a\s[^>]*href="([^"]+)"/g)) seen.add(decodeEntities(m[1]));
  return [...seen];
}

function decodeEntities(s: string): string {
  return s.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
}
