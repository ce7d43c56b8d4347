// The deal form's values, one shape for the super admin's catalogue deals and a partner's own deals
// (field names follow the API's nested eligibility and redemption). The catalogue-only fields
// (status and channels, visibility rules, codes to add) are carried by both and read only by the
// catalogue's conversion (catalogue/_components/deal-form-values.ts); own deals convert with
// deals/own/_components/own-deal-values.ts.
import { ELIGIBILITY_VOCABULARIES, type RuleType } from "@/server/domain/enums";
import { emptyTranslationsValues, type TranslationsValues } from "./deal-translation-values";

export type VocabDimension = keyof typeof ELIGIBILITY_VOCABULARIES;
export const VOCAB_DIMENSIONS = Object.keys(ELIGIBILITY_VOCABULARIES) as VocabDimension[];

type RuleValues = { rule_type: RuleType; rule_value: string; priority: string };

export type DealValues = {
  product_name: string;
  slug: string;
  short_description: string;
  long_description: string;
  perk_description: string;
  logo_url: string;
  product_url: string;
  market_value: string;
  est_value: string;
  categories: string[];
  tier: "free" | "premium";
  tags: string[];
  badges: string;
  offer_types: string;
  start_date: string;
  end_date: string;
  redemption: { method: string; instructions: string; promo_code: string; redeem_url: string; contact_email: string };
  eligibility_requirements: string;
  eligibility: Record<VocabDimension, string[]> & { geography: string };
  approval_required: boolean;
  approval_time: string;
  /** the deal's text per language ("" boxes fall back to the deal's own text) */
  translations: TranslationsValues;
  // catalogue only
  status: "draft" | "live" | "expired" | "paused" | "coming_soon";
  active: boolean;
  hidden_globally: boolean;
  api_excluded: boolean;
  /** servicepass deals: days a provider's conversion may follow the click (1–365) */
  attribution_window_days: string;
  rules: RuleValues[];
  new_codes: string;
};

export const emptyDealValues: DealValues = {
  product_name: "",
  slug: "",
  short_description: "",
  long_description: "",
  perk_description: "",
  logo_url: "",
  product_url: "",
  market_value: "",
  est_value: "",
  categories: [],
  tier: "free",
  tags: [],
  badges: "",
  offer_types: "",
  start_date: "",
  end_date: "",
  redemption: { method: "url", instructions: "", promo_code: "", redeem_url: "", contact_email: "" },
  eligibility_requirements: "",
  eligibility: { ...(Object.fromEntries(VOCAB_DIMENSIONS.map((d) => [d, []])) as unknown as Record<VocabDimension, string[]>), geography: "" },
  approval_required: false,
  approval_time: "",
  translations: emptyTranslationsValues(),
  status: "draft",
  active: true,
  hidden_globally: false,
  api_excluded: false,
  attribution_window_days: "90",
  rules: [],
  new_codes: "",
};
