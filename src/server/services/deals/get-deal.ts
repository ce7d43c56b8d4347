// GET /v1/deals/{id}: one deal under the same visibility as the list (any listable status);
// anything else is 404 deal_not_found, never 403.
import type { PartnerScope } from "@/server/scope";
import { CLAIMABLE, VISIBLE, getPartnerView, type PartnerView } from "@/server/services/catalog/catalog-cache";
import { entryJson, isWithinDates, todayUtc, type CatalogEntry } from "@/server/services/catalog/catalog-entry";
import { dealNotFound } from "@/server/services/partner-deals/own-deal";

export function findVisibleEntry(view: PartnerView, id: string): { entry: CatalogEntry; claimable: boolean } | null {
  const key = id.toLowerCase();
  const today = todayUtc();
  const s = view.shared.byId.get(key);
  if (s !== undefined && view.flags[s] & VISIBLE && isWithinDates(view.shared.entries[s], today)) {
    return { entry: view.shared.entries[s], claimable: (view.flags[s] & CLAIMABLE) !== 0 };
  }
  const o = view.own.byId.get(key);
  if (o !== undefined && isWithinDates(view.own.entries[o], today)) {
    return { entry: view.own.entries[o], claimable: view.own.claimable[o] === 1 };
  }
  return null;
}

/** The deal's JSON text. */
export async function getDeal(scope: PartnerScope, id: string): Promise<string> {
  const found = findVisibleEntry(await getPartnerView(scope), id);
  if (!found) throw dealNotFound();
  return entryJson(found.entry, found.claimable);
}
