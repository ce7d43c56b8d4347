// The hosted app's language for a request (contract §16): explicit choice, ?lang=, the member's locale,
// Accept-Language among the offered locales, default_locale; and the tag matching behind it.
import { describe, expect, it } from "vitest";
import { matchSupportedLocale, parseAcceptLanguage, resolveLocale } from "@/server/domain/locales";

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
  it("then ?lang=, then the member's locale (any supported language, regional tags mapped)", () => {
    expect(resolveLocale({ ...partner, lang: "es-MX", memberLocale: "ar", acceptLanguage: "en" })).toBe("es");
    expect(resolveLocale({ ...partner, lang: "xx", memberLocale: "pt-PT", acceptLanguage: "en" })).toBe("pt-BR");
    expect(resolveLocale({ ...partner, memberLocale: "it", acceptLanguage: "ar;q=0.5, en" })).toBe("en");
  });
  it("then the best Accept-Language match among the offered locales, else default_locale", () => {
    expect(resolveLocale({ ...partner, acceptLanguage: "de-DE, ar-SA;q=0.8, en;q=0.5" })).toBe("ar");
    expect(resolveLocale({ ...partner, acceptLanguage: "de-DE, es" })).toBe("fr");
    expect(resolveLocale({ ...partner })).toBe("fr");
    expect(resolveLocale({ offered: ["en"], defaultLocale: "en", acceptLanguage: "fr" })).toBe("en");
  });
});
