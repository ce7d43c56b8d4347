// src/i18n/request.ts gives next-intl one message cache for the process (requestIntlConfig's `_cache`),
// so a page does not parse its ICU messages again on every request. The request config is the one the
// pages get, turned into a translator the way next-intl's getConfig and getTranslations do it
// (initializeConfig, formatters on a cache of the request's own, createTranslator): compiled messages go
// to the shared cache (if the config loses `_cache`, or a next-intl upgrade stops honouring it, this
// fails), and sharing it never mixes two languages or two requests' values.
import { _createCache, _createIntlFormatters, createTranslator, initializeConfig } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { loadMessages, requestIntlConfig, sharedMessageCache as shared, translatorFor } from "@/lib/messages";
import type { SupportedLocale } from "@/lib/locales";

/** A request's translator, as next-intl makes it from our request config (getConfig, then getTranslations). */
function requestTranslator(locale: SupportedLocale) {
  const config = { ...initializeConfig(requestIntlConfig(locale)), _formatters: _createIntlFormatters(_createCache()) };
  return createTranslator(config);
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
