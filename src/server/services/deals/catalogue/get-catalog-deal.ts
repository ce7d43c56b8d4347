// Super admin → Catalogue → one deal: its catalogue entry (the edit form's starting point) and the
// counts of its code pool. Only servicepass deals: a partner's private deal id is 404.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import type { AdminActor } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins";
import { catalogDealInclude, catalogEntryOf } from "./catalog-entry-of";
import { poolCounts } from "@/server/db/free-codes";

export const catalogDealNotFound = (id: string) => new AppError("deal_not_found", `No servicepass deal with id ${id}`);

export async function getCatalogDeal(actor: AdminActor, id: string) {
  requireSuperAdmin(actor, "manage the servicepass catalogue");
  if (!isUuid(id)) throw catalogDealNotFound(id);
  const deal = await db.deal.findFirst({ where: { id: id.toLowerCase(), dealType: "servicepass" }, include: catalogDealInclude });
  if (!deal) throw catalogDealNotFound(id);
  const codes = await poolCounts(deal.id);
  return {
    entry: catalogEntryOf(deal),
    codes,
    /** Provider tracking is managed apart from the entry (setCatalogDealTracking): the import ignores it. */
    tracking_enabled: deal.trackingEnabled,
    created_at: deal.createdAt.toISOString(),
    updated_at: deal.updatedAt.toISOString(),
  };
}
