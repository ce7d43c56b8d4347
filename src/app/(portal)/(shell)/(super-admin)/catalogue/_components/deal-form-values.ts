// The catalogue deal form's values (DealValues) and their conversion to and from a catalogue entry (the shape
// catalogEntrySchema validates and the services write). Lists typed in one box are ";"-separated.
import { emptyDealValues, VOCAB_DIMENSIONS, type DealValues, type VocabDimension } from "@/components/deals/deal-values";
import type { RuleType } from "@/server/domain/enums";
import { issuePath } from "@/server/errors/zod-error";
import { translationFieldOfPath, translationsInputOf, translationsValuesOf } from "@/components/deals/deal-translation-values";

export type CatalogEntryLike = {
  slug: string;
  product_name: string;
  short_description: string;
  long_description: string;
  perk_description: string | null;
  logo_url: string;
  product_url: string;
  market_value: string;
  est_value: number | null;
  categories: { slug: string; name: string }[];
  tier: "free" | "premium";
  tags: string[];
  badges: string[];
  status: DealValues["status"];
  start_date: string | null;
  end_date: string | null;
  active: boolean;
  hidden_globally: boolean;
  api_excluded: boolean;
  attribution_window_days?: number;
  redemption: { method: string; instructions: string; promo_code: string; redeem_url: string; contact_email: string } | null;
  eligibility_requirements: string | null;
  eligibility_geography: string[];
  offer_types: string[];
  approval_required: boolean;
  approval_time: string | null;
  visibility_rules: { rule_type: RuleType; rule_value: string[]; priority: number }[];
  translations?: Parameters<typeof translationsValuesOf>[0];
} & Record<`eligibility_${VocabDimension}`, string[]>;

export { emptyDealValues };

const splitList = (s: string) => s.split(";").map((v) => v.trim()).filter(Boolean);

export function valuesFromEntry(e: CatalogEntryLike): DealValues {
  return {
    product_name: e.product_name,
    slug: e.slug,
    short_description: e.short_description,
    long_description: e.long_description,
    perk_description: e.perk_description ?? "",
    logo_url: e.logo_url,
    product_url: e.product_url,
    market_value: e.market_value,
    est_value: e.est_value === null ? "" : String(e.est_value),
    categories: e.categories.map((c) => c.slug),
    tier: e.tier,
    tags: e.tags,
    badges: e.badges.join("; "),
    offer_types: e.offer_types.join("; "),
    status: e.status,
    start_date: e.start_date ?? "",
    end_date: e.end_date ?? "",
    active: e.active,
    hidden_globally: e.hidden_globally,
    api_excluded: e.api_excluded,
    attribution_window_days: String(e.attribution_window_days ?? 90),
    redemption: {
      method: e.redemption?.method ?? "",
      instructions: e.redemption?.instructions ?? "",
      promo_code: e.redemption?.promo_code ?? "",
      redeem_url: e.redemption?.redeem_url ?? "",
      contact_email: e.redemption?.contact_email ?? "",
    },
    eligibility_requirements: e.eligibility_requirements ?? "",
    eligibility: {
      ...(Object.fromEntries(VOCAB_DIMENSIONS.map((d) => [d, e[`eligibility_${d}`] ?? []])) as unknown as Record<VocabDimension, string[]>),
      geography: e.eligibility_geography.join("; "),
    },
    approval_required: e.approval_required,
    approval_time: e.approval_time ?? "",
    translations: translationsValuesOf(e.translations),
    rules: e.visibility_rules.map((r) => ({ rule_type: r.rule_type, rule_value: r.rule_value.join("; "), priority: String(r.priority) })),
    new_codes: "",
  };
}

/** The catalogue entry the services receive (the full desired state of the deal). */
export function entryFromValues(v: DealValues, categoryNames: ReadonlyMap<string, string>): Record<string, unknown> {
  const estValue = v.est_value.trim() === "" ? null : Number(v.est_value);
  return {
    slug: v.slug.trim(),
    product_name: v.product_name,
    short_description: v.short_description,
    long_description: v.long_description,
    perk_description: v.perk_description.trim() ? v.perk_description : null,
    logo_url: v.logo_url,
    product_url: v.product_url,
    market_value: v.market_value,
    est_value: estValue === null || Number.isNaN(estValue) ? (v.est_value.trim() === "" ? null : v.est_value) : estValue,
    categories: v.categories.map((slug) => ({ slug, name: categoryNames.get(slug) ?? slug })),
    tier: v.tier,
    tags: v.tags,
    badges: splitList(v.badges),
    offer_types: splitList(v.offer_types),
    status: v.status,
    start_date: v.start_date || null,
    end_date: v.end_date || null,
    active: v.active,
    hidden_globally: v.hidden_globally,
    api_excluded: v.api_excluded,
    attribution_window_days: /^\d+$/.test(v.attribution_window_days.trim()) ? Number(v.attribution_window_days) : v.attribution_window_days,
    redemption: v.redemption.method
      ? {
          method: v.redemption.method,
          instructions: v.redemption.instructions,
          promo_code: v.redemption.promo_code,
          redeem_url: v.redemption.redeem_url,
          contact_email: v.redemption.contact_email,
        }
      : null,
    eligibility_requirements: v.eligibility_requirements.trim() ? v.eligibility_requirements : null,
    ...Object.fromEntries(VOCAB_DIMENSIONS.map((d) => [`eligibility_${d}`, v.eligibility[d]])),
    eligibility_geography: splitList(v.eligibility.geography).map((c) => c.toUpperCase()),
    approval_required: v.approval_required,
    approval_time: v.approval_time.trim() ? v.approval_time : null,
    // The entry is the whole deal: its filled language boxes replace the stored translations.
    translations: translationsInputOf(v.translations, "replace"),
    visibility_rules: v.rules.map((r) => ({ rule_type: r.rule_type, rule_value: splitList(r.rule_value), priority: r.priority.trim() === "" ? 0 : Number(r.priority) })),
    ...(splitCodes(v.new_codes).length ? { codes: splitCodes(v.new_codes) } : {}),
  };
}

function splitCodes(s: string): string[] {
  return s.split(/[\n,;]/).map((c) => c.trim()).filter(Boolean);
}

/** The form field an entry problem belongs to (schema issue path or the services' `param`). */
export function fieldOfParam(param: string | (string | number | symbol)[]): string | null {
  const p = typeof param === "string" ? param : issuePath(param as PropertyKey[]);
  const translated = translationFieldOfPath(p);
  if (translated) return translated;
  const rule = /^visibility_rules\[(\d+)\]\.?(\w+)?/.exec(p);
  if (rule) return `rules.${rule[1]}.${rule[2] === "priority" ? "priority" : rule[2] === "rule_type" ? "rule_type" : "rule_value"}`;
  if (p.startsWith("redemption")) return p === "redemption" ? "redemption.method" : `redemption.${p.split(".")[1]?.replace(/\[.*$/, "")}`;
  const elig = /^eligibility_(\w+?)(\[|$)/.exec(p);
  if (elig) return elig[1] === "geography" ? "eligibility.geography" : elig[1] === "requirements" ? "eligibility_requirements" : `eligibility.${elig[1]}`;
  if (p.startsWith("codes")) return "new_codes";
  const top = p.replace(/\[.*$/, "").split(".")[0];
  return top || null;
}
