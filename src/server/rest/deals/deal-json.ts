// The wire form of GET /v1/deals and GET /v1/deals/{id}, kept fast: each catalogue entry's Deal JSON
// is encoded once, as UTF-8 bytes in two parts around claimable_without_eligibility's value (the only
// field that depends on the caller), and a page is the concatenation of those bytes. Entries are immutable
// and replaced when their deal changes, so a WeakMap keyed by the entry is always current and lets a
// replaced entry's bytes go with it. Only entries that are actually served get encoded.
import { dealDtoOf, type CatalogEntry, type DealPage, type ListedDeal } from "@/server/services/deals";

type Encoded = { head: Buffer; tail: Buffer };
const encoded = new WeakMap<CatalogEntry, Encoded>();
// A number per entry object: a page's key names exactly the bytes it is made of, so its compressed
// copy (src/server/http/compress-response.ts) can be reused until one of its entries is replaced.
const serials = new WeakMap<CatalogEntry, number>();
let nextSerial = 1;

function serialOf(entry: CatalogEntry): number {
  let n = serials.get(entry);
  if (n === undefined) serials.set(entry, (n = nextSerial++));
  return n;
}

/** What one deal's bytes are made of (for its compressed copy). */
export function dealKey(item: ListedDeal): string {
  return `d:${serialOf(item.entry)}${item.claimable ? "t" : "f"}`;
}

/** What a page's bytes are made of (for its compressed copy). */
export function dealPageKey(page: DealPage): string {
  let key = "p:";
  for (const it of page.items) key += serialOf(it.entry) + (it.claimable ? "t" : "f");
  return `${key}:${page.hasMore}:${page.nextCursor ?? ""}`;
}

function encodedOf(entry: CatalogEntry): Encoded {
  let e = encoded.get(entry);
  if (!e) {
    // The key is the last one but two (only created_at and updated_at follow), and a key's quotes
    // never appear unescaped inside a string value: the last match is the field itself.
    const json = JSON.stringify(dealDtoOf(entry, false));
    const at = json.lastIndexOf(CLAIMABLE) + CLAIMABLE.length;
    const head = json.slice(0, at);
    const tail = json.slice(at + "false".length);
    encoded.set(entry, (e = { head: Buffer.from(head, "utf8"), tail: Buffer.from(tail, "utf8") }));
  }
  return e;
}

const CLAIMABLE = '"claimable_without_eligibility":';
const TRUE = Buffer.from("true");
const FALSE = Buffer.from("false");
const COMMA = Buffer.from(",");
const OPEN = Buffer.from('{"data":[');

function pushDeal(parts: Buffer[], item: ListedDeal) {
  const e = encodedOf(item.entry);
  parts.push(e.head, item.claimable ? TRUE : FALSE, e.tail);
}

/** One deal's JSON, byte for byte what JSON.stringify(dealDtoOf(entry, claimable)) gives. */
export function renderDeal(item: ListedDeal): Buffer {
  const parts: Buffer[] = [];
  pushDeal(parts, item);
  return Buffer.concat(parts);
}

/** A list page: `{"data":[…],"has_more":…,"next_cursor":…}`. */
export function renderDealPage(page: DealPage): Buffer {
  const parts: Buffer[] = [OPEN];
  page.items.forEach((it, n) => {
    if (n > 0) parts.push(COMMA);
    pushDeal(parts, it);
  });
  parts.push(Buffer.from('],"has_more":' + page.hasMore + ',"next_cursor":' + JSON.stringify(page.nextCursor) + "}"));
  return Buffer.concat(parts);
}
