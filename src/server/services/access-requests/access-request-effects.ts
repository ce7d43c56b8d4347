// What follows a change of an access request, in the transaction of that change: the webhook event
// (outbox), the admins' notification (per their preference) and the member's decision email (outbox).
// One place, so /v1, the portal inbox and the hosted app agree.
import type { AccessRequest } from "@/generated/prisma/client";
import type { Tx } from "@/server/db/client";
import { hostedAppConfig, type MagicLinkConfig } from "@/server/config/hosted-app-config";
import { hostedAppUrl } from "@/server/config/hosted-app-url";
import type { PartnerScope } from "@/server/scope";
import { enqueueWebhookEvent } from "@/server/services/webhooks";
import { appBaseUrl, notifyAdmins, partnerSender, queueEmail } from "@/server/services/email";
import { renderEmail } from "@/emails";
import { memberEmailLocale } from "@/server/domain/member-language";
import { storedTranslations } from "@/server/services/deals";
import { serializeAccessRequest } from "./access-request-scope";

export async function afterAccessRequestCreated(tx: Tx, scope: PartnerScope, request: AccessRequest): Promise<void> {
  await enqueueWebhookEvent(tx, scope, "access_request.created", serializeAccessRequest(request));
  const deal = request.dealId ? await tx.deal.findUnique({ where: { id: request.dealId }, select: { productName: true, translations: true } }) : null;
  await notifyAdmins(tx, scope, "access_request", { requestId: request.id, dealName: deal?.productName ?? null, email: request.email, message: request.message });
}

export async function afterAccessRequestDecided(
  tx: Tx,
  scope: PartnerScope,
  request: AccessRequest,
  opts: { signInUrl?: string | null; config?: MagicLinkConfig } = {},
): Promise<void> {
  if (request.status === "approved") await enqueueWebhookEvent(tx, scope, "access_request.approved", serializeAccessRequest(request));
  if (request.status === "declined") await enqueueWebhookEvent(tx, scope, "access_request.declined", serializeAccessRequest(request));
  if (request.status === "approved" || request.status === "declined") await queueDecisionEmail(tx, scope, request, opts);
}

/** The member's (or applicant's) email about the decision: the deal's page, or the partner's note. */
async function queueDecisionEmail(tx: Tx, scope: PartnerScope, request: AccessRequest, opts: { signInUrl?: string | null; config?: MagicLinkConfig }): Promise<void> {
  // An approved applicant gets their sign-in link instead (sendMemberSignInEmail, on admission).
  if (request.type === "membership" && request.status === "approved") return;
  const config = opts.config ?? hostedAppConfig();
  const sender = await partnerSender(tx, scope.partnerId, appBaseUrl(config));
  if (!sender) return;
  const deal = request.dealId ? await tx.deal.findUnique({ where: { id: request.dealId }, select: { productName: true, translations: true } }) : null;
  const hosted = hostedAppUrl(config, sender.subdomain, sender.customDomain);
  const approved = request.status === "approved";
  const url = approved ? (request.dealId ? `${hosted}/deals/${request.dealId}` : (opts.signInUrl ?? hosted)) : request.dealId ? hosted : null;
  // In the member's language (their locale, else the partner's default); the deal's name as it reads in it.
  const member = request.memberId ? await tx.member.findUnique({ where: { id: request.memberId }, select: { locale: true, active: true } }) : null;
  // A member the partner's directory deactivated gets no email (contract section 20).
  if (member && !member.active) return;
  const locale = memberEmailLocale(member?.locale, sender);
  const dealName = deal ? (storedTranslations(deal.translations)[locale]?.product_name ?? deal.productName) : null;
  const rendered = await renderEmail(
    "accessDecision", { brand: sender.brand, email: request.email, decision: approved ? "approved" : "declined", dealName, url, note: request.decisionNote, locale },
  );
  await queueEmail(tx, { ...rendered, kind: "access_decision", to: request.email, partnerId: scope.partnerId, environment: scope.environment, fromName: sender.brand.name, replyTo: sender.replyTo });
}
