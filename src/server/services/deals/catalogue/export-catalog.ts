// Super admin → Catalogue → Export: every servicepass deal as a catalogue entry (re-importable with
// catalog:import or the portal's import), ordered by slug. Codes are not exported.
import { readDb } from "@/server/db/read-db";
import type { AdminActor } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins";
import { catalogDealInclude, catalogEntryOf, type CatalogEntryDto } from "./catalog-entry-of";

export async function exportCatalog(actor: AdminActor): Promise<Omit<CatalogEntryDto, "id">[]> {
  requireSuperAdmin(actor, "export the servicepass catalogue");
  const deals = await readDb().deal.findMany({ where: { dealType: "servicepass" }, orderBy: { slug: "asc" }, include: catalogDealInclude });
  return deals.map((d) => {
    const { id: _id, ...entry } = catalogEntryOf(d);
    return entry;
  });
}
