// Deal text per language in the deal forms (contract §16): one box per translatable field and language,
// "" meaning "falls back to the deal's own text", and the conversions to the API's translations object
// (a PATCH for own deals, where "" removes the field; the whole set for catalogue entries).
import { SUPPORTED_LOCALES, type SupportedLocale } from "@/lib/locales";

type TranslationValues = { product_name: string; short_description: string; long_description: string; perk_description: string; instructions: string };
export type TranslationsValues = Record<SupportedLocale, TranslationValues>;

export const TRANSLATION_FIELDS = ["product_name", "short_description", "long_description", "perk_description", "instructions"] as const;
export type TranslationField = (typeof TRANSLATION_FIELDS)[number];

const empty = (): TranslationValues => ({ product_name: "", short_description: "", long_description: "", perk_description: "", instructions: "" });

export function emptyTranslationsValues(): TranslationsValues {
  return Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, empty()])) as TranslationsValues;
}

type Stored = Partial<Record<string, { product_name?: string; short_description?: string; long_description?: string; perk_description?: string; redemption?: { instructions?: string } }>>;

/** The form's boxes from translations as stored. */
export function translationsValuesOf(stored: Stored | undefined): TranslationsValues {
  const out = emptyTranslationsValues();
  for (const l of SUPPORTED_LOCALES) {
    const t = stored?.[l];
    if (!t) continue;
    out[l] = {
      product_name: t.product_name ?? "",
      short_description: t.short_description ?? "",
      long_description: t.long_description ?? "",
      perk_description: t.perk_description ?? "",
      instructions: t.redemption?.instructions ?? "",
    };
  }
  return out;
}

/**
 * The translations object of a write. "patch" (own deals, PATCH merges): every language shown is sent,
 * an empty box as null (removes it). "replace" (catalogue entries, the whole deal): only filled boxes.
 */
export function translationsInputOf(v: TranslationsValues, mode: "patch" | "replace", languages: readonly SupportedLocale[] = SUPPORTED_LOCALES): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const l of languages) {
    const t = v[l] ?? empty();
    const value = (s: string) => (s.trim() === "" ? null : s);
    const fields = {
      product_name: value(t.product_name),
      short_description: value(t.short_description),
      long_description: value(t.long_description),
      perk_description: value(t.perk_description),
      redemption: { instructions: value(t.instructions) },
    };
    if (mode === "patch") {
      out[l] = fields;
      continue;
    }
    const kept = Object.fromEntries(Object.entries(fields).filter(([k, x]) => x !== null && k !== "redemption"));
    if (fields.redemption.instructions !== null) kept.redemption = { instructions: fields.redemption.instructions };
    if (Object.keys(kept).length) out[l] = kept;
  }
  return out;
}

/** The form box an API param names ("translations.fr.redemption.instructions" → "translations.fr.instructions"). */
export function translationFieldOfPath(path: string): string | null {
  const m = /^translations\.([A-Za-z-]+)\.(?:redemption\.)?(\w+)/.exec(path);
  return m ? `translations.${m[1]}.${m[2]}` : null;
}

/** Which fields of one language fall back to the deal's own text. */
export function fallbackFields(t: TranslationValues | undefined): TranslationField[] {
  return TRANSLATION_FIELDS.filter((f) => !t || t[f].trim() === "");
}
