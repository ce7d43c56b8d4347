// Spreadsheet apps run a cell that starts with =, +, -, @, a tab or a carriage return as a formula
// (CSV injection, OWASP). Every CSV we write passes its text cells through this: such a cell gets a
// leading apostrophe, which spreadsheets show as text and do not display.
import Papa from "papaparse";
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCsvFormula<T>(value: T): T | string {
  return typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : value;
}

/** The reverse, for files we read back (a catalogue export re-imported): drops that apostrophe. */
export function unescapeCsvFormula(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * Rows → CSV text: papaparse, CRLF line ends, every cell escaped as above. The one writer behind every
 * CSV the portal offers (members, activity, catalogue, code pool, analytics, import problems).
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return Papa.unparse({ fields: [...columns], data: rows.map((r) => r.map((cell) => escapeCsvFormula(cell ?? ""))) }, { newline: "\r\n" });
}
