// PATCH /v1/partner-deals/{id}: change fields and/or status of a partner deal. Status changes follow
// the status machine (409 invalid_status_transition); a deal that ends up live must be complete
// (422 deal_incomplete). The write is guarded by the status read, so two concurrent PATCHes cannot
// both apply a transition from the same state.
import { db } from "@/server/db/client";
import type { DealStatus } from "@/server/domain/enums";
import { type ActivityActor, type ActivityEntry, recordActivity } from "@/server/services/activity";
import { AppError } from "@/server/errors/app-error";
import { type DealWithProviderSecretDto, type PartnerDealUpdateInput } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { availableCodeCount } from "@/server/services/deals/codes/code-pool";
import { dealInclude, type DealRecord } from "@/server/services/deals/deal-record";
import { isSlugViolation, mergedRedemption, type InstructionsFormat, resolveCategoryIds, scalarData, slugTaken, type RedemptionColumns } from "./deal-input";
import { findPartnerDealOrThrow, partnerDealsWhere } from "./find-partner-deal";
import { loadPartnerContext, serializePartnerDeal } from "./serialize-partner-deal";
import { assertCompleteForLive, assertTransition } from "./status-machine";
import { enqueueWebhookEvent } from "@/server/services/webhooks";
import { newProviderSecret } from "@/server/services/tracking";
import { writesCachedRows } from "@/server/services/cache";
import { mergeTranslations, storedTranslations } from "@/server/services/deals/deal-translations";

/**
 * opts.actor (portal): the change is recorded in the activity log, in the same transaction.
 * opts.instructionsFormat: as createPartnerDeal's (instructions written as HTML drop the Markdown source).
 */
export const updatePartnerDeal = writesCachedRows(async function updatePartnerDeal(scope: PartnerScope, id: string, input: PartnerDealUpdateInput, opts: { actor?: ActivityActor; instructionsFormat?: InstructionsFormat } = {}): Promise<DealWithProviderSecretDto> {
  // Validated by the adapter with the resource schema (README: who validates).
  const current = await findPartnerDealOrThrow(scope, id);
  const partner = await loadPartnerContext(scope);
  const nextStatus = input.status ?? current.status;
  assertTransition(current.status, nextStatus);

  const currentRedemption: RedemptionColumns = {
    redemptionMethod: current.redemptionMethod,
    redemptionInstructions: current.redemptionInstructions,
    redemptionInstructionsMarkdown: current.redemptionInstructionsMarkdown,
    redemptionPromoCode: current.redemptionPromoCode,
    redemptionRedeemUrl: current.redemptionRedeemUrl,
    redemptionContactEmail: current.redemptionContactEmail,
  };
  const redemption = input.redemption ? mergedRedemption(currentRedemption, input.redemption, opts.instructionsFormat) : currentRedemption;
  if (nextStatus === "live") {
    const goingLive = current.status !== "live";
    const becameUniqueCode = redemption.redemptionMethod === "unique_code" && current.redemptionMethod !== "unique_code";
    // The pool is checked when the deal goes live (or turns unique_code while live); a live deal
    // whose pool runs dry later stays live and answers codes_exhausted.
    await assertCompleteForLive(redemption, async () => (goingLive || becameUniqueCode ? availableCodeCount(current.id) : 1));
  }
  const categoryIds = input.categories ? await resolveCategoryIds(input.categories) : null;
  // Turning tracking on makes a provider secret (returned once below); turning it off drops it.
  const providerSecret = input.tracking_enabled === true && !current.trackingEnabled ? newProviderSecret() : null;
  const secretChange = providerSecret ? { providerSecretEncrypted: providerSecret.encrypted } : input.tracking_enabled === false && current.trackingEnabled ? { providerSecretEncrypted: null } : {};
  // translations merge by language and field into what is stored (null removes).
  const translations = input.translations ? { translations: mergeTranslations(storedTranslations(current.translations), input.translations, opts.instructionsFormat) } : {};
  const changes = { ...scalarData(input), ...(input.redemption ? redemption : {}), ...secretChange, ...translations };
  if (Object.keys(changes).length === 0 && categoryIds === null) return serializePartnerDeal(current, partner);
  // updated_at moves for category-only changes too (updated_since must see them).
  const data = { ...changes, updatedAt: new Date() };

  try {
    await db.$transaction(async (tx) => {
      const { count } = await tx.deal.updateMany({ where: { ...partnerDealsWhere(scope), id: current.id, status: current.status }, data });
      if (count === 0) {
        throw new AppError("deal_changed", "The deal changed while this request was applied (another update or a deletion); fetch it and retry");
      }
      if (categoryIds !== null) {
        await tx.dealCategory.deleteMany({ where: { dealId: current.id } });
        await tx.dealCategory.createMany({ data: categoryIds.map((categoryId) => ({ dealId: current.id, categoryId })) });
      }
      if (opts.actor) await recordActivity(updateActivity(scope, opts.actor, current, nextStatus, input), tx);
      if (nextStatus === "live" && current.status !== "live") {
        const live = await tx.deal.findUniqueOrThrow({ where: { id: current.id }, include: dealInclude });
        await enqueueWebhookEvent(tx, scope, "deal.published", serializePartnerDeal(live, partner));
      }
    });
  } catch (err) {
    if (isSlugViolation(err) && input.slug !== undefined) throw slugTaken(input.slug);
    throw err;
  }
  const updated = await db.deal.findUniqueOrThrow({ where: { id: current.id }, include: dealInclude });
  const dto = serializePartnerDeal(updated, partner);
  return providerSecret ? { ...dto, provider_secret: providerSecret.secret } : dto;
});

/** deal.status_changed when the status moves, deal.updated otherwise; field names only, never values of long text. */
function updateActivity(scope: PartnerScope, actor: ActivityActor, current: DealRecord, nextStatus: DealStatus, input: PartnerDealUpdateInput): ActivityEntry {
  const fields = Object.keys(input).filter((k) => k !== "status" && input[k as keyof PartnerDealUpdateInput] !== undefined);
  const base = { actor, partnerId: scope.partnerId, environment: scope.environment, target: { type: "deal", id: current.id } };
  if (nextStatus !== current.status) {
    return {
      ...base,
      action: "deal.status_changed",
      summary: `Changed the status of "${current.productName}" from ${current.status} to ${nextStatus}${fields.length ? ` and updated ${fields.join(", ")}` : ""}`,
      changes: { before: { status: current.status }, after: { status: nextStatus, fields } },
    };
  }
  return { ...base, action: "deal.updated", summary: `Updated ${fields.join(", ") || "the deal"} of "${current.productName}"`, changes: { after: { fields } } };
}
