// Why a member cannot redeem a deal, in words. The portal phrases the same gates in English from
// src/server/domain/visibility/reason-words.ts; the member surfaces say them in the member's language
// from the `lock`, `lockNoun`, `vocab` and `profileField` messages (issue 40), with the same shape:
// who the deal is for, and what to add to the profile when the member has no answer yet.
// English reads exactly as the portal's words (the same lists: "A, B or C").
// The type of a lock (MemberLock) is the domain's, so services name it without knowing this module.
import { ELIGIBILITY_VOCABULARIES } from "@perkway/server/domain/enums";
import { joinOr, memberLockText, type MemberLock } from "@perkway/server/domain/visibility/reason-words";

export const lockText = (lock: MemberLock, opts?: { askProfile?: boolean }): string => memberLockText(lock, opts);

/** next-intl's translator of the whole catalogue (getTranslations() or useTranslations() without a namespace). */
export type Translate = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

/** "Series C+" → "series_c_plus": a vocabulary value's key in the `vocab` and `lockNoun` messages. */
function vocabKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/\+/g, "_plus")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** "A or B" in the language ("A, B or C" in English, as the portal says it). */
function listOr(locale: string, items: readonly string[]): string {
  if (locale === "en" || items.length < 2) return joinOr(items);
  try {
    return new Intl.ListFormat(locale, { type: "disjunction" }).format(items);
  } catch {
    return joinOr(items);
  }
}

const countryNames = new Map<string, Intl.DisplayNames>();
function countryName(locale: string, code: string): string {
  try {
    let names = countryNames.get(locale);
    if (!names) countryNames.set(locale, (names = new Intl.DisplayNames([locale], { type: "region" })));
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** One answer of a profile question as the member reads it (country codes as country names; sizes as they are). */
export function vocabLabel(t: Translate, locale: string, dimension: string, value: string): string {
  if (dimension === "geography") return countryName(locale, value);
  const key = `vocab.${dimension}.${vocabKey(value)}`;
  return t.has(key) ? t(key) : value;
}

/** A profile question's label ("Company stage"), and the word for it inside a sentence ("company stage"). */
export function questionLabel(t: Translate, dimension: string): string {
  const key = `profileField.${dimension}.label`;
  return t.has(key) ? t(key) : dimension.replace(/_/g, " ");
}

function questionInSentence(t: Translate, dimension: string): string {
  const key = `profileField.${dimension}.inSentence`;
  return t.has(key) ? t(key) : dimension.replace(/_/g, " ");
}

function nouns(t: Translate, dimension: string, values: readonly string[]): string[] {
  return values.map((v) => {
    const key = `lockNoun.${dimension}.${vocabKey(v)}`;
    return t.has(key) ? t(key) : v;
  });
}

/** Who one eligibility dimension admits, from the deal's required values, in the member's language. */
function audience(t: Translate, locale: string, dimension: string, required: readonly string[]): string {
  const labels = (vs: readonly string[]) => listOr(locale, vs.map((v) => vocabLabel(t, locale, dimension, v)));
  switch (dimension) {
    case "company_stage": {
      // Stages read as a range when they are one: "Series A or later", "Seed or earlier".
      const order: readonly string[] = ELIGIBILITY_VOCABULARIES.company_stage;
      const idx = required.map((s) => order.indexOf(s)).filter((i) => i >= 0).sort((a, b) => a - b);
      const contiguous = idx.length > 1 && idx.length === required.length && idx.every((v, i) => i === 0 || v === idx[i - 1]! + 1);
      if (contiguous && idx[idx.length - 1] === order.length - 1) return t("lock.whoStageOrLater", { stage: vocabLabel(t, locale, dimension, order[idx[0]!]!) });
      if (contiguous && idx[0] === 0) return t("lock.whoStageOrEarlier", { stage: vocabLabel(t, locale, dimension, order[idx[idx.length - 1]!]!) });
      return t("lock.whoStage", { values: labels(required) });
    }
    case "company_size":
      return t("lock.whoSize", { values: listOr(locale, required) });
    case "geography":
      return t("lock.whoMembersIn", { values: labels(required) });
    case "funding":
      return t("lock.whoFunding", { values: listOr(locale, nouns(t, dimension, required)) });
    case "customer_type":
    case "business_type":
    case "incorporation":
      return t("lock.whoList", { values: listOr(locale, nouns(t, dimension, required)) });
    default:
      return t("lock.whoOther");
  }
}

/**
 * A lock in the member's words: its title ("Not eligible") and text ("Available to members in
 * Germany or France — add your country to your profile."). `askProfile` false: the page asks for
 * the answer itself, with a link to the question.
 */
export function memberLockWords(lock: MemberLock, t: Translate, locale: string, { askProfile = true } = {}): { title: string; text: string } {
  const available = (who: string, field: string | null) => (askProfile && field ? t("lock.availableToAsk", { who, field }) : t("lock.availableTo", { who }));
  switch (lock.code) {
    case "coming_soon":
      return { title: t("lock.titleComingSoon"), text: t("lock.comingSoon") };
    case "tier":
      return { title: t("lock.titlePremium"), text: t("lock.tier") };
    case "unavailable":
      return { title: t("lock.titleUnavailable"), text: t("lock.unavailable") };
    case "region": {
      if (lock.available_regions.length === 0) return { title: t("lock.titleNotEligible"), text: t("lock.noRegion") };
      const who = t("lock.whoMembersIn", { values: listOr(locale, lock.available_regions.map((r) => vocabLabel(t, locale, "regions", r))) });
      return { title: t("lock.titleNotEligible"), text: available(who, lock.regions_from === "partner" ? questionInSentence(t, "regions") : null) };
    }
    case "user_type":
      return {
        title: t("lock.titleNotEligible"),
        text: lock.user_types.length === 0 ? available(t("lock.whoSomeKinds"), questionInSentence(t, "user_types")) : t("lock.userTypeOther"),
      };
    default:
      return {
        title: t("lock.titleNotEligible"),
        text: available(audience(t, locale, lock.dimension, lock.required), lock.held.length === 0 ? questionInSentence(t, lock.dimension) : null),
      };
  }
}

/** The badge and text of a unique-code deal whose pool is empty. */
export function noCodesWords(t: Translate): { title: string; text: string } {
  return { title: t("lock.titleNoCodes"), text: t("lock.noCodes") };
}
