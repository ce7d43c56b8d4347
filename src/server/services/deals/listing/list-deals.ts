// GET /v1/deals: filter, order and page the partner's cached view of the catalogue (no per-deal
// database work per request; see services/deals/catalogue/catalog-cache.ts).
import type { DealListQuery, DealSort } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { findDealMember } from "./find-deal-member";
import { CLAIMABLE, VISIBLE, getPartnerView, memberGate, memberProfileKey, orderOf, partnerViewNow, type PartnerView } from "@/server/services/deals/catalogue/catalog-cache";
import { isWithinDates, todayUtc, type CatalogEntry } from "@/server/services/deals/catalogue/catalog-entry";
import { compareKeys, decodeDealCursor, encodeDealCursor, seek, sortKeyOf } from "@/server/services/deals/catalogue/sort-order";
import { DEFAULT_LISTED_STATUSES, type MemberContext } from "@/server/domain/visibility";
import { memberContext } from "@/server/services/deals/deal-record";
import { DEFAULT_LIST_LIMIT } from "@/server/schemas/list.schema";

/** A deal as one caller sees it: the cached entry and its claimable_without_eligibility for that
 *  caller. `dealDtoOf(entry, claimable)` (services/deals/catalogue/catalog-entry.ts) is its Deal DTO. */
export type ListedDeal = { entry: CatalogEntry; claimable: boolean };

export type DealPage = { items: ListedDeal[]; hasMore: boolean; nextCursor: string | null };

/** Who is listing: the /v1 API (default), or the hosted app and widget, which also show api_excluded deals. */
export type DealChannel = "api" | "hosted";

/** opts.member: a member context instead of user_id (the portal's "preview as a described member"). */
export async function listDeals(
  scope: PartnerScope,
  query: DealListQuery,
  opts: { channel?: DealChannel; member?: MemberContext } = {},
): Promise<DealPage> {
  const sort: DealSort = query.sort ?? "featured";
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  const after = query.cursor !== undefined ? decodeDealCursor(query.cursor, sort) : null;
  // The common case (no member asked, the view cached and fresh) takes no promise at all.
  const asksMember = query.user_id !== undefined || query.external_user_id !== undefined;
  const viewNow = partnerViewNow(scope);
  const [memberRow, view] = asksMember || !viewNow ? await Promise.all([findDealMember(scope, query), viewNow ?? getPartnerView(scope)]) : [null, viewNow];
  const channel = opts.channel ?? "api";
  const member = opts.member ?? (memberRow ? memberContext(memberRow) : null);
  // A /v1 page is a function of the view (immutable, replaced on any change), the query, the member's
  // profile and the day: the same question to the same view is answered from the memo.
  const memoKey = channel === "api" && limit <= MAX_MEMO_LIMIT ? pageMemoKey(view, query, member) : null;
  const memoized = memoKey === null ? undefined : pageMemo.get(memoKey);
  if (memoized) return memoized;
  const matches = dealFilter(query, channel);
  const gate = member ? memberGate(view, member) : null;

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
  const page = { items, hasMore, nextCursor: hasMore && last ? encodeDealCursor(sort, sortKeyOf(last.entry, sort)) : null };
  if (memoKey !== null) {
    pageMemo.set(memoKey, page);
    if (pageMemo.size > MAX_MEMO_PAGES) pageMemo.delete(pageMemo.keys().next().value!);
  }
  return page;
}

// ---- the page memo -------------------------------------------------------------------------------
// Pages of the /v1 channel only (the hosted channel asks for every deal at once, and its callers
// keep the items). Memoized pages are shared: callers must not change them. A page holds 50
// references, so 1,000 pages are a few MB; pages of a replaced view are never asked again and leave
// by age (first in, first out: a hit changes nothing, so the hot path writes nothing here). A page of
// an old view may keep a changed deal's old entry alive until then (not a snapshot).
const MAX_MEMO_LIMIT = 100;
const MAX_MEMO_PAGES = 1000;
const pageMemo = new Map<string, DealPage>();
const viewSerials = new WeakMap<PartnerView, number>();
let nextViewSerial = 1;

function pageMemoKey(view: PartnerView, query: DealListQuery, member: MemberContext | null): string {
  let serial = viewSerials.get(view);
  if (serial === undefined) viewSerials.set(view, (serial = nextViewSerial++));
  // The member by their profile (what the gates read), not by id; the rest of the query as asked.
  const { user_id: _u, external_user_id: _e, ...rest } = query;
  return `${serial}|${todayUtc()}|${member ? memberProfileKey(member) : ""}|${JSON.stringify(rest)}`;
}

/** The query's filters and the default conditions (member gates are applied separately). */
function dealFilter(query: DealListQuery, channel: DealChannel) {
  const statuses = new Set<string>(query.status ? query.status.split(",") : DEFAULT_LISTED_STATUSES);
  const today = todayUtc();
  const q = query.q?.trim().toLowerCase() || null;
  const since = query.updated_since !== undefined ? Date.parse(/T/.test(query.updated_since) ? query.updated_since : `${query.updated_since}T00:00:00Z`) : null;
  const { category, tag, tier, deal_type } = query;
  return (e: CatalogEntry): boolean =>
    (channel === "hosted" || !e.apiExcluded) &&
    statuses.has(e.status) &&
    isWithinDates(e, today) &&
    (category === undefined || e.categorySlugs.includes(category)) &&
    (tag === undefined || e.tags.includes(tag)) &&
    (tier === undefined || e.tier === tier) &&
    (deal_type === undefined || e.dealType === deal_type) &&
    (q === null || e.search.includes(q)) &&
    (since === null || e.updatedAtMs >= since);
}
