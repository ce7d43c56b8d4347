// The languages the product speaks (contract §16) and how a BCP 47 tag maps onto them. Pure: used by
// the schemas (/v1 locale=, translations keys, partner settings), the services and the hosted app.

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

/** Accept-Language entries by preference (q, then order); malformed entries are skipped. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; at: number }[] = [];
  header.split(",").forEach((part, at) => {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag.trim();
    if (!tag || tag === "*") return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (Number.isFinite(q) && q > 0) entries.push({ tag, q, at });
  });
  return entries.sort((a, b) => b.q - a.q || a.at - b.at).map((e) => e.tag);
}

/** The first of `tags` (most preferred first) that maps onto one of `offered`; null when none does. */
function bestOfferedLocale(tags: readonly string[], offered: readonly string[]): SupportedLocale | null {
  for (const tag of tags) {
    const match = matchSupportedLocale(tag);
    if (match && offered.includes(match)) return match;
  }
  return null;
}

type LocaleSources = {
  /** the member's pick in the language menu (cookie) */
  choice?: string | null;
  /** ?lang= on the widget's URL */
  lang?: string | null;
  /** the member's stored locale (User.locale) */
  memberLocale?: string | null;
  acceptLanguage?: string | null;
  /** the partner's offered locales and default */
  offered: readonly string[];
  defaultLocale: string;
};

/**
 * The hosted app's language for one request (contract §16): the member's explicit choice, else the
 * widget's ?lang=, else the member's locale, else the best Accept-Language match among the offered
 * locales, else the partner's default. The menu's choice counts while the partner still offers it (a
 * language taken off falls through); ?lang= and the member's locale are set on purpose by the partner,
 * so any supported language is honoured; Accept-Language is matched among the offered ones only.
 */
export function resolveLocale(s: LocaleSources): SupportedLocale {
  const offered = s.offered.filter(isSupportedLocale);
  const choice = s.choice ? matchSupportedLocale(s.choice) : null;
  if (choice && offered.includes(choice)) return choice;
  for (const explicit of [s.lang, s.memberLocale]) {
    const match = explicit ? matchSupportedLocale(explicit) : null;
    if (match) return match;
  }
  const fromHeader = bestOfferedLocale(parseAcceptLanguage(s.acceptLanguage), offered);
  if (fromHeader) return fromHeader;
  return matchSupportedLocale(s.defaultLocale) ?? DEFAULT_LOCALE;
}

/** The language of a member email: the member's locale when supported, else the partner's default, else English. */
export function memberEmailLocale(memberLocale: string | null | undefined, partnerDefault: string | null | undefined): SupportedLocale {
  return (memberLocale ? matchSupportedLocale(memberLocale) : null) ?? (partnerDefault ? matchSupportedLocale(partnerDefault) : null) ?? DEFAULT_LOCALE;
}
