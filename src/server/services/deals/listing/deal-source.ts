// The one place the hosted app reads deals from the /v1 services (listDeals, findVisibleEntry,
// getPartnerView): if their return shapes change, only this adapter changes. It maps a catalogue
// entry to the Deal DTO the API would return (dealDtoOf, the same the /v1 endpoints encode).
import { dealDtoOf, type CatalogEntry } from "@/server/services/deals/catalogue/catalog-entry";
import { getPartnerView, type PartnerView } from "@/server/services/deals/catalogue/catalog-cache";
import { findVisibleEntry } from "./get-deal";
import { listDeals } from "./list-deals";
import type { DealListQuery, DealSort } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import type { MemberContext } from "@/server/domain/visibility";

export { getPartnerView };
export type { CatalogEntry, PartnerView };

export { dealDtoOf };

// The whole list in one call (the hosted list pages its cards, not its list: the total, For-you
// states and search need every deal). No cap: 5,000 cut a partner with 5,000 own deals plus the
// shared catalogue short, silently (contract section 19 measures search at 5,000 deals).
const ALL = Number.MAX_SAFE_INTEGER;

/** GET /v1/deals?… as the hosted channel sees it (api_excluded deals included). */
/** `member`: the signed-in member, already read this request — gated as user_id would be, without reading them again. */
export async function listChannelDeals(scope: PartnerScope, query: Omit<DealListQuery, "limit" | "cursor" | "user_id" | "external_user_id"> & { sort: DealSort }, member?: MemberContext) {
  const page = await listDeals(scope, { ...query, limit: ALL } as DealListQuery, { channel: "hosted", member });
  return page.items;
}

export async function findChannelDeal(scope: PartnerScope, dealId: string) {
  const view = await getPartnerView(scope);
  return { view, found: findVisibleEntry(view, dealId, "hosted") };
}
