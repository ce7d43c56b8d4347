// DELETE /v1/partner-deals/{id}: drafts only (a published deal may have members who saw or redeemed
// it: pause or expire it instead → 409 deal_not_draft).
import { db } from "@/server/db/client";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { isUuid } from "@/server/domain/ids";
import { dealNotFound, partnerDealsWhere } from "./find-partner-deal";
import { writesCachedRows } from "@/server/services/cache";

/** opts.actor (portal): the deletion is recorded in the activity log, in the same transaction. */
export const deletePartnerDeal = writesCachedRows(async function deletePartnerDeal(scope: PartnerScope, id: string, opts: { actor?: ActivityActor } = {}): Promise<{ id: string; deleted: true }> {
  if (!isUuid(id)) throw dealNotFound();
  const dealId = id.toLowerCase();
  const where = { ...partnerDealsWhere(scope), id: dealId };
  const actor = opts.actor;
  const { count } = actor
    ? await db.$transaction(async (tx) => {
        const doomed = await tx.deal.findFirst({ where: { ...where, status: "draft" }, select: { productName: true } });
        const result = await tx.deal.deleteMany({ where: { ...where, status: "draft" } });
        if (result.count === 1) {
          await recordActivity(
            {
              actor,
              partnerId: scope.partnerId,
              environment: scope.environment,
              action: "deal.deleted",
              target: { type: "deal", id: dealId },
              summary: `Deleted the draft deal "${doomed?.productName ?? dealId}"`,
              changes: { before: { product_name: doomed?.productName ?? null, status: "draft" } },
            },
            tx,
          );
        }
        return result;
      })
    : await db.deal.deleteMany({ where: { ...where, status: "draft" } });
  if (count === 1) return { id: dealId, deleted: true };
  const existing = await db.deal.findFirst({ where, select: { status: true } });
  if (!existing) throw dealNotFound();
  throw new AppError("deal_not_draft", `Only draft deals can be deleted; this one is ${existing.status}. Pause or expire it instead.`, {
    extra: { status: existing.status },
  });
});
