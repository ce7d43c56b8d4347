// The partner's inquiries in the current environment, newest first, keyset-paged.
import { readDb } from "@/server/db/read-db";
import type { InquiryList } from "@/server/schemas/inquiry.schema";
import type { PartnerScope } from "@/server/scope";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";
import { inquiryScopeWhere } from "./inquiry-scope";

export async function listInquiries(scope: PartnerScope, query: { limit?: number; cursor?: string | null } = {}): Promise<InquiryList> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 100);
  const after = query.cursor ? decodeCreatedAtCursor(query.cursor, "inquiries") : null;
  const rows = await readDb(scope).inquiry.findMany({
    where: {
      ...inquiryScopeWhere(scope),
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, dealId: true, memberId: true, memberEmail: true, message: true, fields: true, createdAt: true, deal: { select: { productName: true } } },
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map((r) => {
      const f = (r.fields ?? {}) as { company?: unknown; role?: unknown };
      return {
        id: r.id,
        deal_id: r.dealId,
        deal_name: r.deal.productName,
        member_id: r.memberId,
        member_email: r.memberEmail,
        message: r.message,
        company: typeof f.company === "string" ? f.company : null,
        role: typeof f.role === "string" ? f.role : null,
        created_at: r.createdAt.toISOString(),
      };
    }),
    next_cursor: more && last ? encodeCreatedAtCursor(last, "inquiries") : null,
  };
}
