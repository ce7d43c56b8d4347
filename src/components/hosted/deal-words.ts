// The words around a deal that are not the deal's own text but were shown as it: category names,
// market values ("Up to $1,200") and approval times ("3-5 business days"). Partners and the catalogue
// write them in English; the member reads them in their language (issue 53.3, `dealText` messages).
// What cannot be read (a partner's own wording) stays as written, isolated (U+2068…U+2069, as <bdi>)
// when it sits inside a sentence, so English text keeps its order inside a right-to-left one.
import type { Translate } from "./lock-reasons";

import { isolate } from "@/lib/bidi";

export { isolate };

/** A category's name in the member's language (`dealText.category.<slug>`), else its own name. */
export function categoryLabel(t: Translate, category: { slug: string; name: string }): string {
  const key = `dealText.category.${category.slug}`;
  return t.has(key) ? t(key) : category.name;
}

const CURRENCIES: Record<string, string> = { $: "USD", "US$": "USD", "€": "EUR", "£": "GBP" };
const AMOUNT = /^(US\$|\$|€|£)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

// Number formats kept for the process, one per language and shape: building one costs more than the
// whole rest of a card (a list of 24 cards built 48 of them per render; lean-server.md §12).
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, currency?: string, fractionDigits?: number): Intl.NumberFormat {
  const key = `${locale}|${currency ?? ""}|${fractionDigits ?? ""}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = currency ? new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: fractionDigits, minimumFractionDigits: 0 }) : new Intl.NumberFormat(locale);
    numberFormats.set(key, format);
  }
  return format;
}

function money(symbol: string, digits: string, cents: string | undefined, locale: string): string {
  const amount = Number(`${digits.replace(/,/g, "")}${cents ? `.${cents}` : ""}`);
  return numberFormat(locale, CURRENCIES[symbol], cents ? 2 : 0).format(amount);
}

/**
 * A market value in the member's language: "$1,200" → "1.200 $" (de), "Up to $1,200" → "Bis zu 1.200 $".
 * Amounts are formatted with Intl for the language; anything else ("Free consultation") is returned as written.
 */
export function localizeValue(t: Translate, value: string, locale: string): string {
  const text = value.trim();
  const upTo = /^up to\s+(.+)$/i.exec(text);
  const amount = AMOUNT.exec(upTo ? upTo[1].trim() : text);
  if (!amount) return text;
  const formatted = money(amount[1], amount[2], amount[3], locale);
  return upTo ? t("dealText.upTo", { value: formatted }) : formatted;
}

/** What the member reads "worth": "Worth $500" → "Im Wert von 500 $", "Up to $1,200" → "Im Wert von bis zu 1.200 $". */
export function worthLine(t: Translate, value: string, locale: string): string {
  const text = value.trim();
  const upTo = /^up to\s+(.+)$/i.exec(text);
  const amount = AMOUNT.exec(upTo ? upTo[1].trim() : text);
  if (!amount) return t("deal.worth", { value: isolate(text) });
  const formatted = money(amount[1], amount[2], amount[3], locale);
  return upTo ? t("dealText.worthUpTo", { value: formatted }) : t("deal.worth", { value: formatted });
}

/**
 * A deal's headline and "worth" line in the member's language (perkLines' shape): the perk (the deal's
 * own or translated text) first, the value as "Worth …" beside it; without a perk, the value alone.
 */
export function valueLines(t: Translate, locale: string, perk: string | null, value: string | null): { headline: string; worth: string | null } {
  if (perk) return { headline: perk, worth: value && value !== perk ? worthLine(t, value, locale) : null };
  return { headline: value ? localizeValue(t, value, locale) : "", worth: null };
}

const UNITS: Record<string, "businessDays" | "days" | "weeks" | "hours"> = {
  "business day": "businessDays",
  "business days": "businessDays",
  "working day": "businessDays",
  "working days": "businessDays",
  day: "days",
  days: "days",
  week: "weeks",
  weeks: "weeks",
  hour: "hours",
  hours: "hours",
};
const DURATION = /^(?:within\s+|in\s+)?(\d+)(?:\s*(?:-|–|to)\s*(\d+))?\s+(business days?|working days?|days?|weeks?|hours?)$/i;

/**
 * An approval time in the member's language: "3-5 business days" → "3–5 Werktage", "1 week" → "1 Woche".
 * A time written otherwise is returned as written, isolated (it sits inside a sentence of the page's language).
 */
export function localizeApprovalTime(t: Translate, time: string, locale: string): string {
  const m = DURATION.exec(time.trim());
  if (!m) return isolate(time.trim());
  const unit = UNITS[m[3].toLowerCase()];
  const number = numberFormat(locale);
  if (m[2] && m[2] !== m[1]) return t(`dealText.${unit}Range`, { from: number.format(Number(m[1])), to: number.format(Number(m[2])) });
  return t(`dealText.${unit}`, { count: Number(m[1]) });
}
