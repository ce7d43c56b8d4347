// SCIM filter text (RFC 7644 3.4.2.2) → scim2-parse-filter's tree, for GET /Users?filter= and for a
// PATCH path's value filter (emails[type eq "work"]). Bounded before the library sees it: a length,
// and a nesting depth (the library parses recursively, and Prisma refuses a `where` nested past its
// JSON recursion limit with a 500). Quoted values are put in the form the library reads correctly.
import { parse as parseFilter, type Filter } from "scim2-parse-filter";
import type { AppError } from "@/server/errors/app-error";
import { isStorableText } from "@/server/schemas/storable-text";

export const MAX_FILTER_LENGTH = 2048;
/** Levels of parentheses, value brackets, not, and/or: far past any directory's filter. */
const MAX_FILTER_DEPTH = 32;

type Refusal = (detail: string) => AppError;

const TOO_DEEP = `is nested more than ${MAX_FILTER_DEPTH} levels deep (parentheses, brackets, not, and, or)`;

/** The filter's tree, or `refuse(detail)` thrown (invalidFilter for a query, invalidPath in a PATCH path). */
export function parseFilterText(raw: string, refuse: Refusal, what = "The filter"): Filter {
  if (raw.length > MAX_FILTER_LENGTH) throw refuse(`${what} is longer than ${MAX_FILTER_LENGTH} characters`);
  if (!isStorableText(raw)) throw refuse(`${what} must not contain NUL characters or unpaired surrogates`);
  if (nestingOf(raw) > MAX_FILTER_DEPTH) throw refuse(`${what} ${TOO_DEEP}`);
  let tree: Filter;
  try {
    tree = parseFilter(libraryForm(raw));
  } catch (err) {
    throw refuse(`${what} cannot be read: ${(err as Error).message}`);
  }
  if (treeDepth(tree) > MAX_FILTER_DEPTH) throw refuse(`${what} ${TOO_DEEP}`);
  return tree;
}

const QUOTED_OR_LITERAL = /"(?:[^"\\]|\\.)*"|\b(true|false|null)\b/gi;

/**
 * The text as scim2-parse-filter reads it right. Outside quoted strings, true/false/null in lower case
 * (directories write "True"; the parser takes only lower-case literals). Inside them, an escaped
 * backslash as \u005c: the library doubles every backslash not followed by a quote, so `"a\\"` would
 * end in an escaped quote and never close (directory-filter.ts decodes \u005c back to a backslash).
 */
function libraryForm(filter: string): string {
  return filter.replace(QUOTED_OR_LITERAL, (token, word: string | undefined) => (word ? word.toLowerCase() : token.replace(/\\([\s\S])/g, (e, c: string) => (c === "\\" ? "\\u005c" : e))));
}

const TOKEN = /\s+|"(?:[^"\\]|\\.)*"|[()[\]]|[^\s()[\]"]+|"/y;

/**
 * How deep the parser would recurse, read without recursing: each open parenthesis or bracket is a
 * level (but `not (` is one), and so is each `not` until an and/or at its level ends its operand.
 */
function nestingOf(filter: string): number {
  const levels = [{ weight: 0, nots: 0 }];
  let depth = 0;
  let max = 0;
  let afterNot = false;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(filter); m; m = TOKEN.exec(filter)) {
    const token = m[0];
    const top = levels[levels.length - 1];
    if (token === "(" || token === "[") {
      levels.push({ weight: afterNot ? 0 : 1, nots: 0 });
      depth += afterNot ? 0 : 1;
    } else if ((token === ")" || token === "]") && levels.length > 1) {
      const closed = levels.pop()!;
      depth -= closed.weight + closed.nots;
    } else if (/^not$/i.test(token)) {
      top.nots += 1;
      depth += 1;
    } else if (/^(and|or)$/i.test(token)) {
      depth -= top.nots;
      top.nots = 0;
    }
    if (!/^\s+$/.test(token)) afterNot = /^not$/i.test(token);
    max = Math.max(max, depth);
  }
  return max;
}

/** Logical levels (and, or, not, value filters) of a parsed filter, walked without recursion. */
function treeDepth(tree: Filter): number {
  let max = 0;
  const stack: Array<[Filter, number]> = [[tree, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [f, depth] = next;
    max = Math.max(max, depth);
    if ("filters" in f) for (const part of f.filters) stack.push([part, depth + 1]);
    else if (f.op === "not") stack.push([f.filter, depth + 1]);
    else if (f.op === "[]") stack.push([f.valFilter, depth + 1]);
  }
  return max;
}
