// The message catalogues (messages/{locale}.json) of the member surfaces and emails: every key of the
// English source exists in every language and no language has keys English lacks, no message is left
// identical to English (except the allow-list: brand words and strings that are the same in that
// language), and every message is valid ICU that formats for the plural counts of its language.
import fs from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "@/lib/locales";
import { SERVER_ERROR_WORDS, serverErrorWords } from "@/components/hosted/server-error-words";

type Tree = { [key: string]: string | Tree };
const load = (locale: string): Tree => JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8"));

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Same as English on purpose, per language ("*": every language). */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  // lock.whoList is only its list; business models are written the same in every language.
  "*": ["redeem.questionsEnd", "lock.whoList", "vocab.business_type.b2b", "vocab.business_type.b2c", "vocab.business_type.b2b2c"],
  fr: ["deal.premium", "lock.titlePremium", "vocab.user_types.scale_up", "vocab.regions.europe", "dealText.category.marketing", "dealText.category.communication", "dealText.category.design"],
  de: ["deal.premium", "home.inCategory", "lock.titlePremium", "vocab.company_stage.seed", "vocab.user_types.scale_up", "dealText.category.cloud-hosting", "dealText.category.marketing", "dealText.category.design"],
  es: ["deal.premium", "lock.titlePremium", "lockNoun.business_type.marketplace", "vocab.company_stage.idea", "vocab.business_type.marketplace", "vocab.user_types.scale_up", "vocab.regions.asia", "dealText.category.marketing"],
  "pt-BR": ["deal.premium", "lock.titlePremium", "lockNoun.business_type.marketplace", "vocab.business_type.marketplace", "vocab.user_types.scale_up", "vocab.regions.oceania", "dealText.category.marketing", "dealText.category.design"],
  ar: ["selfSignIn.emailPlaceholder"],
};

const english = flatten(load("en"));
// Values for every argument a message may name: numbers for plurals, text for the rest.
const SAMPLE_COUNTS = [0, 1, 2, 3, 11, 100, 1000000];
const sampleValues = (count: number, tags: ReadonlySet<string>) =>
  new Proxy({} as Record<string, unknown>, {
    get: (_t, name) => (name === "count" || name === "minutes" ? count : tags.has(String(name)) ? (chunks: string[]) => chunks.join("") : `«${String(name)}»`),
    has: () => true,
  });

describe("message catalogues", () => {
  it("English has messages", () => {
    expect(english.size).toBeGreaterThan(50);
  });

  for (const locale of SUPPORTED_LOCALES.filter((l) => l !== "en")) {
    describe(locale, () => {
      const messages = flatten(load(locale));

      it("has exactly the keys of English", () => {
        expect([...english.keys()].filter((k) => !messages.has(k)), "missing").toEqual([]);
        expect([...messages.keys()].filter((k) => !english.has(k)), "not in English").toEqual([]);
      });

      it("leaves no message in English (except the allow-list)", () => {
        const allowed = new Set([...(SAME_AS_ENGLISH["*"] ?? []), ...(SAME_AS_ENGLISH[locale] ?? [])]);
        const untranslated = [...messages].filter(([k, v]) => english.get(k) === v && !allowed.has(k)).map(([k]) => k);
        expect(untranslated).toEqual([]);
      });
    });
  }

  for (const locale of SUPPORTED_LOCALES) {
    it(`${locale}: every message parses as ICU and formats for its plural counts`, () => {
      const problems: string[] = [];
      for (const [key, message] of flatten(load(locale))) {
        try {
          const format = new IntlMessageFormat(message, locale);
          // Rich-text tags (<b>…</b>) take a function; every other argument a value.
          const tags = new Set([...message.matchAll(/<(\w+)>/g)].map((m) => m[1]));
          for (const count of SAMPLE_COUNTS) {
            const out = format.format(sampleValues(count, tags));
            const text = Array.isArray(out) ? out.join("") : String(out);
            if (!text.trim()) problems.push(`${key}: empty for ${count}`);
          }
          // A plural must name "other" (ICU requires it; a missing category would print the key's fallback).
          if (/\{\s*\w+\s*,\s*plural\s*,/.test(message) && !/\bother\s*\{/.test(message)) problems.push(`${key}: plural without other`);
        } catch (err) {
          problems.push(`${key}: ${(err as Error).message}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("the placeholders and rich-text tags of each message are those of English", () => {
    const names = (m: string) => [...new Set([...[...m.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((x) => x[1]), ...[...m.matchAll(/<(\w+)>/g)].map((x) => `<${x[1]}>`)])].sort();
    const problems: string[] = [];
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== "en")) {
      for (const [key, message] of flatten(load(locale))) {
        const en = english.get(key);
        if (en !== undefined && names(en).join() !== names(message).join()) problems.push(`${locale} ${key}: ${names(message)} vs ${names(en)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // Arabic nouns (and the words agreeing with them) change with the number: one, the dual for two,
  // a plural for 3–10, the singular again from 11 ("هناك 2 عروض" is wrong: "عرضان"). So a count in
  // Arabic is an ICU plural naming at least one and two, except where nothing next to it agrees with
  // the number (a phrase such as "{count} في القائمة", "listed").
  it("ar: every count is a plural with the singular and the dual", () => {
    const NO_AGREEMENT = ["dealCounts.listedTotal", "dealCounts.comingSoon", "dealCounts.noCodes", "dealCounts.other"];
    const problems: string[] = [];
    for (const [key, message] of flatten(load("ar"))) {
      const counts = [...message.matchAll(/\{\s*(count|minutes)\s*([,}])/g)];
      if (!counts.length || NO_AGREEMENT.includes(key)) continue;
      if (counts.some((m) => m[2] === "}")) problems.push(`${key}: a bare count`);
      else if (!/\bone\s*\{/.test(message) || !/\btwo\s*\{/.test(message)) problems.push(`${key}: no one/two`);
    }
    expect(problems).toEqual([]);
  });

  it("the error pages' own words (where next-intl's provider is not there) are the serverError messages", () => {
    for (const locale of SUPPORTED_LOCALES) expect(SERVER_ERROR_WORDS[locale], locale).toEqual(load(locale).serverError);
    expect(serverErrorWords("pt-PT")).toBe(SERVER_ERROR_WORDS["pt-BR"]);
    expect(serverErrorWords("fr-CA")).toBe(SERVER_ERROR_WORDS.fr);
    expect(serverErrorWords("ja")).toBe(SERVER_ERROR_WORDS.en);
  });
});

