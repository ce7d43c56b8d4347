// The lock reasons in the member's language (issue 40): English reads exactly as the portal's words
// (reason-words.ts), and the other languages say the same things from the messages, with the
// vocabulary, countries and lists in that language.
import fs from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { memberLockWords, noCodesWords, questionLabel, vocabLabel, type Translate } from "@/components/hosted/lock-reasons";
import { memberLockText, memberLockTitle, type MemberLock } from "@/server/domain/visibility/reason-words";

function translator(locale: string): Translate {
  const messages = JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8"));
  return createTranslator({ locale, messages }) as unknown as Translate;
}

const eligibility = (dimension: string, required: string[], held: string[] = []) => ({ code: `eligibility:${dimension}`, dimension, required, held }) as unknown as MemberLock;

const LOCKS: MemberLock[] = [
  { code: "coming_soon" } as MemberLock,
  { code: "tier" } as MemberLock,
  { code: "unavailable" },
  { code: "region", available_regions: ["Europe", "Asia"], regions_from: "partner" } as unknown as MemberLock,
  { code: "region", available_regions: ["Europe"], regions_from: "member" } as unknown as MemberLock,
  { code: "region", available_regions: [], regions_from: "partner" } as unknown as MemberLock,
  { code: "user_type", user_types: [] } as unknown as MemberLock,
  { code: "user_type", user_types: ["SME"] } as unknown as MemberLock,
  eligibility("company_stage", ["Seed", "Series A"]),
  eligibility("company_stage", ["Series A", "Series B", "Series C+"]),
  eligibility("company_stage", ["Idea", "Pre-seed"], ["Series B"]),
  eligibility("company_size", ["1-10", "11-50"]),
  eligibility("customer_type", ["New customer"]),
  eligibility("business_type", ["B2B", "Marketplace", "Agency"]),
  eligibility("geography", ["DE", "FR"]),
  eligibility("incorporation", ["Not incorporated"]),
  eligibility("funding", ["Bootstrapped", "Angel"], ["VC-backed"]),
];

describe("lock reasons in the member's language", () => {
  it("English says exactly what the portal's words say", () => {
    const t = translator("en");
    for (const lock of LOCKS) {
      for (const askProfile of [true, false]) {
        expect(memberLockWords(lock, t, "en", { askProfile }), JSON.stringify(lock)).toEqual({ title: memberLockTitle(lock), text: memberLockText(lock, { askProfile }) });
      }
    }
    expect(noCodesWords(t)).toEqual({ title: "No codes left", text: "Every code of this deal has been claimed." });
  });

  it("French, German and Arabic say it with their own words, vocabulary, countries and lists", () => {
    const fr = translator("fr");
    expect(memberLockWords(eligibility("geography", ["DE", "FR"]), fr, "fr")).toEqual({
      title: "Non éligible",
      text: "Réservé aux membres situés en Allemagne ou France : indiquez votre pays dans votre profil.",
    });
    expect(memberLockWords(eligibility("company_stage", ["Seed", "Series A"], ["Idea"]), fr, "fr").text).toBe("Réservé aux entreprises au stade Amorçage ou Série A.");
    expect(memberLockWords({ code: "tier" } as MemberLock, fr, "fr").title).toBe("Premium");
    const de = translator("de");
    expect(memberLockWords(eligibility("company_stage", ["Series A", "Series B", "Series C+"]), de, "de").text).toBe("Verfügbar für Unternehmen ab der Phase Serie A – ergänzen Sie Ihr Profil: Unternehmensphase.");
    const ar = translator("ar");
    expect(memberLockWords({ code: "region", available_regions: ["Europe", "Asia"], regions_from: "member" } as unknown as MemberLock, ar, "ar").text).toBe("متاح للأعضاء في أوروبا أو آسيا.");
    // Every lock says something in every language (no key is missing, no English left in the sentence frame).
    for (const locale of ["fr", "de", "es", "pt-BR", "ar"]) {
      const t = translator(locale);
      for (const lock of LOCKS) {
        const words = memberLockWords(lock, t, locale);
        const en = memberLockWords(lock, translator("en"), "en");
        expect(words.text, `${locale} ${JSON.stringify(lock)}`).not.toBe(en.text);
        expect(words.text).not.toMatch(/lock\.|lockNoun\.|vocab\./);
      }
    }
  });

  it("profile questions and answers are shown in the member's language", () => {
    const es = translator("es");
    expect(questionLabel(es, "company_stage")).toBe("Fase de la empresa");
    expect(vocabLabel(es, "es", "company_stage", "Series C+")).toBe("Serie C o posterior");
    expect(vocabLabel(es, "es", "geography", "DE")).toBe("Alemania");
    expect(vocabLabel(es, "es", "company_size", "1-10")).toBe("1-10");
    expect(vocabLabel(es, "es", "regions", "North America")).toBe("Norteamérica");
  });
});
