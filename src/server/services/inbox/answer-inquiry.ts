// Inquiries in the portal inbox: a reply by email to the member (queued with the status change, so
// the inbox says "replied" only when the email is on its way), and closing without a reply.
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import { requireScope, type PartnerScope } from "@/server/scope";
import { appBaseUrl, partnerSender, queueEmail } from "@/server/services/email";
import { storedTranslations } from "@/server/services/deals";
import { memberEmailLocale } from "@/server/domain/member-language";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { renderEmail } from "@/emails";

const inquiryNotFound = () => new AppError("inquiry_not_found", "No inquiry with this id", { param: "id" });

export async function replyToInquiry(scope: PartnerScope, id: string, message: string, actor: { adminId: string; email?: string | null }): Promise<{ id: string; status: "replied"; replied_at: string }> {
  const where = requireScope(scope, "inquiries");
  if (!isUuid(id)) throw inquiryNotFound();
  const text = message.trim();
  if (!text) throw new AppError("parameter_invalid", "Write the reply", { param: "message" });
  return db.$transaction(async (tx) => {
    const inquiry = await tx.inquiry.findFirst({ where: { ...where, id: id.toLowerCase() }, select: { id: true, memberId: true, memberEmail: true, message: true, deal: { select: { productName: true, translations: true } } } });
    if (!inquiry) throw inquiryNotFound();
    if (!inquiry.memberEmail) throw new AppError("inquiry_no_email", "The member who sent this inquiry was deleted: there is no address to reply to");
    const sender = await partnerSender(tx, where.partnerId, appBaseUrl(hostedAppConfig()));
    if (!sender) throw inquiryNotFound();
    // In the member's language (their locale when the partner offers it), the deal's name as it reads in it.
    const member = inquiry.memberId ? await tx.member.findUnique({ where: { id: inquiry.memberId }, select: { locale: true, active: true } }) : null;
    // A member the partner's directory deactivated gets no email (contract section 20).
    if (member && !member.active) throw new AppError("inquiry_no_email", "This member was deactivated by your directory: they get no email");
    const locale = memberEmailLocale(member?.locale, sender);
    const dealName = storedTranslations(inquiry.deal.translations)[locale]?.product_name ?? inquiry.deal.productName;
    const rendered = await renderEmail("inquiryReply", { brand: sender.brand, email: inquiry.memberEmail, dealName, question: inquiry.message, reply: text, locale });
    await queueEmail(tx, {
      ...rendered,
      kind: "inquiry_reply",
      to: inquiry.memberEmail,
      partnerId: where.partnerId,
      environment: where.environment,
      fromName: sender.brand.name,
      // Answers go to the partner's support address, or to the admin who wrote the reply.
      replyTo: sender.replyTo ?? actor.email ?? null,
    });
    const repliedAt = new Date();
    await tx.inquiry.update({ where: { id: inquiry.id }, data: { status: "replied", replyText: text, repliedAt } });
    return { id: inquiry.id, status: "replied" as const, replied_at: repliedAt.toISOString() };
  });
}

/** Closes inquiries of the scope (ids of other scopes are skipped); returns how many changed. */
export async function closeInquiries(scope: PartnerScope, ids: readonly string[]): Promise<{ closed: number }> {
  const where = requireScope(scope, "inquiries");
  const valid = ids.filter(isUuid).map((i) => i.toLowerCase());
  if (valid.length === 0) return { closed: 0 };
  const { count } = await db.inquiry.updateMany({ where: { ...where, id: { in: valid }, status: { not: "closed" } }, data: { status: "closed" } });
  return { closed: count };
}
