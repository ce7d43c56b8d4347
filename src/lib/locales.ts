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
 * The hosted app's language for one request (contract §16, decided 2026-12-02): the member's explicit
 * choice, else the widget's ?lang=, else the member's locale, else the best Accept-Language match,
 * else the partner's default. An unoffered locale never reaches a member: each source counts only
 * when it names (or regionally matches, es-MX → es) one of the partner's offered locales; otherwise
 * the next source decides (a language the partner took off falls through the same way).
 */
export function resolveLocale(s: LocaleSources): SupportedLocale {
  const offered = s.offered.filter(isSupportedLocale);
  for (const explicit of [s.choice, s.lang, s.memberLocale]) {
    const match = explicit ? bestOfferedLocale([explicit], offered) : null;
    if (match) return match;
  }
  const fromHeader = bestOfferedLocale(parseAcceptLanguage(s.acceptLanguage), offered);
  if (fromHeader) return fromHeader;
  return defaultOf(s.defaultLocale, offered);
}

/** The partner's default_locale (always one it offers), else its first offered locale, else English. */
function defaultOf(defaultLocale: string | null | undefined, offered: readonly SupportedLocale[]): SupportedLocale {
  const match = defaultLocale ? matchSupportedLocale(defaultLocale) : null;
  if (match && (offered.length === 0 || offered.includes(match))) return match;
  return offered[0] ?? match ?? DEFAULT_LOCALE;
}

/**
 * The language of a member email: the member's locale when the partner offers it (or a regional
 * match), else the partner's default, else English. The same rule as the hosted app: an unoffered
 * locale never reaches a member.
 */
export function memberEmailLocale(memberLocale: string | null | undefined, partner: { defaultLocale: string; locales: readonly string[] }): SupportedLocale {
  return resolveLocale({ memberLocale, offered: partner.locales, defaultLocale: partner.defaultLocale });
}
