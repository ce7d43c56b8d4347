// The Deal DTO: exactly the fields of docs/api.md's Deal object, in its order. The only field that
// depends on the caller is claimable_without_eligibility, so the catalogue cache keeps the DTO
// without it (DealDtoBase) and dealDtoOf puts the caller's value in its place; how /v1 encodes that
// fast is the REST adapter's business (src/server/rest/deals/deal-json.ts).
import type { AudienceRegion } from "@/server/domain/enums";
import type { DealDto } from "@/server/schemas/deal.schema";
import type { RedemptionDto } from "@/server/schemas/redemption.schema";
import { isoDate, type DealShape } from "./deal-record";
import { sanitizeInstructions } from "./redemption/redemption-html";

/** The redemption as stored, never personalized: placeholders unfilled, no code of the pool. */
function publicRedemption(deal: DealShape): RedemptionDto | null {
  if (!deal.redemptionMethod) return null;
  return {
    method: deal.redemptionMethod,
    instructions: sanitizeInstructions(deal.redemptionInstructions),
    promo_code: deal.redemptionMethod === "unique_code" ? "" : deal.redemptionPromoCode,
    redeem_url: deal.redemptionRedeemUrl,
    contact_email: deal.redemptionContactEmail,
  };
}

/** The Deal DTO without the caller's claimable_without_eligibility. */
export type DealDtoBase = Omit<DealDto, "claimable_without_eligibility">;

export function dealDtoBase(deal: DealShape, availableRegions: AudienceRegion[] | undefined): DealDtoBase {
  const categories = deal.categories
    .map((dc) => ({ id: dc.category.id, slug: dc.category.slug, name: dc.category.name }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.slug < b.slug ? -1 : 1));
  const head: Omit<DealDtoBase, "created_at" | "updated_at"> = {
    id: deal.id,
    product_name: deal.productName,
    slug: deal.slug,
    logo_url: deal.logoUrl,
    product_url: deal.productUrl,
    short_description: deal.shortDescription,
    long_description: deal.longDescription,
    perk_description: deal.perkDescription,
    market_value: deal.marketValue,
    est_value: deal.estValue,
    categories,
    deal_type: deal.dealType,
    owner_partner_id: deal.ownerPartnerId,
    tier: deal.tier,
    tags: deal.tags,
    badges: deal.badges,
    redemption: publicRedemption(deal),
    eligibility_requirements: deal.eligibilityRequirements,
    eligibility_customer_type: deal.eligibilityCustomerType,
    eligibility_company_stage: deal.eligibilityCompanyStage,
    eligibility_company_size: deal.eligibilityCompanySize,
    eligibility_business_type: deal.eligibilityBusinessType,
    eligibility_geography: deal.eligibilityGeography,
    eligibility_incorporation: deal.eligibilityIncorporation,
    eligibility_funding: deal.eligibilityFunding,
    offer_types: deal.offerTypes,
    approval_required: deal.approvalRequired,
    approval_time: deal.approvalTime,
    status: deal.status,
    start_date: isoDate(deal.startDate),
    end_date: isoDate(deal.endDate),
    active: deal.active,
    hidden_globally: deal.hiddenGlobally,
    api_excluded: deal.apiExcluded,
    tracking_enabled: deal.trackingEnabled,
    attribution_window_days: deal.attributionWindowDays,
  };
  // Omitted (not null) when the deal has no region rules: "available in all regions".
  if (availableRegions !== undefined) head.available_regions = availableRegions;
  return { ...head, created_at: deal.createdAt.toISOString(), updated_at: deal.updatedAt.toISOString() };
}

/** The full Deal DTO: claimable_without_eligibility in its place, just before created_at. */
export function withClaimable(base: DealDtoBase, claimable: boolean): DealDto {
  const { created_at, updated_at, ...head } = base;
  return { ...head, claimable_without_eligibility: claimable, created_at, updated_at };
}

export function serializeDeal(deal: DealShape, availableRegions: AudienceRegion[] | undefined, claimable: boolean): DealDto {
  return withClaimable(dealDtoBase(deal, availableRegions), claimable);
}
