// CSV import, the pure part: reading the file (a quote that never closes refuses it, naming the
// line), which field a column holds (guessed from its header), a row as a POST /v1/users body, and
// its validation with userCreateSchema (the batch service validates each entry with the same schema
// again; rows that fail here are never sent).
import Papa from "papaparse";
import { userCreateSchema } from "@/server/schemas/user.schema";
import { issuePath } from "@/server/errors/zod-error";
import { splitList } from "../../_components/member-values";
import { plainErrorMap, sentenceOf } from "@/server/domain/plain-messages";

export type TargetField = { key: string; label: string; list?: boolean; aliases: string[] };

export const TARGET_FIELDS: TargetField[] = [
  { key: "email", label: "Email", aliases: ["email", "e-mail", "mail", "email address", "emailaddress"] },
  { key: "external_user_id", label: "External user ID", aliases: ["external_user_id", "external id", "external user id", "externalid", "user id", "userid", "customer id", "crm id"] },
  { key: "idp_uid", label: "Identity provider UID", aliases: ["idp_uid", "idp uid", "idp", "idpuid", "sso id"] },
  { key: "locale", label: "Language (BCP 47, e.g. fr, pt-BR)", aliases: ["locale", "language", "lang", "language code", "preferred language"] },
  { key: "tier", label: "Tier", aliases: ["tier", "plan", "user tier"] },
  { key: "user_types", label: "User types", list: true, aliases: ["user_types", "user types", "user type", "types"] },
  { key: "regions", label: "Regions", list: true, aliases: ["regions", "region"] },
  { key: "eligibility.customer_type", label: "Customer type", list: true, aliases: ["customer_type", "customer type", "eligibility_customer_type"] },
  { key: "eligibility.company_stage", label: "Company stage", list: true, aliases: ["company_stage", "company stage", "stage", "eligibility_company_stage"] },
  { key: "eligibility.company_size", label: "Company size", list: true, aliases: ["company_size", "company size", "size", "employees", "eligibility_company_size"] },
  { key: "eligibility.business_type", label: "Business type", list: true, aliases: ["business_type", "business type", "eligibility_business_type"] },
  { key: "eligibility.geography", label: "Geography (country codes)", list: true, aliases: ["geography", "country", "countries", "country code", "eligibility_geography"] },
  { key: "eligibility.incorporation", label: "Incorporation", list: true, aliases: ["incorporation", "eligibility_incorporation"] },
  { key: "eligibility.funding", label: "Funding", list: true, aliases: ["funding", "eligibility_funding"] },
];

/** target field key → CSV column header (absent: not imported). */
export type Mapping = Record<string, string | undefined>;

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Each field gets the first column whose header names it (case, spaces and punctuation ignored). */
export function guessMapping(headers: string[]): Mapping {
  const mapping: Mapping = {};
  const used = new Set<string>();
  for (const field of TARGET_FIELDS) {
    const names = new Set(field.aliases.map(norm));
    const column = headers.find((h) => !used.has(h) && names.has(norm(h)));
    if (column) {
      mapping[field.key] = column;
      used.add(column);
    }
  }
  return mapping;
}

/** The POST /v1/users body of one CSV row: empty cells are left out (the API's defaults apply). */
export function rowToInput(row: Record<string, string | undefined>, mapping: Mapping): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const eligibility: Record<string, unknown> = {};
  for (const field of TARGET_FIELDS) {
    const column = mapping[field.key];
    if (!column) continue;
    const raw = (row[column] ?? "").trim();
    if (!raw) continue;
    const value = field.list ? splitList(raw) : raw;
    if (field.key.startsWith("eligibility.")) eligibility[field.key.slice("eligibility.".length)] = value;
    else out[field.key] = value;
  }
  if (Object.keys(eligibility).length) out.eligibility = eligibility;
  return out;
}

export type RowProblem = { row: number; email: string; field: string; message: string };

/** Row numbers as a spreadsheet shows them: the header is row 1, the first data row is row 2. */
export const rowNumberOf = (dataIndex: number) => dataIndex + 2;

