// Deal text per language (contract §16): what is stored (Deal.translations), how a write merges into
// it, and a deal's text in one language with each field falling back to the deal's own text.
import type { SupportedLocale } from "@/lib/locales";
import { isSupportedLocale } from "@/lib/locales";
import type { DealDto } from "@/server/schemas/deal.schema";
import {
  TRANSLATABLE_FIELDS,
  type DealTranslation,
  type DealTranslations,
  type DealTranslationsPatch,
} from "@/server/schemas/deal-translation.schema";
import { sanitizeInstructions } from "./redemption/redemption-html";
import { markdownToInstructions } from "./redemption/instructions-markdown";

/** The stored JSON as translations: anything unexpected in the column is ignored, never served. */
export function storedTranslations(value: unknown): DealTranslations {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: DealTranslations = {};
  for (const [locale, t] of Object.entries(value as Record<string, unknown>)) {
    if (!isSupportedLocale(locale) || !t || typeof t !== "object") continue;
    const src = t as Record<string, unknown>;
    const one: DealTranslation = {};
    for (const f of TRANSLATABLE_FIELDS) if (typeof src[f] === "string") one[f] = src[f] as string;
    const instructions = (src.redemption as { instructions?: unknown } | undefined)?.instructions;
    if (typeof instructions === "string") one.redemption = { instructions };
    if (Object.keys(one).length) out[locale] = one;
  }
  return out;
}

/**
 * `current` with `patch` applied: by language and field, a null field (or null language) removes it,
 * instructions are stored as sanitized HTML (written as Markdown in the portal's editor), and a language
 * left with no field disappears. A create is a merge into {}.
 */
export function mergeTranslations(current: DealTranslations, patch: DealTranslationsPatch, format: "html" | "markdown" = "html"): DealTranslations {
  const out: DealTranslations = structuredClone(current);
  for (const [locale, change] of Object.entries(patch) as [SupportedLocale, DealTranslationsPatch[SupportedLocale]][]) {
    if (change === null || change === undefined) {
      if (change === null) delete out[locale];
      continue;
    }
    const next: DealTranslation = { ...out[locale] };
    for (const f of TRANSLATABLE_FIELDS) {
      const v = change[f];
      if (v === null) delete next[f];
      else if (v !== undefined) next[f] = v;
    }
    if (change.redemption === null) delete next.redemption;
    else if (change.redemption?.instructions === null) delete next.redemption;
    else if (change.redemption?.instructions !== undefined) {
      const text = change.redemption.instructions;
      next.redemption = { instructions: format === "markdown" ? markdownToInstructions(text) : sanitizeInstructions(text) };
    }
    if (Object.keys(next).length) out[locale] = next;
    else delete out[locale];
  }
  return out;
}

/** The texts a deal shows in `locale`: each translated field replaces the deal's own, the rest stay. */
export function localizeDealDto<T extends Pick<DealDto, TranslatableFieldOf | "redemption">>(dto: T, translations: DealTranslations, locale: SupportedLocale): T {
  const t = translations[locale];
  if (!t) return dto;
  const out = { ...dto };
  for (const f of TRANSLATABLE_FIELDS) if (t[f] !== undefined) (out as Record<string, unknown>)[f] = t[f];
  if (t.redemption?.instructions !== undefined && out.redemption) out.redemption = { ...out.redemption, instructions: sanitizeInstructions(t.redemption.instructions) };
  return out;
}
type TranslatableFieldOf = (typeof TRANSLATABLE_FIELDS)[number];

/** The redemption instructions (sanitized HTML) in `locale`, or null to keep the deal's own. */
export function localizedInstructions(translations: DealTranslations, locale: SupportedLocale | undefined): string | null {
  const html = locale ? translations[locale]?.redemption?.instructions : undefined;
  return html === undefined ? null : sanitizeInstructions(html);
}
