// A member's inquiry / request-access form. The deal must be one this partner's hosted app shows
// (hosted channel, same visibility as the list) and the member must belong to the scope.
import { db } from "@/server/db/client";
import type { InquiryInput } from "@/server/schemas/inquiry.schema";
import type { PartnerScope } from "@/server/scope";
import { getPartnerView } from "@/server/services/deals/catalogue/catalog-cache";
import { findVisibleEntry } from "@/server/services/deals/listing/get-deal";
import { findMemberOrThrow } from "@/server/services/members";
import { dealNotFound } from "@/server/services/deals/partner-deals/find-partner-deal";
import { inquiryScopeWhere } from "./inquiry-scope";
import { enqueueWebhookEvent } from "@/server/services/webhooks";
import { notifyAdmins } from "@/server/services/email";

export async function createInquiry(scope: PartnerScope, memberId: string, data: InquiryInput): Promise<{ id: string }> {
  const where = inquiryScopeWhere(scope);
  const [member, view] = await Promise.all([findMemberOrThrow(scope, { id: memberId }), getPartnerView(scope)]);
  const listed = findVisibleEntry(view, data.deal_id, "hosted");
  if (!listed) throw dealNotFound();
  const fields = { ...(data.company ? { company: data.company } : {}), ...(data.role ? { role: data.role } : {}) };
  // inquiry.submitted goes to the webhook outbox, and the admins' notification to the email outbox,
  // in the same transaction.
  const row = await db.$transaction(async (tx) => {
    const created = await tx.inquiry.create({
      data: { ...where, dealId: data.deal_id, memberId: member.id, memberEmail: member.email, message: data.message, fields: Object.keys(fields).length ? fields : undefined },
      select: { id: true, createdAt: true },
    });
    await enqueueWebhookEvent(tx, scope, "inquiry.submitted", {
      id: created.id,
      deal_id: data.deal_id,
      user_id: member.id,
      message: data.message,
      company: data.company ?? null,
      role: data.role ?? null,
      created_at: created.createdAt.toISOString(),
    });
    await notifyAdmins(tx, scope, "inquiry", { inquiryId: created.id, dealName: listed.entry.productName, memberEmail: member.email, message: data.message });
    return created;
  });
  return { id: row.id };
}
