// The wire form of GET /v1/deals and GET /v1/deals/{id}, kept fast: each catalogue entry's Deal JSON
// is encoded once, as UTF-8 bytes in two parts around claimable_without_eligibility's value (the only
// field that depends on the caller), and a page is the concatenation of those bytes. Entries are immutable
// and replaced when their deal changes, so a WeakMap keyed by the entry is always current and lets a
// replaced entry's bytes go with it. Only entries that are actually served get encoded.
// A page asked with ?locale= is encoded per (entry, locale) the same way, so it costs what a page
// without it does once its entries have been served in that language.
import { dealDtoOf, type CatalogEntry, type DealPage, type ListedDeal } from "@/server/services/deals";
import type { SupportedLocale } from "@/lib/locales";
import { ByteBoundedCache } from "@/server/http/byte-bounded-cache";

type Encoded = { head: Buffer; tail: Buffer };
const encoded = new WeakMap<CatalogEntry, Encoded>();
const encodedLocalized = new WeakMap<CatalogEntry, Map<SupportedLocale, Encoded>>();
// A number per entry object: a page's key names exactly the bytes it is made of, so its compressed
// copy (src/server/http/compress-response.ts) can be reused until one of its entries is replaced.
// The serials are this module copy's own: a process can load this module twice (the API path and
// Next's bundle) while the compressed copies are one cache per process, so keys carry the copy's mark.
const serials = new WeakMap<CatalogEntry, number>();
let nextSerial = 1;
const COPY = Math.random().toString(36).slice(2, 8);

function serialOf(entry: CatalogEntry): number {
  let n = serials.get(entry);
  if (n === undefined) serials.set(entry, (n = nextSerial++));
  return n;
}

/** What one deal's bytes are made of (for its compressed copy). */
export function dealKey(item: ListedDeal, locale?: SupportedLocale): string {
  return `d:${COPY}:${locale ?? ""}:${serialOf(item.entry)}${item.claimable ? "t" : "f"}`;
}

/** What a page's bytes are made of (for its compressed copy): computed once per page object
 *  (listDeals hands out the same page for the same query of one view). */
function dealPageKey(page: DealPage, locale?: SupportedLocale): string {
  let byLocale = pageKeys.get(page);
  if (!byLocale) pageKeys.set(page, (byLocale = new Map()));
  let key = byLocale.get(locale);
  if (key === undefined) {
    key = `p:${COPY}:${locale ?? ""}:`;
    for (const it of page.items) key += serialOf(it.entry) + (it.claimable ? "t" : "f");
    key += `:${page.hasMore}:${page.nextCursor ?? ""}`;
    byLocale.set(locale, key);
  }
  return key;
}
const pageKeys = new WeakMap<DealPage, Map<SupportedLocale | undefined, string>>();

function encode(entry: CatalogEntry, locale: SupportedLocale | undefined): Encoded {
  // The key is the last one but two (only created_at and updated_at follow), and a key's quotes
  // never appear unescaped inside a string value: the last match is the field itself.
  const json = JSON.stringify(dealDtoOf(entry, false, locale));
  const at = json.lastIndexOf(CLAIMABLE) + CLAIMABLE.length;
  const head = json.slice(0, at);
  const tail = json.slice(at + "false".length);
  return { head: Buffer.from(head, "utf8"), tail: Buffer.from(tail, "utf8") };
}

function encodedOf(entry: CatalogEntry, locale: SupportedLocale | undefined): Encoded {
  // An entry without a translation for the locale serves its own bytes (no copy per language).
  if (locale === undefined || entry.translations[locale] === undefined) {
    let e = encoded.get(entry);
    if (!e) encoded.set(entry, (e = encode(entry, undefined)));
    return e;
  }
  let byLocale = encodedLocalized.get(entry);
  if (!byLocale) encodedLocalized.set(entry, (byLocale = new Map()));
  let e = byLocale.get(locale);
  if (!e) byLocale.set(locale, (e = encode(entry, locale)));
  return e;
}

const CLAIMABLE = '"claimable_without_eligibility":';
const TRUE = Buffer.from("true");
const FALSE = Buffer.from("false");
const COMMA = Buffer.from(",");
const OPEN = Buffer.from('{"data":[');

function pushDeal(parts: Buffer[], item: ListedDeal, locale: SupportedLocale | undefined) {
  const e = encodedOf(item.entry, locale);
  parts.push(e.head, item.claimable ? TRUE : FALSE, e.tail);
}

/** One deal's JSON, byte for byte what JSON.stringify(dealDtoOf(entry, claimable, locale)) gives. */
export function renderDeal(item: ListedDeal, locale?: SupportedLocale): Buffer {
  const parts: Buffer[] = [];
  pushDeal(parts, item, locale);
  return Buffer.concat(parts);
}

/** A list page: `{"data":[…],"has_more":…,"next_cursor":…}`. */
function renderDealPage(page: DealPage, locale?: SupportedLocale): Buffer {
  const parts: Buffer[] = [OPEN];
  page.items.forEach((it, n) => {
    if (n > 0) parts.push(COMMA);
    pushDeal(parts, it, locale);
  });
  parts.push(Buffer.from('],"has_more":' + page.hasMore + ',"next_cursor":' + JSON.stringify(page.nextCursor) + "}"));
  return Buffer.concat(parts);
}

// The bytes of recent pages, by their key: a page asked again (the same partner's first page, a
// member paging back) is written from the same buffer instead of ~100 KB assembled per request,
// which cost more than the copy itself (a fresh buffer per request for the kernel to read and the
// collector to free). 16 MB: ~170 pages of 50 deals.
export const dealPageBodies = new ByteBoundedCache(16 * 1024 * 1024);

/** A list page's bytes and the key naming them (for its compressed copy). */
export function dealPageBody(page: DealPage, locale?: SupportedLocale): { body: Buffer; key: string } {
  const key = dealPageKey(page, locale);
  return { body: dealPageBodies.getOrMake(key, () => renderDealPage(page, locale)), key };
}

/** Content-Language of a response served in `locale` (none without ?locale=: the deals' own text). */
export function contentLanguage(locale: SupportedLocale | undefined): Record<string, string> {
  return locale ? { "Content-Language": locale } : {};
}
