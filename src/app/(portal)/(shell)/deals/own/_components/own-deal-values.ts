// The own-deal form's values (DealValues) and their conversion to and from the /v1/partner-deals input. The
// form validates with partnerDealCreateSchema / partnerDealUpdateSchema themselves (schemaResolver):
// field names follow the API's (nested eligibility and redemption), lists typed in one box are
// split on commas, semicolons or new lines.
import { emptyDealValues, VOCAB_DIMENSIONS, type DealValues } from "@/components/deals/deal-values";
import type { PartnerDealDto } from "@/server/schemas/deal.schema";
import { translationFieldOfPath, translationsInputOf, translationsValuesOf } from "@/components/deals/deal-translation-values";

/** The fields an own deal has (the catalogue-only ones of DealValues are not on its form). */
export const OWN_DEAL_FIELDS = [
  "product_name", "slug", "short_description", "long_description", "perk_description", "logo_url", "product_url", "market_value", "est_value", "categories",
  "tier", "tags", "badges", "offer_types", "eligibility_requirements", "eligibility", "approval_required", "approval_time", "start_date", "end_date", "redemption",
] as const;

const list = (s: string) =>
  s
    .split(/[\n,;]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** instructionsSource: what the editor opens (the Markdown they were written in, else the stored HTML). */
export function valuesOfDeal(d: PartnerDealDto, instructionsSource?: string): DealValues {
  return {
    ...emptyDealValues,
    product_name: d.product_name,
    slug: d.slug,
    short_description: d.short_description,
    long_description: d.long_description,
    perk_description: d.perk_description ?? "",
    logo_url: d.logo_url,
    product_url: d.product_url,
    market_value: d.market_value,
    est_value: d.est_value === null ? "" : String(d.est_value),
    categories: d.categories.map((c) => c.slug),
    tier: d.tier,
    tags: [...d.tags],
    badges: d.badges.join("; "),
    offer_types: d.offer_types.join("; "),
    eligibility_requirements: d.eligibility_requirements ?? "",
    eligibility: {
      customer_type: d.eligibility_customer_type,
      company_stage: d.eligibility_company_stage,
      company_size: d.eligibility_company_size,
      business_type: d.eligibility_business_type,
      incorporation: d.eligibility_incorporation,
      funding: d.eligibility_funding,
      geography: d.eligibility_geography.join(", "),
    },
    approval_required: d.approval_required,
    approval_time: d.approval_time ?? "",
    start_date: d.start_date ?? "",
    end_date: d.end_date ?? "",
    translations: translationsValuesOf(d.translations),
    redemption: {
      method: d.redemption?.method ?? "url",
      instructions: instructionsSource ?? d.redemption?.instructions ?? "",
      promo_code: d.redemption?.promo_code ?? "",
      redeem_url: d.redemption?.redeem_url ?? "",
      contact_email: d.redemption?.contact_email ?? "",
    },
  };
}

/** The API input these values make (create and full PATCH share it; slug "" means "generate one"). */
export function inputOfValues(v: DealValues): Record<string, unknown> {
  const est = v.est_value.trim();
  return {
    product_name: v.product_name,
    ...(v.slug.trim() ? { slug: v.slug } : {}),
    short_description: v.short_description,
    long_description: v.long_description,
    perk_description: v.perk_description.trim() ? v.perk_description : null,
    logo_url: v.logo_url,
    product_url: v.product_url,
    market_value: v.market_value,
    est_value: est === "" ? null : Number(est),
    categories: v.categories,
    tier: v.tier,
    tags: v.tags,
    badges: list(v.badges),
    offer_types: list(v.offer_types),
    eligibility_requirements: v.eligibility_requirements.trim() ? v.eligibility_requirements : null,
    eligibility: { ...Object.fromEntries(VOCAB_DIMENSIONS.map((d) => [d, v.eligibility[d]])), geography: list(v.eligibility.geography) },
    approval_required: v.approval_required,
    approval_time: v.approval_time.trim() ? v.approval_time : null,
    start_date: v.start_date || null,
    end_date: v.end_date || null,
    redemption: v.redemption,
    // Every language: the boxes of languages not shown as tabs hold what is stored and send it back
    // unchanged; an emptied box is null, which removes that field (PATCH merges).
    translations: translationsInputOf(v.translations, "patch"),
  };
}

/** The form field a schema issue or a service `param` belongs to. */
export function fieldOfPath(path: string): string | null {
  const translated = translationFieldOfPath(path);
  if (translated) return translated;
  const m = /^(redemption\.\w+|eligibility\.\w+|\w+)/.exec(path);
  if (!m) return null;
  if (m[1] === "redemption") return "redemption.method";
  return m[1];
}
