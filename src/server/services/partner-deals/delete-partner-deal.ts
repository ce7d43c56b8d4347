// DELETE /v1/partner-deals/{id}: drafts only (a published deal may have members who saw or redeemed
// it: pause or expire it instead → 409 deal_not_draft).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { isUuid } from "@/server/domain/ids";
import { dealNotFound, ownDealsWhere } from "./own-deal";

export async function deletePartnerDeal(scope: PartnerScope, id: string): Promise<{ id: string; deleted: true }> {
  if (!isUuid(id)) throw dealNotFound();
  const dealId = id.toLowerCase();
  const where = { ...ownDealsWhere(scope), id: dealId };
  const { count } = await db.deal.deleteMany({ where: { ...where, status: "draft" } });
  if (count === 1) return { id: dealId, deleted: true };
  const existing = await db.deal.findFirst({ where, select: { status: true } });
  if (!existing) throw dealNotFound();
  throw new AppError(409, "deal_not_draft", `Only draft deals can be deleted; this one is ${existing.status}. Pause or expire it instead.`, {
    extra: { status: existing.status },
  });
}
