// GET /v1/deals/{id}: one deal under the same visibility as the list (any listable status);
// anything else is 404 deal_not_found, never 403.
import type { PartnerScope } from "@/server/scope";
import { CLAIMABLE, VISIBLE, getPartnerView, type PartnerView } from "@/server/services/deals/catalogue/catalog-cache";
import { isWithinDates, todayUtc, type CatalogEntry } from "@/server/services/deals/catalogue/catalog-entry";
import { dealNotFound } from "@/server/services/deals/partner-deals/find-partner-deal";
import type { DealChannel, ListedDeal } from "./list-deals";

export function findVisibleEntry(view: PartnerView, id: string, channel: DealChannel = "api"): ListedDeal | null {
  const key = id.toLowerCase();
  const today = todayUtc();
  const inChannel = (e: CatalogEntry) => channel === "hosted" || !e.apiExcluded;
  const s = view.shared.byId.get(key);
  if (s !== undefined && view.flags[s] & VISIBLE && isWithinDates(view.shared.entries[s], today) && inChannel(view.shared.entries[s])) {
    return { entry: view.shared.entries[s], claimable: (view.flags[s] & CLAIMABLE) !== 0 };
  }
  const o = view.own.byId.get(key);
  if (o !== undefined && isWithinDates(view.own.entries[o], today) && inChannel(view.own.entries[o])) {
    return { entry: view.own.entries[o], claimable: view.own.claimable[o] === 1 };
  }
  return null;
}

/** The deal as the caller sees it: its catalogue entry and claimable_without_eligibility for the
 *  caller (the Deal DTO is `dealDtoOf(entry, claimable)`). */
export async function getDeal(scope: PartnerScope, id: string): Promise<ListedDeal> {
  const found = findVisibleEntry(await getPartnerView(scope), id);
  if (!found) throw dealNotFound();
  return found;
}
