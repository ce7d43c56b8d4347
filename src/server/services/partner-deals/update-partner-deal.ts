// PATCH /v1/partner-deals/{id}: change fields and/or status of an own deal. Status changes follow
// the status machine (409 invalid_status_transition); a deal that ends up live must be complete
// (422 deal_incomplete). The write is guarded by the status read, so two concurrent PATCHes cannot
// both apply a transition from the same state.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { parseWith } from "@/server/http/read-json-body";
import { partnerDealUpdateSchema, type DealDto, type PartnerDealUpdateInput } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { availableCodeCount } from "@/server/services/codes/code-pool";
import { dealInclude } from "@/server/services/deals/deal-record";
import { isSlugViolation, mergedRedemption, resolveCategoryIds, scalarData, slugTaken, type RedemptionColumns } from "./deal-input";
import { findOwnDealOrThrow, ownDealsWhere } from "./own-deal";
import { loadPartnerContext, serializeOwnDeal } from "./serialize-own-deal";
import { assertCompleteForLive, assertTransition } from "./status-machine";

export async function updatePartnerDeal(scope: PartnerScope, id: string, raw: PartnerDealUpdateInput): Promise<DealDto> {
  const input = parseWith(partnerDealUpdateSchema, raw);
  const current = await findOwnDealOrThrow(scope, id);
  const partner = await loadPartnerContext(scope);
  const nextStatus = input.status ?? current.status;
  assertTransition(current.status, nextStatus);

  const currentRedemption: RedemptionColumns = {
    redemptionMethod: current.redemptionMethod,
    redemptionInstructions: current.redemptionInstructions,
    redemptionPromoCode: current.redemptionPromoCode,
    redemptionRedeemUrl: current.redemptionRedeemUrl,
    redemptionContactEmail: current.redemptionContactEmail,
  };
  const redemption = input.redemption ? mergedRedemption(currentRedemption, input.redemption) : currentRedemption;
  if (nextStatus === "live") {
    const goingLive = current.status !== "live";
    const becameUniqueCode = redemption.redemptionMethod === "unique_code" && current.redemptionMethod !== "unique_code";
    // The pool is checked when the deal goes live (or turns unique_code while live); a live deal
    // whose pool runs dry later stays live and answers codes_exhausted.
    await assertCompleteForLive(redemption, async () => (goingLive || becameUniqueCode ? availableCodeCount(current.id) : 1));
  }
  const categoryIds = input.categories ? await resolveCategoryIds(input.categories) : null;
  const changes = { ...scalarData(input), ...(input.redemption ? redemption : {}) };
  if (Object.keys(changes).length === 0 && categoryIds === null) return serializeOwnDeal(current, partner);
  // updated_at moves for category-only changes too (updated_since must see them).
  const data = { ...changes, updatedAt: new Date() };

  try {
    await db.$transaction(async (tx) => {
      const { count } = await tx.deal.updateMany({ where: { ...ownDealsWhere(scope), id: current.id, status: current.status }, data });
      if (count === 0) {
        throw new AppError(409, "deal_changed", "The deal changed while this request was applied (another update or a deletion); fetch it and retry");
      }
      if (categoryIds !== null) {
        await tx.dealCategory.deleteMany({ where: { dealId: current.id } });
        await tx.dealCategory.createMany({ data: categoryIds.map((categoryId) => ({ dealId: current.id, categoryId })) });
      }
    });
  } catch (err) {
    if (isSlugViolation(err) && input.slug !== undefined) throw slugTaken(input.slug);
    throw err;
  }
  const updated = await db.deal.findUniqueOrThrow({ where: { id: current.id }, include: dealInclude });
  return serializeOwnDeal(updated, partner);
}
