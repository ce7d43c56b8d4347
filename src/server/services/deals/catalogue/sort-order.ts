// The four orders of GET /v1/deals and their keyset cursors. Every order ends with the deal id, so
// it is total; a cursor holds the key of the last deal of a page and the next page starts strictly
// after it, which keeps pages stable while deals are added, changed or removed.
import type { DealSort } from "@/server/schemas/deal.schema";
import type { CatalogEntry } from "./catalog-entry";
import { isUuid } from "@/server/domain/ids";
import { decodeCursor, encodeCursor, invalidCursor } from "@/server/services/list-cursors";

type SortKey = readonly (string | number | null)[];

export function sortKeyOf(e: CatalogEntry, sort: DealSort): SortKey {
  switch (sort) {
    case "featured":
      return [e.featured ? 0 : 1, e.nameKey, e.id];
    case "name":
      return [e.nameKey, e.id];
    case "newest":
      return [e.createdAtMs, e.id];
    case "value":
      return [e.estValue, e.id];
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareKeys(sort: DealSort, a: SortKey, b: SortKey): number {
  switch (sort) {
    case "featured":
      return (a[0] as number) - (b[0] as number) || cmp(a[1] as string, b[1] as string) || cmp(a[2] as string, b[2] as string);
    case "name":
      return cmp(a[0] as string, b[0] as string) || cmp(a[1] as string, b[1] as string);
    case "newest": // created_at descending, then id ascending
      return (b[0] as number) - (a[0] as number) || cmp(a[1] as string, b[1] as string);
    case "value": {
      // est_value descending, nulls last, then id ascending
      const av = a[0] as number | null;
      const bv = b[0] as number | null;
      if (av === null && bv !== null) return 1;
      if (av !== null && bv === null) return -1;
      if (av !== null && bv !== null && av !== bv) return bv - av;
      return cmp(a[1] as string, b[1] as string);
    }
  }
}

/** Indexes of `entries` in the order of `sort`. */
export function sortedIndexes(entries: readonly CatalogEntry[], sort: DealSort): Int32Array {
  const keys = entries.map((e) => sortKeyOf(e, sort));
  const idx = Array.from({ length: entries.length }, (_, i) => i);
  idx.sort((i, j) => compareKeys(sort, keys[i], keys[j]));
  return Int32Array.from(idx);
}

/** First position in `order` whose entry sorts strictly after `after` (0 without a cursor). */
export function seek(entries: readonly CatalogEntry[], order: Int32Array, sort: DealSort, after: SortKey | null): number {
  if (!after) return 0;
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(sort, sortKeyOf(entries[order[mid]], sort), after) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function encodeDealCursor(sort: DealSort, key: SortKey): string {
  return encodeCursor({ s: sort, k: key });
}

export function decodeDealCursor(raw: string, sort: DealSort): SortKey {
  const invalid = invalidCursor;
  const value = decodeCursor(raw);
  if (!value || typeof value !== "object" || !Array.isArray((value as { k?: unknown }).k)) throw invalid();
  const { s, k } = value as { s: unknown; k: unknown[] };
  if (s !== sort) throw invalid(`cursor belongs to sort=${String(s)}; pass the same sort as the page it came from`);
  const isStr = (v: unknown) => typeof v === "string";
  const isNum = (v: unknown) => typeof v === "number" && Number.isFinite(v);
  const id = k[k.length - 1];
  if (!isUuid(id)) throw invalid();
  const ok =
    sort === "featured" ? k.length === 3 && (k[0] === 0 || k[0] === 1) && isStr(k[1])
    : sort === "name" ? k.length === 2 && isStr(k[0])
    : sort === "newest" ? k.length === 2 && isNum(k[0])
    : k.length === 2 && (k[0] === null || isNum(k[0]));
  if (!ok) throw invalid();
  return k as SortKey;
}
