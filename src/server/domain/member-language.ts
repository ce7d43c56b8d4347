// Which of the product's languages a member gets (contract §16): on the hosted app and widget for one
// request, and in member emails. Server-side (Accept-Language is read with the `negotiator` package);
// the vocabulary it chooses from is the ground floor's (src/lib/locales.ts).
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isSupportedLocale, matchSupportedLocale, type SupportedLocale } from "@/lib/locales";

/**
 * Accept-Language's tags by preference (q, then order), read by the negotiator next-intl uses; q=0,
 * malformed entries and * are left out.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return new Negotiator({ headers: { "accept-language": header } }).languages().filter((tag) => tag !== "*");
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
