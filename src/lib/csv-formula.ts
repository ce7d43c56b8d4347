// Spreadsheet apps run a cell that starts with =, +, -, @, a tab or a carriage return as a formula
// (CSV injection, OWASP). Every CSV we write goes through toCsv, which has papaparse escape such a cell
// (its `escapeFormulae` option): a leading apostrophe, which spreadsheets show as text and do not
// display, and the cell quoted.
import Papa from "papaparse";

// papaparse's own pattern for `escapeFormulae: true` is /^[=+\-@\t\r].*$/, which misses a cell with a
// line break after its formula ("=1+1\n…"); given as a RegExp, the test is the first character only.
const FORMULA_START = /^[=+\-@\t\r]/;

/** The reverse, for files we read back (a catalogue export re-imported): drops that apostrophe. */
export function unescapeCsvFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/**
 * Rows → CSV text: papaparse, CRLF line ends, formula-like cells escaped as above. The one writer behind
 * every CSV the portal offers (members, activity, catalogue, code pool, analytics, import problems).
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return Papa.unparse({ fields: [...columns], data: rows.map((r) => r.map((cell) => cell ?? "")) }, { newline: "\r\n", escapeFormulae: FORMULA_START });
}