export function validateRows(rows: Record<string, string | undefined>[], mapping: Mapping) {
  const valid: { dataIndex: number; input: Record<string, unknown> }[] = [];
  const problems: RowProblem[] = [];
  rows.forEach((row, dataIndex) => {
    const input = rowToInput(row, mapping);
    // Plain words for people fixing a spreadsheet (the schema's own messages are kept).
    const parsed = userCreateSchema.safeParse(input, { error: plainErrorMap });
    if (parsed.success) valid.push({ dataIndex, input });
    else {
      const issue = parsed.error.issues[0];
      const field = issuePath(issue.path as PropertyKey[]) || "row";
      problems.push({ row: rowNumberOf(dataIndex), email: String(input.email ?? ""), field, message: sentenceOf(issue.path as PropertyKey[], issue.message) });
    }
  });
  return { valid, problems };
}

export type Parsed = { fileName: string; headers: string[]; rows: Record<string, string | undefined>[] };

const MAX_ROWS = 100_000;
const LINE_BREAK = /\r\n|\n|\r/;

/** The file as the wizard reads it: its rows under the header, or why it cannot be imported. */
export async function readMembersCsv(file: File): Promise<{ ok: true; parsed: Parsed } | { ok: false; error: string }> {
  let text: string;
  try {
    text = await file.text();
  } catch (err) {
    return { ok: false, error: `The file could not be read: ${(err as Error).message}` };
  }
  return parseMembersCsv(file.name, text.replace(/^\ufeff/, ""));
}

function parseMembersCsv(fileName: string, text: string): { ok: true; parsed: Parsed } | { ok: false; error: string } {
  const result = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
  // A quote that never closes (MissingQuotes) swallows every line after it into one cell, and a stray
  // quote in a quoted cell (InvalidQuotes) shifts the cells: either way rows would be lost or wrong,
  // silently. Papaparse's row number counts records, not lines: the line comes from the error's offset.
  const quote = result.errors.filter((e) => e.type === "Quotes" && typeof e.index === "number").sort((a, b) => (a.index ?? 0) - (b.index ?? 0))[0];
  if (quote) return { ok: false, error: quoteProblem(fileName, text, quote.code, quote.index ?? 0) };
  const headers = (result.meta.fields ?? []).filter(Boolean);
  if (!headers.length || !result.data.length) {
    return { ok: false, error: "The file has no rows under a header row. The first row must name the columns (for example: email, external_user_id, tier)." };
  }
  if (result.data.length > MAX_ROWS) {
    return { ok: false, error: `The file has ${result.data.length.toLocaleString("en")} rows; import at most ${MAX_ROWS.toLocaleString("en")} at a time.` };
  }
  return { ok: true, parsed: { fileName, headers, rows: result.data } };
}

function quoteProblem(fileName: string, text: string, code: string, index: number): string {
  const lines = text.split(LINE_BREAK);
  // The quote the error is about: the last one at or before papaparse's offset.
  const at = text.lastIndexOf('"', Math.min(index, text.length - 1));
  const lineIndex = text.slice(0, Math.max(at, 0)).split(LINE_BREAK).length - 1;
  const shown = lines[lineIndex].length > 80 ? `${lines[lineIndex].slice(0, 77)}…` : lines[lineIndex];
  const rows = lines.slice(1).filter((l) => l.trim() !== "").length;
  const where = `Line ${lineIndex + 1} (${shown})`;
  const count = `${fileName} has ${rows.toLocaleString("en")} ${rows === 1 ? "row" : "rows"} under its header`;
  if (code === "MissingQuotes") {
    return `${where} opens a quote (") that is never closed, so every line after it would be read into one cell. ${count}: close the quote or remove it, save the file and choose it again.`;
  }
  return `${where} has a quote (") inside a quoted cell that does not end the cell. ${count}: write a quote inside a quoted cell as two quotes (""), or remove it, then choose the file again.`;
}
