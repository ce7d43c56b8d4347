// "Hide from my members" / "Show again" on a shared (servicepass) deal: one row per (partner, deal),
// both environments. A trigger bumps the partner's catalogue counter in the same transaction, so
// GET /v1/deals, the hosted app and the member preview stop (or start) showing it at once.
import { db } from "@/server/db/client";
import { recordActivity, type ActivityActor } from "@/server/services/activity";
import { requireScope, type PartnerScope } from "@/server/scope";
import { dealNotFound } from "@/server/services/deals/partner-deals/find-partner-deal";
import { isUuid } from "@/server/domain/ids";
import { writesCachedRows } from "@/server/services/cache";

export const setSharedDealHidden = writesCachedRows(async function setSharedDealHidden(scope: PartnerScope, dealId: string, hidden: boolean, opts: { actor: ActivityActor }): Promise<{ id: string; hidden_by_you: boolean }> {
  const { partnerId, environment } = requireScope(scope, "deals");
  if (!isUuid(dealId)) throw dealNotFound();
  const deal = await db.deal.findFirst({ where: { id: dealId.toLowerCase(), dealType: "servicepass", status: { not: "draft" } }, select: { id: true, productName: true } });
  if (!deal) throw dealNotFound();
  await db.$transaction(async (tx) => {
    const changed = hidden
      ? (await tx.partnerDealHide.createMany({ data: [{ partnerId, dealId: deal.id }], skipDuplicates: true })).count
      : (await tx.partnerDealHide.deleteMany({ where: { partnerId, dealId: deal.id } })).count;
    if (changed) {
      await recordActivity(
        {
          actor: opts.actor,
          partnerId,
          environment,
          action: hidden ? "deal.hidden" : "deal.shown",
          target: { type: "deal", id: deal.id },
          summary: hidden ? `Hid ${deal.productName} from your members` : `Showed ${deal.productName} to your members again`,
        },
        tx,
      );
    }
  });
  return { id: deal.id, hidden_by_you: hidden };
});
