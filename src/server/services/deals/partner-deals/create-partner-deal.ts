// POST /v1/partner-deals: a partner_private deal owned by the caller in the token's environment,
// status draft unless the caller asks for a status draft may move to.
import { randomUUID } from "node:crypto";
import { db, type Tx } from "@/server/db/client";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { type DealWithProviderSecretDto, type PartnerDealCreateInput } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { dealInclude } from "@/server/services/deals/deal-record";
import {
  generateSlug,
  type InstructionsFormat,
  isSlugViolation,
  randomSlug,
  redemptionData,
  resolveCategoryIds,
  scalarData,
  slugTaken,
  slugify,
} from "./deal-input";
import { partnerDealsWhere } from "./find-partner-deal";
import { loadPartnerContext, serializePartnerDeal } from "./serialize-partner-deal";
import { assertCompleteForLive, assertInitialStatus } from "./status-machine";
import { enqueueWebhookEvent } from "@/server/services/webhooks";
import { newProviderSecret } from "@/server/services/tracking";
import { writesCachedRows } from "@/server/services/cache";
import { mergeTranslations } from "@/server/services/deals/deal-translations";

/**
 * opts.actor (portal): the creation is recorded in the activity log, in the same transaction.
 * opts.instructionsFormat "markdown" (the portal's editor): the instructions are Markdown, kept as
 * written and stored converted to sanitized HTML.
 */
export const createPartnerDeal = writesCachedRows(async function createPartnerDeal(scope: PartnerScope, input: PartnerDealCreateInput, opts: { actor?: ActivityActor; instructionsFormat?: InstructionsFormat } = {}): Promise<DealWithProviderSecretDto> {
  // Validated by the adapter with the resource schema (README: who validates).
  const status = input.status ?? "draft";
  assertInitialStatus(status);
  const redemption = redemptionData(input.redemption, opts.instructionsFormat);
  // A new deal has no codes yet, so a unique_code deal cannot be created live.
  if (status === "live") await assertCompleteForLive(redemption, async () => 0);
  const categoryIds = input.categories ? await resolveCategoryIds(input.categories) : [];
  const partner = await loadPartnerContext(scope);
  const { ownerPartnerId, environment } = partnerDealsWhere(scope);
  // A deal created tracked gets its provider secret now, returned once in this response.
  const providerSecret = input.tracking_enabled ? newProviderSecret() : null;

  let slug = input.slug ?? (await generateSlug(scope, input.product_name));
  for (let attempt = 0; ; attempt++) {
    try {
      const create = (client: Tx) => client.deal.create({
        data: {
          ...scalarData(input),
          id: randomUUID(),
          slug,
          productName: input.product_name,
          shortDescription: input.short_description,
          dealType: "partner_private",
          ownerPartnerId,
          environment,
          status,
          ...redemption,
          translations: mergeTranslations({}, input.translations ?? {}, opts.instructionsFormat),
          ...(providerSecret ? { providerSecretEncrypted: providerSecret.encrypted } : {}),
          categories: { create: categoryIds.map((categoryId) => ({ categoryId })) },
        } as Parameters<typeof db.deal.create>[0]["data"],
        include: dealInclude,
      });
      const actor = opts.actor;
      const deal = actor || status === "live"
        ? await db.$transaction(async (tx) => {
            const created = await create(tx);
            if (status === "live") await enqueueWebhookEvent(tx, scope, "deal.published", serializePartnerDeal(created, partner));
            if (actor) await recordActivity(
              {
                actor,
                partnerId: scope.partnerId,
                environment: scope.environment,
                action: "deal.created",
                target: { type: "deal", id: created.id },
                summary: `Created the deal "${created.productName}" (${created.status})`,
                changes: { after: { product_name: created.productName, status: created.status } },
              },
              tx,
            );
            return created;
          })
        : await create(db);
      const dto = serializePartnerDeal(deal, partner);
      return providerSecret ? { ...dto, provider_secret: providerSecret.secret } : dto;
    } catch (err) {
      if (!isSlugViolation(err)) throw err;
      if (input.slug !== undefined) throw slugTaken(input.slug);
      if (attempt >= 3) throw err;
      slug = randomSlug(slugify(input.product_name)); // lost a race for the generated slug
    }
  }
});
