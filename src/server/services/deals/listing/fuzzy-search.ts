// Typo-tolerant search of the hosted app and widget (contract section 19) over product name, short,
// long and perk descriptions and category names. It runs on the cached catalogue entries (the list
// is served from memory, catalog-cache.ts), with pg_trgm's measure: the trigram similarity of each
// query word with the deal's words (docs/decisions/deal-search.md has the measurement and why not
// a pg_trgm query). A deal matches when every query word is found: as a prefix or part of one of its
// words, or, for words of 3+ letters, a word with trigram similarity >= SIMILARITY.
import type { CatalogEntry } from "./deal-source";

/** pg_trgm's default `similarity_threshold`: one typo or swapped pair of letters in a word of 5+ letters still matches. */
const SIMILARITY = 0.3;

/** Lower case, accents off, split on anything but letters and digits. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** pg_trgm's trigrams of one word: two spaces before, one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

type WordIndex = { words: Map<string, number[]>; trigramsOf: Map<string, Set<string>> };

// One index per entry array (a catalogue snapshot or a partner's own deals): entries never change in
// place, a reload makes a new array, so the index is as fresh as the list it searches.
const indexes = new WeakMap<readonly CatalogEntry[], WordIndex>();

function indexOf(entries: readonly CatalogEntry[]): WordIndex {
  let index = indexes.get(entries);
  if (index) return index;
  const words = new Map<string, number[]>();
  entries.forEach((e, i) => {
    const d = e.dto;
    const text = [d.product_name, d.short_description, d.long_description, d.perk_description ?? "", ...d.categories.map((c) => c.name)].join(" ");
    for (const w of new Set(searchWords(text))) {
      const list = words.get(w);
      if (list) list.push(i);
      else words.set(w, [i]);
    }
  });
  index = { words, trigramsOf: new Map() };
  indexes.set(entries, index);
  return index;
}

/** Entries of one query word: exact/prefix/infix hits, then trigram neighbours. */
function entriesOfWord(index: WordIndex, q: string): Set<number> {
  const hits = new Set<number>();
  const qGrams = q.length >= 3 ? trigrams(q) : null;
  for (const [word, list] of index.words) {
    let match = word.includes(q);
    if (!match && qGrams && Math.abs(word.length - q.length) <= Math.max(2, q.length >> 1)) {
      let grams = index.trigramsOf.get(word);
      if (!grams) index.trigramsOf.set(word, (grams = trigrams(word)));
      match = similarity(qGrams, grams) >= SIMILARITY;
    }
    if (match) for (const i of list) hits.add(i);
  }
  return hits;
}

/** The ids of `entries` that match the query (every word, typo-tolerant); null: no query (all match). */
export function matchDeals(entries: readonly CatalogEntry[], query: string): Set<string> | null {
  const words = [...new Set(searchWords(query))].slice(0, 8);
  if (words.length === 0) return null;
  const index = indexOf(entries);
  let found = entriesOfWord(index, words[0]);
  for (const w of words.slice(1)) {
    if (found.size === 0) break;
    const hits = entriesOfWord(index, w);
    found = new Set([...found].filter((i) => hits.has(i)));
  }
  return new Set([...found].map((i) => entries[i].id));
}
