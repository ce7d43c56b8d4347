// src/i18n/request.ts gives next-intl one message cache for the process (`_cache`: sharedMessageCache), so a page does not
// parse its ICU messages again on every request. These are the two premises, with the real catalogues
// and use-intl's translator built as next-intl builds it for each request (a cache and formatters of
// its own, plus the config's `_cache`): the shared cache is the one compiled messages go to (if a
// next-intl upgrade stops honouring it, this says so), and sharing it never mixes two languages or two
// requests' values.
import { _createCache, _createIntlFormatters, createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { loadMessages, sharedMessageCache as shared, translatorFor } from "@/lib/messages";
import type { SupportedLocale } from "@/lib/locales";

/** A request's translator, as next-intl's getTranslations makes it with our request config. */
function requestTranslator(locale: SupportedLocale) {
  return createTranslator({ locale, messages: loadMessages(locale), timeZone: "UTC", _cache: shared, _formatters: _createIntlFormatters(_createCache()) });
}

describe("one message cache for the process", () => {
  it("compiled messages go to the shared cache, once per message and language", () => {
    const before = Object.keys(shared.message).length;
    requestTranslator("en")("deal.worth", { value: "$500" });
    const afterOne = Object.keys(shared.message).length;
    expect(afterOne).toBe(before + 1);
    requestTranslator("en")("deal.worth", { value: "$900" }); // another request, same message: no new entry
    expect(Object.keys(shared.message).length).toBe(afterOne);
    requestTranslator("de")("deal.worth", { value: "500 $" }); // another language: its own entry
    expect(Object.keys(shared.message).length).toBe(afterOne + 1);
    // The emails' and sign-in pages' translators share it too.
    expect(translatorFor("fr", "deal").t("worth", { value: "5 $" })).toBe(loadMessages("fr").deal.worth.replace("{value}", "5 $"));
    expect(Object.keys(shared.message).length).toBe(afterOne + 2);
  });

  it("requests in different languages, alternating, each read their own words and their own values", () => {
    const en = loadMessages("en").deal.worth;
    const de = loadMessages("de").deal.worth;
    const ar = loadMessages("ar").deal.worth;
    for (let i = 0; i < 3; i++) {
      expect(requestTranslator("en")("deal.worth", { value: `$${i}` })).toBe(en.replace("{value}", `$${i}`));
      expect(requestTranslator("de")("deal.worth", { value: `${i} $` })).toBe(de.replace("{value}", `${i} $`));
      expect(requestTranslator("ar")("deal.worth", { value: `${i}` })).toBe(ar.replace("{value}", `${i}`));
    }
    // Plurals are chosen per language and count on every call, not remembered from the first.
    const t = requestTranslator("en");
    const one = t("dealText.days", { count: 1 });
    const many = t("dealText.days", { count: 5 });
    expect(one).not.toBe(many);
    expect(requestTranslator("en")("dealText.days", { count: 1 })).toBe(one);
  });
});
