// GET /v1/redemptions: newest first (redeemed_at desc, id desc), keyset pagination on that key.
import type { Prisma } from "@/generated/prisma/client";
import { readDb } from "@/server/db/read-db";
import { DEFAULT_LIST_LIMIT } from "@/server/schemas/list.schema";
import type { RedemptionListQuery, RedemptionRecordDto } from "@/server/schemas/redemption-record.schema";
import { requireScope, type PartnerScope } from "@/server/scope";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";
import { serializeRedemption } from "@/server/services/events";

export async function listRedemptions(scope: PartnerScope, query: RedemptionListQuery): Promise<{ data: RedemptionRecordDto[]; has_more: boolean; next_cursor: string | null }> {
  const { partnerId, environment } = requireScope(scope, "redemptions");
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  const and: Prisma.RedemptionWhereInput[] = [{ partnerId, environment }];
  if (query.user_id !== undefined) and.push({ memberId: query.user_id.toLowerCase() });
  if (query.deal_id !== undefined) and.push({ dealId: query.deal_id.toLowerCase() });
  if (query.source !== undefined) and.push({ source: query.source });
  if (query.since !== undefined) and.push({ redeemedAt: { gte: new Date(/T/.test(query.since) ? query.since : `${query.since}T00:00:00Z`) } });
  if (query.cursor !== undefined) {
    const c = decodeCreatedAtCursor(query.cursor, "redemptions");
    and.push({ OR: [{ redeemedAt: { lt: c.createdAt } }, { redeemedAt: c.createdAt, id: { lt: c.id } }] });
  }
  const rows = await readDb(scope).redemption.findMany({ where: { AND: and }, orderBy: [{ redeemedAt: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = rows.slice(0, limit);
  const has_more = rows.length > limit;
  const last = page[page.length - 1];
  return {
    data: page.map(serializeRedemption),
    has_more,
    next_cursor: has_more && last ? encodeCreatedAtCursor({ createdAt: last.redeemedAt, id: last.id }, "redemptions") : null,
  };
}
