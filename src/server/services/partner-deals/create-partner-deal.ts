// POST /v1/partner-deals: a partner_private deal owned by the caller in the token's environment,
// status draft unless the caller asks for a status draft may move to.
import { randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { parseWith } from "@/server/http/read-json-body";
import { partnerDealCreateSchema, type DealDto, type PartnerDealCreateInput } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { dealInclude } from "@/server/services/deals/deal-record";
import {
  generateSlug,
  isSlugViolation,
  randomSlug,
  redemptionData,
  resolveCategoryIds,
  scalarData,
  slugTaken,
  slugify,
} from "./deal-input";
import { ownDealsWhere } from "./own-deal";
import { loadPartnerContext, serializeOwnDeal } from "./serialize-own-deal";
import { assertCompleteForLive, assertInitialStatus } from "./status-machine";

export async function createPartnerDeal(scope: PartnerScope, raw: PartnerDealCreateInput): Promise<DealDto> {
  const input = parseWith(partnerDealCreateSchema, raw);
  const status = input.status ?? "draft";
  assertInitialStatus(status);
  const redemption = redemptionData(input.redemption);
  // A new deal has no codes yet, so a unique_code deal cannot be created live.
  if (status === "live") await assertCompleteForLive(redemption, async () => 0);
  const categoryIds = input.categories ? await resolveCategoryIds(input.categories) : [];
  const partner = await loadPartnerContext(scope);
  const { ownerPartnerId, environment } = ownDealsWhere(scope);

  let slug = input.slug ?? (await generateSlug(input.product_name));
  for (let attempt = 0; ; attempt++) {
    try {
      const deal = await db.deal.create({
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
          categories: { create: categoryIds.map((categoryId) => ({ categoryId })) },
        } as Parameters<typeof db.deal.create>[0]["data"],
        include: dealInclude,
      });
      return serializeOwnDeal(deal, partner);
    } catch (err) {
      if (!isSlugViolation(err)) throw err;
      if (input.slug !== undefined) throw slugTaken(input.slug);
      if (attempt >= 3) throw err;
      slug = randomSlug(slugify(input.product_name)); // lost a race for the generated slug
    }
  }
}
