// One listable deal as the catalogue cache keeps it: the engine facts, the precomputed filter and
// sort fields, the public redemption and its DTO in two parts around claimable_without_eligibility.
// Data only: how the /v1 endpoints encode it is theirs (src/server/rest/deals/deal-json.ts).
import type { DealStatus, RedemptionMethod, AudienceRegion } from "@/server/domain/enums";
import { computeAvailableRegions, type DealFacts } from "@/server/domain/visibility";
import type { Environment } from "@/server/scope";
import { dealFacts, isoDate, type DealShape } from "@/server/services/deals/deal-record";
import { sanitizeInstructions } from "@/server/services/deals/redemption/redemption-html";
import type { DealDto } from "@/server/schemas/deal.schema";
import { dealDtoBase, withClaimable, type DealDtoBase } from "@/server/services/deals/serialize-deal";
import type { SupportedLocale } from "@/lib/locales";
import type { DealTranslations } from "@/server/schemas/deal-translation.schema";
import { localizeDealDto, storedTranslations } from "@/server/services/deals/deal-translations";

export type CatalogEntry = {
  id: string;
  slug: string;
  productName: string;
  facts: DealFacts;
  availableRegions: AudienceRegion[] | undefined;
  status: DealStatus;
  tier: string;
  dealType: string;
  ownerPartnerId: string | null;
  environment: Environment | null;
  tags: readonly string[];
  categorySlugs: readonly string[];
  endDate: string | null;
  createdAtMs: number;
  updatedAtMs: number;
  estValue: number | null;
  /** product_name lower-cased: the name order (case-insensitive, then id). */
  nameKey: string;
  featured: boolean;
  /** Hidden from the API channel (GET /v1/deals, /v1/deals/{id}, instructions); the hosted app shows it. */
  apiExcluded: boolean;
  /** Provider-confirmed redemption: members reach redeem_url through /r/{click_id}. */
  trackingEnabled: boolean;
  /** product_name + short_description, lower-cased, for q. */
  search: string;
  /** Sanitized, placeholders unfilled. */
  redemption: { method: RedemptionMethod; instructions: string; promoCode: string; redeemUrl: string; contactEmail: string } | null;
  /** The Deal DTO without claimable_without_eligibility, which depends on the caller (dealDtoOf). */
  dto: DealDtoBase;
  /** Deal text per language as stored (instructions sanitized on write); served by dealDtoOf(…, locale). */
  translations: DealTranslations;
};

export function buildCatalogEntry(deal: DealShape): CatalogEntry {
  const facts = dealFacts(deal);
  const availableRegions = computeAvailableRegions(facts.rules);
  return {
    id: deal.id,
    slug: deal.slug,
    productName: deal.productName,
    facts,
    availableRegions,
    status: deal.status,
    tier: deal.tier,
    dealType: deal.dealType,
    ownerPartnerId: deal.ownerPartnerId,
    environment: deal.environment,
    tags: deal.tags,
    categorySlugs: deal.categories.map((c) => c.category.slug),
    endDate: isoDate(deal.endDate),
    createdAtMs: deal.createdAt.getTime(),
    updatedAtMs: deal.updatedAt.getTime(),
    estValue: deal.estValue,
    nameKey: deal.productName.toLowerCase(),
    featured: deal.tags.includes("featured"),
    apiExcluded: deal.apiExcluded,
    trackingEnabled: deal.trackingEnabled,
    search: searchTextOf(deal.productName, deal.shortDescription, deal.translations),
    redemption: deal.redemptionMethod
      ? {
          method: deal.redemptionMethod,
          instructions: sanitizeInstructions(deal.redemptionInstructions),
          promoCode: deal.redemptionPromoCode,
          redeemUrl: deal.redemptionRedeemUrl,
          contactEmail: deal.redemptionContactEmail,
        }
      : null,
    dto: dealDtoBase(deal, availableRegions),
    translations: storedTranslations(deal.translations),
  };
}

/** What `q` searches (contract section 3: product_name and short_description), lower-cased, in the
 *  deal's own words and in each translation of them, so a list served in French is searchable in French. */
function searchTextOf(productName: string, shortDescription: string, stored: unknown): string {
  const parts = [productName, shortDescription];
  for (const t of Object.values(storedTranslations(stored))) parts.push(t?.product_name ?? "", t?.short_description ?? "");
  return parts.filter(Boolean).join("\n").toLowerCase();
}

/** The Deal DTO of an entry for a caller (claimable_without_eligibility in its place), its text in
 *  `locale` when given (each untranslated field: the deal's own). */
export function dealDtoOf(entry: CatalogEntry, claimable: boolean, locale?: SupportedLocale): DealDto {
  const dto = withClaimable(entry.dto, claimable);
  return locale ? localizeDealDto(dto, entry.translations, locale) : dto;
}

/**
 * Deals GET /v1/deals can show at some status filter: listed now unless the end_date has passed.
 * A deal whose status is expired is over by definition and stays listable (status=expired) whatever
 * its end_date; for the other statuses a past end_date hides it ("end_date not passed").
 */
export function isWithinDates(entry: Pick<CatalogEntry, "status" | "endDate">, today: string): boolean {
  return entry.status === "expired" || entry.endDate === null || entry.endDate >= today;
}

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
