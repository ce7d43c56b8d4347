// A stored servicepass deal as a catalogue entry: the shape catalog:import reads (deal.schema.ts
// catalogEntrySchema), so an export re-imports to the same deals and the edit form starts from it.
// Codes are never exported (they are claimable secrets); the pool's counts are shown instead.
import type { Prisma } from "@/generated/prisma/client";
import { isoDate } from "@/server/services/deals/deal-record";
import { storedTranslations } from "@/server/services/deals/deal-translations";

export const catalogDealInclude = {
  categories: { include: { category: true } },
  rules: { orderBy: [{ priority: "desc" }, { createdAt: "asc" }] },
} satisfies Prisma.DealInclude;

type CatalogDealRecord = Prisma.DealGetPayload<{ include: typeof catalogDealInclude }>;

export function catalogEntryOf(d: CatalogDealRecord) {
  return {
    id: d.id,
    slug: d.slug,
    product_name: d.productName,
    short_description: d.shortDescription,
    long_description: d.longDescription,
    perk_description: d.perkDescription,
    logo_url: d.logoUrl,
    product_url: d.productUrl,
    market_value: d.marketValue,
    est_value: d.estValue,
    categories: d.categories
      .map((c) => ({ slug: c.category.slug, name: c.category.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    tier: d.tier,
    tags: d.tags,
    badges: d.badges,
    status: d.status,
    start_date: isoDate(d.startDate),
    end_date: isoDate(d.endDate),
    active: d.active,
    hidden_globally: d.hiddenGlobally,
    api_excluded: d.apiExcluded,
    attribution_window_days: d.attributionWindowDays,
    redemption: d.redemptionMethod
      ? {
          method: d.redemptionMethod,
          instructions: d.redemptionInstructions,
          promo_code: d.redemptionPromoCode,
          redeem_url: d.redemptionRedeemUrl,
          contact_email: d.redemptionContactEmail,
        }
      : null,
    eligibility_requirements: d.eligibilityRequirements,
    eligibility_customer_type: d.eligibilityCustomerType,
    eligibility_company_stage: d.eligibilityCompanyStage,
    eligibility_company_size: d.eligibilityCompanySize,
    eligibility_business_type: d.eligibilityBusinessType,
    eligibility_geography: d.eligibilityGeography,
    eligibility_incorporation: d.eligibilityIncorporation,
    eligibility_funding: d.eligibilityFunding,
    offer_types: d.offerTypes,
    approval_required: d.approvalRequired,
    approval_time: d.approvalTime,
    verified_at: d.verifiedAt?.toISOString() ?? null,
    translations: storedTranslations(d.translations),
    visibility_rules: d.rules.map((r) => ({ rule_type: r.ruleType, rule_value: r.ruleValue, priority: r.priority })),
  };
}
export type CatalogEntryDto = ReturnType<typeof catalogEntryOf>;
