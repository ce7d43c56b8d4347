// The language of one request (contract §16). Member surfaces: the language menu's cookie, else the
// widget's ?lang= (passed on by src/proxy.ts), else the member's locale, else Accept-Language among
// the partner's offered locales, else its default_locale (resolveLocale). The portal stays in English.
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { LOCALE_COOKIE, MEMBER_HEADERS } from "@/lib/hosted/member-surface";
import { DEFAULT_LOCALE, type SupportedLocale } from "@/lib/locales";
import { resolveLocale } from "@perkway/server/domain/member-language";
import { loadMember, loadPartner } from "@/server/auth/member-context";

export const requestLocale = cache(async (): Promise<SupportedLocale> => {
  const h = await headers();
  const subdomain = h.get(MEMBER_HEADERS.subdomain);
  if (!h.get(MEMBER_HEADERS.surface) || !subdomain) return DEFAULT_LOCALE;
  const partner = await loadPartner(subdomain);
  if (!partner) return resolveLocale({ offered: [DEFAULT_LOCALE], defaultLocale: DEFAULT_LOCALE, acceptLanguage: h.get("accept-language") });
  const [jar, member] = await Promise.all([cookies(), loadMember(partner)]);
  return resolveLocale({
    choice: jar.get(LOCALE_COOKIE)?.value,
    lang: h.get(MEMBER_HEADERS.lang),
    memberLocale: member?.member.locale,
    acceptLanguage: h.get("accept-language"),
    offered: partner.locales,
    defaultLocale: partner.defaultLocale,
  });
});
