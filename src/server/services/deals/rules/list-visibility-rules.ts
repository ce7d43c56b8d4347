// GET /v1/partner-deals/{id}/visibility-rules: the rules of a partner deal, oldest first (created_at, id).
import { db } from "@/server/db/client";
import type { VisibilityRuleDto } from "@/server/schemas/visibility-rule.schema";
import type { PartnerScope } from "@/server/scope";
import { findPartnerDealOrThrow } from "@/server/services/deals/partner-deals/find-partner-deal";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";
import { serializeRule } from "./rule-data";
import { DEFAULT_LIST_LIMIT } from "@/server/schemas/list.schema";

type Page = { data: VisibilityRuleDto[]; has_more: boolean; next_cursor: string | null };

/** Oldest first (created_at, id); keyset cursor. */
export async function listVisibilityRules(scope: PartnerScope, dealId: string, query: { limit?: number; cursor?: string }): Promise<Page> {
  const deal = await findPartnerDealOrThrow(scope, dealId);
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  const after = query.cursor !== undefined ? decodeCreatedAtCursor(query.cursor, "visibility_rules") : null;
  const rows = await db.visibilityRule.findMany({
    where: {
      dealId: deal.id,
      ...(after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit + 1,
  });
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map(serializeRule),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCreatedAtCursor(last, "visibility_rules") : null,
  };
}
