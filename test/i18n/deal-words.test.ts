// The words around a deal in the member's language (issue 53.3): category names, market values
// ("Up to $1,200") and approval times ("5 business days"), with the real catalogues and next-intl's
// translator, in all six languages; what cannot be read stays as written, isolated inside a sentence.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES, type SupportedLocale } from "@/lib/locales";
import { loadMessages } from "@/lib/messages";
import { categoryLabel, isolate, localizeApprovalTime, localizeValue, valueLines, worthLine } from "@/components/hosted/deal-words";
import type { Translate } from "@/components/hosted/lock-reasons";

async function translator(locale: SupportedLocale): Promise<Translate> {
  return createTranslator({ locale, messages: loadMessages(locale) }) as unknown as Translate;
}

describe("deal words in the member's language", () => {
  it("German: categories, 'Up to' values and approval times, one register", async () => {
    const t = await translator("de");
    expect(categoryLabel(t, { slug: "developer-tools", name: "Developer Tools" })).toBe("Entwicklerwerkzeuge");
    expect(categoryLabel(t, { slug: "a-new-one", name: "Space Tech" })).toBe("Space Tech");
    expect(localizeValue(t, "Up to $1,200", "de")).toBe("Bis zu 1.200\u00a0$");
    expect(worthLine(t, "Up to $1,200", "de")).toBe("Im Wert von bis zu 1.200\u00a0$");
    expect(worthLine(t, "$500", "de")).toBe("Im Wert von 500\u00a0$");
    expect(worthLine(t, "Free consultation", "de")).toBe(`Im Wert von ${isolate("Free consultation")}`);
    expect(valueLines(t, "de", null, "Up to $1,200")).toEqual({ headline: "Bis zu 1.200\u00a0$", worth: null });
    expect(localizeApprovalTime(t, "3-5 business days", "de")).toBe("3–5 Werktagen");
    expect(localizeApprovalTime(t, "1 week", "de")).toBe("1 Woche");
    expect(localizeApprovalTime(t, "within 2 business days", "de")).toBe("2 Werktagen");
    expect(t("access.within", { partner: "Acme", time: localizeApprovalTime(t, "5 business days", "de") })).toBe("Acme antwortet in der Regel innerhalb von 5 Werktagen.");
  });

  it("Arabic: the same words in Arabic, and a time it cannot read isolated inside the sentence", async () => {
    const t = await translator("ar");
    expect(categoryLabel(t, { slug: "design", name: "Design" })).toBe("التصميم");
    expect(localizeApprovalTime(t, "5 business days", "ar")).toBe(`${new Intl.NumberFormat("ar").format(5)} أيام عمل`);
    expect(localizeValue(t, "Up to $1,200", "ar")).toBe(`حتى ${new Intl.NumberFormat("ar", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(1200)}`);
    // An approval time in the partner's own words: kept, as one left-to-right unit in the sentence.
    expect(localizeApprovalTime(t, "about a fortnight", "ar")).toBe("\u2068about a fortnight\u2069");
  });

  it("every language translates the catalogue's categories, values and approval times", async () => {
    const english = await translator("en");
    const times = ["1-2 business days", "5 business days", "1-2 weeks", "1 week", "3 days", "24 hours"];
    for (const time of times) expect(localizeApprovalTime(english, time, "en"), time).not.toMatch(/[\u2068\u2069]|dealText/);
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== "en")) {
      const t = await translator(locale);
      for (const time of times) {
        const text = localizeApprovalTime(t, time, locale);
        expect(text, `${locale} ${time}`).not.toMatch(/[\u2068\u2069]|dealText/);
        expect(text, `${locale} ${time}`).not.toBe(localizeApprovalTime(english, time, "en"));
      }
      expect(localizeValue(t, "Up to $50,000", locale)).not.toMatch(/Up to|dealText/);
    }
    for (const locale of SUPPORTED_LOCALES) {
      const t = await translator(locale);
      expect(categoryLabel(t, { slug: "hr-payroll", name: "HR & Payroll" }), locale).toBe(t("dealText.category.hr-payroll"));
    }
  });

  it("number formats kept for the process never carry one language's or one amount's shape into another", async () => {
    const [en, de] = [await translator("en"), await translator("de")];
    // Alternating languages and cents / no cents: a format shared by mistake shows here.
    expect(localizeValue(en, "$1,200.5", "en")).toBe("$1,200.5");
    expect(localizeValue(en, "$1,200", "en")).toBe("$1,200");
    expect(localizeValue(de, "$1,200.5", "de")).toBe("1.200,5\u00a0$");
    expect(localizeValue(en, "€75", "en")).toBe("€75");
    expect(localizeValue(de, "$1,200", "de")).toBe("1.200\u00a0$");
    // Whole amounts first, then cents, in a language not used above: the digits are part of the shape.
    const es = await translator("es");
    expect(localizeValue(es, "$1,200", "es")).toBe(new Intl.NumberFormat("es", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(1200));
    expect(localizeValue(es, "$1,200.5", "es")).toBe(new Intl.NumberFormat("es", { style: "currency", currency: "USD", maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(1200.5));
    expect(localizeApprovalTime(de, "1000-2000 hours", "de")).toBe("1.000–2.000 Stunden");
    expect(localizeApprovalTime(en, "1000-2000 hours", "en")).toBe("1,000–2,000 hours");
  });
});
