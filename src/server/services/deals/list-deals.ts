// GET /v1/deals: filter, order and page the partner's cached view of the catalogue (no per-deal
// database work per request; see services/catalog/catalog-cache.ts).
import { isVisibleToMemberInList, type MemberContext, type PartnerContext } from "@/server/domain/visibility";
import { AppError } from "@/server/errors/app-error";
import type { DealListQuery, DealSort } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { findMemberOrThrow } from "@/server/services/members/get-member";
import { CLAIMABLE, VISIBLE, getPartnerView, orderOf } from "@/server/services/catalog/catalog-cache";
import { entryJson, isWithinDates, todayUtc, type CatalogEntry } from "@/server/services/catalog/catalog-entry";
import { compareKeys, decodeCursor, encodeCursor, seek, sortKeyOf } from "@/server/services/catalog/sort-order";
import { memberContext } from "./deal-record";

export const DEFAULT_STATUSES = ["live", "coming_soon"] as const;

export type DealPage = { items: { entry: CatalogEntry; claimable: boolean }[]; hasMore: boolean; nextCursor: string | null };

/** user_id / external_user_id of a query → the member's context, or null when neither is given. */
export async function memberFromQuery(scope: PartnerScope, q: { user_id?: string; external_user_id?: string }) {
  if (q.user_id !== undefined && q.external_user_id !== undefined) {
    throw new AppError(400, "parameter_invalid", "Send user_id or external_user_id, not both", { param: "external_user_id" });
  }
  if (q.user_id !== undefined) return findMemberOrThrow(scope, { id: q.user_id });
  if (q.external_user_id !== undefined) return findMemberOrThrow(scope, { externalUserId: q.external_user_id });
  return null;
}

export async function listDeals(scope: PartnerScope, query: DealListQuery): Promise<DealPage> {
  const sort: DealSort = query.sort ?? "featured";
  const limit = query.limit ?? 50;
  const after = query.cursor !== undefined ? decodeCursor(query.cursor, sort) : null;
  const [memberRow, view] = await Promise.all([memberFromQuery(scope, query), getPartnerView(scope)]);
  const member: MemberContext | null = memberRow ? memberContext(memberRow) : null;
  const matches = dealFilter(query, view.partner, member);

  const shared = view.shared;
  const own = view.own;
  const sharedOrder = query.deal_type === "partner_private" ? new Int32Array(0) : orderOf(shared, sort);
  const ownOrder = query.deal_type === "servicepass" ? new Int32Array(0) : orderOf(own, sort);
  let i = seek(shared.entries, sharedOrder, sort, after);
  let j = seek(own.entries, ownOrder, sort, after);

  const nextShared = () => {
    for (; i < sharedOrder.length; i++) {
      const k = sharedOrder[i];
      if (view.flags[k] & VISIBLE && matches(shared.entries[k])) return k;
    }
    return -1;
  };
  const nextOwn = () => {
    for (; j < ownOrder.length; j++) {
      const k = ownOrder[j];
      if (matches(own.entries[k])) return k;
    }
    return -1;
  };

  const items: DealPage["items"] = [];
  let s = nextShared();
  let o = nextOwn();
  while (items.length <= limit && (s >= 0 || o >= 0)) {
    const takeShared =
      o < 0 || (s >= 0 && compareKeys(sort, sortKeyOf(shared.entries[s], sort), sortKeyOf(own.entries[o], sort)) < 0);
    if (takeShared) {
      items.push({ entry: shared.entries[s], claimable: (view.flags[s] & CLAIMABLE) !== 0 });
      i++;
      s = nextShared();
    } else {
      items.push({ entry: own.entries[o], claimable: own.claimable[o] === 1 });
      j++;
      o = nextOwn();
    }
  }
  const hasMore = items.length > limit;
  if (hasMore) items.length = limit;
  const last = items[items.length - 1];
  return { items, hasMore, nextCursor: hasMore && last ? encodeCursor(sort, sortKeyOf(last.entry, sort)) : null };
}

function dealFilter(query: DealListQuery, partner: PartnerContext, member: MemberContext | null) {
  const statuses = new Set<string>(query.status ? query.status.split(",") : DEFAULT_STATUSES);
  const today = todayUtc();
  const q = query.q?.trim().toLowerCase() || null;
  const since = query.updated_since !== undefined ? Date.parse(/T/.test(query.updated_since) ? query.updated_since : `${query.updated_since}T00:00:00Z`) : null;
  const { category, tag, tier, deal_type } = query;
  return (e: CatalogEntry): boolean =>
    statuses.has(e.status) &&
    isWithinDates(e, today) &&
    (category === undefined || e.categorySlugs.includes(category)) &&
    (tag === undefined || e.tags.includes(tag)) &&
    (tier === undefined || e.tier === tier) &&
    (deal_type === undefined || e.dealType === deal_type) &&
    (q === null || e.search.includes(q)) &&
    (since === null || e.updatedAtMs >= since) &&
    (member === null || isVisibleToMemberInList(e.facts, partner, member));
}

/** The page as JSON text: the deals' JSON is precomputed, only claimable is joined in per partner. */
export function renderDealPage(page: DealPage): string {
  let out = '{"data":[';
  page.items.forEach((it, n) => {
    if (n > 0) out += ",";
    out += entryJson(it.entry, it.claimable);
  });
  return out + '],"has_more":' + page.hasMore + ',"next_cursor":' + JSON.stringify(page.nextCursor) + "}";
}
