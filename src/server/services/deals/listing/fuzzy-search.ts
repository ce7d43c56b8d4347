// Typo-tolerant search of the hosted app and widget (contract section 19) over product name, short,
// long and perk descriptions and category names. It runs on the cached catalogue entries (the list
// is served from memory, catalog-cache.ts), with pg_trgm's measure: the trigram similarity of each
// query word with the deal's words (docs/decisions/deal-search.md has the measurement and why not
// a pg_trgm query). A deal matches when every query word is found: as a prefix or part of one of its
// words, or, for words of 3+ letters, a word with trigram similarity >= SIMILARITY, or (4+ letters) one
// edit from the start of a product-name word. Best matches rank first: product name above descriptions
// and categories, then the quality of the match (matchDeals' score).
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

/**
 * Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one substring)
 * between `q` and the best prefix of `w` of length |q|-1..|q|+1, stopping past `max`: "clod" is one
 * edit from "clou…" (Cloudflare). Used on product-name words only, to rank and find brand typos.
 */
function prefixDistance(q: string, w: string, max: number): number {
  const n = q.length;
  const m = Math.min(w.length, n + 1);
  if (m < n - 1) return max + 1;
  // rows[i][j]: distance between q[0..i) and w[0..j)
  let prev2: number[] = [];
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = q[i - 1] === w[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && q[i - 1] === w[j - 2] && q[i - 2] === w[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  let best = max + 1;
  for (let j = Math.max(0, n - 1); j <= m; j++) if (prev[j] < best) best = prev[j];
  return best;
}

type WordIndex = {
  words: Map<string, number[]>;
  /** per entry: the words of its product name (a match there ranks above descriptions and categories) */
  nameWords: Set<string>[];
  /** every product-name word, for the brand-typo check (prefixDistance) */
  names: Map<string, number[]>;
  trigramsOf: Map<string, Set<string>>;
};

// One index per entry array (a catalogue snapshot or a partner's own deals): entries never change in
// place, a reload makes a new array, so the index is as fresh as the list it searches.
const indexes = new WeakMap<readonly CatalogEntry[], WordIndex>();

function indexOf(entries: readonly CatalogEntry[]): WordIndex {
  let index = indexes.get(entries);
  if (index) return index;
  const words = new Map<string, number[]>();
  const names = new Map<string, number[]>();
  const nameWords: Set<string>[] = [];
  entries.forEach((e, i) => {
    const d = e.dto;
    const own = new Set(searchWords(d.product_name));
    nameWords.push(own);
    for (const w of own) {
      const list = names.get(w);
      if (list) list.push(i);
      else names.set(w, [i]);
    }
    const text = [d.product_name, d.short_description, d.long_description, d.perk_description ?? "", ...d.categories.map((c) => c.name)].join(" ");
    for (const w of new Set(searchWords(text))) {
      const list = words.get(w);
      if (list) list.push(i);
      else words.set(w, [i]);
    }
  });
  index = { words, names, nameWords, trigramsOf: new Map() };
  indexes.set(entries, index);
  return index;
}

/**
 * How well a deal word answers a query word, 0 (no match) to 1: the same word 1, a prefix 0.9, part
 * of the word 0.8, else the trigram similarity when >= SIMILARITY (rounded to a tenth, so that
 * near-equal matches keep the list's own order between them).
 */
function wordQuality(index: WordIndex, q: string, qGrams: Set<string> | null, word: string): number {
  if (word === q) return 1;
  if (word.startsWith(q)) return 0.9;
  if (word.includes(q)) return 0.8;
  if (!qGrams || Math.abs(word.length - q.length) > Math.max(2, q.length >> 1)) return 0;
  let grams = index.trigramsOf.get(word);
  if (!grams) index.trigramsOf.set(word, (grams = trigrams(word)));
  const s = similarity(qGrams, grams);
  return s >= SIMILARITY ? Math.round(s * 10) / 10 : 0;
}

/**
 * Entries of one query word with their score: a product-name word scores 1 + its quality (so any
 * name match ranks above any match in descriptions or categories, which score their quality).
 */
function entriesOfWord(index: WordIndex, q: string): Map<number, number> {
  const hits = new Map<number, number>();
  const qGrams = q.length >= 3 ? trigrams(q) : null;
  for (const [word, list] of index.words) {
    const quality = wordQuality(index, q, qGrams, word);
    if (quality === 0) continue;
    for (const i of list) {
      const score = index.nameWords[i].has(word) ? 1 + quality : quality;
      if (score > (hits.get(i) ?? 0)) hits.set(i, score);
    }
  }
  // A brand typo in the product name ("clod" → Cloudflare): one edit from the start of a name word
  // (two for 7+ letters), where trigrams of a short word are too few to tell.
  if (q.length >= 4) {
    const max = q.length >= 7 ? 2 : 1;
    for (const [word, list] of index.names) {
      const d = prefixDistance(q, word, max);
      if (d > max) continue;
      const score = 1 + Math.max(0.3, 0.7 - d / q.length);
      for (const i of list) if (score > (hits.get(i) ?? 0)) hits.set(i, score);
    }
  }
  return hits;
}

/**
 * The ids of `entries` that match the query (every word, typo-tolerant) with their score, higher is
 * better (the sum over the query's words); null: no query (all match).
 */
export function matchDeals(entries: readonly CatalogEntry[], query: string): Map<string, number> | null {
  const words = [...new Set(searchWords(query))].slice(0, 8);
  if (words.length === 0) return null;
  const index = indexOf(entries);
  let found = entriesOfWord(index, words[0]);
  for (const w of words.slice(1)) {
    if (found.size === 0) break;
    const hits = entriesOfWord(index, w);
    const both = new Map<number, number>();
    for (const [i, score] of found) {
      const more = hits.get(i);
      if (more !== undefined) both.set(i, score + more);
    }
    found = both;
  }
  return new Map([...found].map(([i, score]) => [entries[i].id, score]));
}
