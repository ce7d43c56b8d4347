// CSV import, the pure part: which field a column holds (guessed from its header), a row as a
// POST /v1/users body, and its validation with userCreateSchema (the batch service validates
// each entry with the same schema again; rows that fail here are never sent).
import { userCreateSchema } from "@/server/schemas/user.schema";
import { issuePath } from "@/server/errors/zod-error";
import { splitList } from "../../_components/member-values";
import { plainErrorMap, sentenceOf } from "@/lib/plain-messages";

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
