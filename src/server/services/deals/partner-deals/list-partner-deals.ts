// GET /v1/partner-deals: partner deals of the environment, drafts included, newest first
// (created_at desc, id desc), keyset cursor.
import { readDb } from "@/server/db/read-db";
import type { Prisma } from "@/generated/prisma/client";
import type { DealStatus } from "@/server/domain/enums";
import type { PartnerDealDto, PartnerDealListQuery } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { dealInclude } from "@/server/services/deals/deal-record";
import { partnerDealsWhere } from "./find-partner-deal";
import { loadPartnerContext, serializePartnerDeal } from "./serialize-partner-deal";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";
import { DEFAULT_LIST_LIMIT } from "@/server/schemas/list.schema";

export async function listPartnerDeals(
  scope: PartnerScope,
  query: PartnerDealListQuery,
): Promise<{ data: PartnerDealDto[]; has_more: boolean; next_cursor: string | null }> {
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  const where: Prisma.DealWhereInput = { ...partnerDealsWhere(scope) };
  if (query.status) where.status = { in: query.status.split(",") as DealStatus[] };
  if (query.cursor !== undefined) {
    const c = decodeCreatedAtCursor(query.cursor, "partner_deals");
    where.OR = [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }];
  }
  const [rows, partner] = await Promise.all([
    readDb(scope).deal.findMany({ where, include: dealInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 }),
    loadPartnerContext(scope),
  ]);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map((d) => serializePartnerDeal(d, partner)),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCreatedAtCursor(last, "partner_deals") : null,
  };
}
