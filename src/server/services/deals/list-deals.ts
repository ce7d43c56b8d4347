// GET /v1/deals: filter, order and page the partner's cached view of the catalogue (no per-deal
// database work per request; see services/catalog/catalog-cache.ts).
import type { DealListQuery, DealSort } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { findDealMember } from "./find-deal-member";
import { CLAIMABLE, VISIBLE, getPartnerView, memberGate, orderOf } from "@/server/services/catalog/catalog-cache";
import { isWithinDates, todayUtc, type CatalogEntry } from "@/server/services/catalog/catalog-entry";
import { compareKeys, decodeDealCursor, encodeDealCursor, seek, sortKeyOf } from "@/server/services/catalog/sort-order";
import { DEFAULT_LISTED_STATUSES } from "@/server/domain/visibility";
import { memberContext } from "./deal-record";
import { DEFAULT_LIST_LIMIT } from "@/server/schemas/list.schema";

export type DealPage = { items: { entry: CatalogEntry; claimable: boolean }[]; hasMore: boolean; nextCursor: string | null };

export async function listDeals(scope: PartnerScope, query: DealListQuery): Promise<DealPage> {
  const sort: DealSort = query.sort ?? "featured";
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  const after = query.cursor !== undefined ? decodeDealCursor(query.cursor, sort) : null;
  const [memberRow, view] = await Promise.all([findDealMember(scope, query), getPartnerView(scope)]);
  const matches = dealFilter(query);
  const gate = memberRow ? memberGate(view, memberContext(memberRow)) : null;

  const shared = view.shared;
  const own = view.own;
  const sharedOrder = query.deal_type === "partner_private" ? new Int32Array(0) : orderOf(shared, sort);
  const ownOrder = query.deal_type === "servicepass" ? new Int32Array(0) : orderOf(own, sort);
  let i = seek(shared.entries, sharedOrder, sort, after);
  let j = seek(own.entries, ownOrder, sort, after);

  const nextShared = () => {
    for (; i < sharedOrder.length; i++) {
      const k = sharedOrder[i];
      if (view.flags[k] & VISIBLE && matches(shared.entries[k]) && (gate === null || gate(shared.entries[k], true, k))) return k;
    }
    return -1;
  };
  const nextOwn = () => {
    for (; j < ownOrder.length; j++) {
      const k = ownOrder[j];
      if (matches(own.entries[k]) && (gate === null || gate(own.entries[k], false, k))) return k;
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
  return { items, hasMore, nextCursor: hasMore && last ? encodeDealCursor(sort, sortKeyOf(last.entry, sort)) : null };
}

/** The query's filters and the default conditions (member gates are applied separately). */
function dealFilter(query: DealListQuery) {
  const statuses = new Set<string>(query.status ? query.status.split(",") : DEFAULT_LISTED_STATUSES);
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
    (since === null || e.updatedAtMs >= since);
}

const TRUE = Buffer.from("true");
const FALSE = Buffer.from("false");
const COMMA = Buffer.from(",");
const OPEN = Buffer.from('{"data":[');

/** The page as UTF-8 JSON: the deals' JSON is precomputed and encoded, only claimable is joined in. */
export function renderDealPage(page: DealPage): Buffer {
  const parts: Buffer[] = [OPEN];
  page.items.forEach((it, n) => {
    if (n > 0) parts.push(COMMA);
    parts.push(it.entry.jsonHeadBytes, it.claimable ? TRUE : FALSE, it.entry.jsonTailBytes);
  });
  parts.push(Buffer.from('],"has_more":' + page.hasMore + ',"next_cursor":' + JSON.stringify(page.nextCursor) + "}"));
  return Buffer.concat(parts);
}
