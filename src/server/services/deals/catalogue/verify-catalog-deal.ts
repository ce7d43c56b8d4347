// Super admin → Catalogue → one deal → "Mark verified": someone checked the deal with its provider
// now (contract section 19: the catalogue lists servicepass deals not verified for 90 days).
// verified_at is not part of what partners or members see, so updated_at stays as it was; the write
// still fires the deals triggers (catalog_versions), so it is declared as a writer of cached rows.
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { requireSuperAdmin } from "@/server/services/admins";
import { writesCachedRows } from "@/server/services/cache";
import { catalogDealNotFound } from "./get-catalog-deal";

export const markCatalogDealVerified = writesCachedRows(async function markCatalogDealVerified(actor: AdminActor, id: string, actorEmail?: string | null, at?: Date) {
  const now = at ?? new Date();
  requireSuperAdmin(actor, "manage the servicepass catalogue");
  if (!isUuid(id)) throw catalogDealNotFound(id);
  return db.$transaction(async (tx) => {
    const before = await tx.deal.findFirst({ where: { id: id.toLowerCase(), dealType: "servicepass" }, select: { id: true, productName: true, verifiedAt: true, updatedAt: true } });
    if (!before) throw catalogDealNotFound(id);
    await tx.deal.update({ where: { id: before.id }, data: { verifiedAt: now, updatedAt: before.updatedAt } });
    await recordActivity(
      {
        actor: activityActorOf(actor, actorEmail),
        partnerId: null,
        action: "catalogue.deal_verified",
        target: { type: "deal", id: before.id },
        summary: `Marked servicepass deal ${before.productName} as verified`,
        changes: { before: { verified_at: before.verifiedAt?.toISOString() ?? null }, after: { verified_at: now.toISOString() } },
      },
      tx,
    );
    return { id: before.id, verified_at: now.toISOString() };
  });
});
