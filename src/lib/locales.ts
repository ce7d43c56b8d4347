// The languages the product speaks (contract §16) and how a BCP 47 tag maps onto them. Pure: used by
// the schemas (/v1 locale=, translations keys, partner settings), the services, the hosted app and the
// portal's forms. Which of them a member gets is the server's: server/domain/member-language.ts.

/** Every language of the hosted app, the widget and member emails; the order of the language menu. */
export const SUPPORTED_LOCALES = ["en", "fr", "de", "es", "pt-BR", "ar"] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: SupportedLocale = "en";

const RTL_LOCALES: ReadonlySet<string> = new Set(["ar"]);

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

export function localeDirection(locale: SupportedLocale): "ltr" | "rtl" {
  return RTL_LOCALES.has(locale) ? "rtl" : "ltr";
}

/** The canonical form of a well-formed BCP 47 tag ("pt-br" → "pt-BR"), or null when it is not one. */
export function canonicalLocaleTag(tag: string): string | null {
  if (tag.length === 0 || tag.length > 100) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The supported locale a tag is served in: the language itself ("fr", "FR"), or the language of a
 * regional tag ("es-MX" → "es", "fr-CA" → "fr"). Portuguese in any region ("pt", "pt-PT") is served
 * in Brazilian Portuguese, our only Portuguese. null: not a language we support (or not a tag).
 */
export function matchSupportedLocale(tag: string): SupportedLocale | null {
  const canonical = canonicalLocaleTag(tag.trim());
  if (!canonical) return null;
  const language = new Intl.Locale(canonical).language;
  if (language === "pt") return "pt-BR";
  return isSupportedLocale(language) ? language : null;
}
