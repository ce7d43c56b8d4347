// The hosted app's language for a request (contract §16): explicit choice, ?lang=, the member's locale,
// Accept-Language among the offered locales, default_locale; and the tag matching behind it.
import { describe, expect, it } from "vitest";
import { matchSupportedLocale } from "@/lib/locales";
import { memberEmailLocale, parseAcceptLanguage, resolveLocale } from "@/server/domain/member-language";

const partner = { offered: ["en", "fr", "ar"], defaultLocale: "fr" };

describe("matchSupportedLocale", () => {
  it("maps languages and their regional tags onto the supported locales", () => {
    expect(matchSupportedLocale("fr")).toBe("fr");
    expect(matchSupportedLocale("FR-ca")).toBe("fr");
    expect(matchSupportedLocale("es-MX")).toBe("es");
    expect(matchSupportedLocale("pt-br")).toBe("pt-BR");
    expect(matchSupportedLocale("pt-PT")).toBe("pt-BR");
    expect(matchSupportedLocale("ar-EG")).toBe("ar");
    expect(matchSupportedLocale("zh")).toBeNull();
    expect(matchSupportedLocale("not a tag")).toBeNull();
    expect(matchSupportedLocale("")).toBeNull();
  });
});

describe("parseAcceptLanguage", () => {
  it("orders by q, then by position, and drops q=0 and *", () => {
    expect(parseAcceptLanguage("de;q=0.5, ar-EG, fr;q=0.9, *;q=0.1, es;q=0")).toEqual(["ar-EG", "fr", "de"]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe("resolveLocale", () => {
  it("takes the explicit choice first, while the partner offers it", () => {
    expect(resolveLocale({ ...partner, choice: "ar", lang: "fr", memberLocale: "en", acceptLanguage: "en" })).toBe("ar");
    expect(resolveLocale({ ...partner, choice: "de", lang: "en" })).toBe("en");
  });
  it("then ?lang=, then the member's locale, each only when the partner offers it (regional tags mapped)", () => {
    expect(resolveLocale({ ...partner, lang: "ar-EG", memberLocale: "en", acceptLanguage: "en" })).toBe("ar");
    expect(resolveLocale({ ...partner, lang: "xx", memberLocale: "fr-CA", acceptLanguage: "en" })).toBe("fr");
    expect(resolveLocale({ ...partner, memberLocale: "it", acceptLanguage: "ar;q=0.5, en" })).toBe("en");
  });
  it("an unoffered locale never reaches a member, whichever source names it (decided 2026-12-02)", () => {
    const deEn = { offered: ["de", "en"], defaultLocale: "de" };
    // ?lang= names a supported language the partner does not offer: the next source decides.
    expect(resolveLocale({ ...deEn, lang: "ar" })).toBe("de");
    expect(resolveLocale({ ...deEn, lang: "ar", memberLocale: "en-GB" })).toBe("en");
    expect(resolveLocale({ ...deEn, lang: "es-MX", acceptLanguage: "en-US" })).toBe("en");
    // The member's stored locale likewise, then Accept-Language, then default_locale.
    expect(resolveLocale({ ...deEn, memberLocale: "pt-BR", acceptLanguage: "fr, en;q=0.5" })).toBe("en");
    expect(resolveLocale({ ...deEn, memberLocale: "ar", acceptLanguage: "fr" })).toBe("de");
    // The language menu's cookie naming a language taken off (or never offered).
    expect(resolveLocale({ ...deEn, choice: "fr", lang: "ar", memberLocale: "es" })).toBe("de");
    for (const locale of ["ar", "fr", "es", "pt-BR"]) {
      expect(resolveLocale({ ...deEn, choice: locale, lang: locale, memberLocale: locale, acceptLanguage: locale })).not.toBe(locale);
    }
  });
  it("member emails follow the same rule: the member's locale only when offered, else default_locale", () => {
    expect(memberEmailLocale("fr-CA", { defaultLocale: "ar", locales: ["ar", "fr"] })).toBe("fr");
    expect(memberEmailLocale("es", { defaultLocale: "ar", locales: ["ar", "fr"] })).toBe("ar");
    expect(memberEmailLocale(null, { defaultLocale: "de", locales: ["de", "en"] })).toBe("de");
  });
  it("then the best Accept-Language match among the offered locales, else default_locale", () => {
    expect(resolveLocale({ ...partner, acceptLanguage: "de-DE, ar-SA;q=0.8, en;q=0.5" })).toBe("ar");
    expect(resolveLocale({ ...partner, acceptLanguage: "de-DE, es" })).toBe("fr");
    expect(resolveLocale({ ...partner })).toBe("fr");
    expect(resolveLocale({ offered: ["en"], defaultLocale: "en", acceptLanguage: "fr" })).toBe("en");
  });
});
