// The catalogue file formats of the super admin's import and export (pure: no database). Reading
// them is here; writing the CSV is the export adapter's (src/server/trpc/views/catalog-export.ts).
// JSON: an array of catalogue entries (catalog:import's format; `{ "data": [...] }` is accepted too).
// CSV: one row per deal, one column per catalogue entry field (docs/portal.md, "Super admin"):
//   - list fields (tags, badges, offer_types, eligibility_*, codes): values separated by ";", or a
//     JSON array in the cell;
//   - categories: "slug|Name" items separated by ";" (a bare item is a name, its slug derived), or JSON;
//   - visibility_rules: a JSON array of { rule_type, rule_value, priority };
//   - redemption: the columns redemption.method, redemption.instructions, redemption.promo_code,
//     redemption.redeem_url, redemption.contact_email;
//   - booleans: true/false (also yes/no, 1/0); an empty cell leaves the field out (its default).
// Cells that do not convert are passed on as text, so the import's schema names the problem.
import Papa from "papaparse";
import { unescapeCsvFormula } from "@/lib/csv-formula";
import { ELIGIBILITY_DIMENSIONS } from "@/server/domain/enums";
import { AppError } from "@/server/errors/app-error";
import type { CatalogFileFormat } from "@/server/schemas/super-admin.schema";
import { slugify } from "@/server/services/deals/partner-deals/deal-input";

const REDEMPTION_FIELDS = ["method", "instructions", "promo_code", "redeem_url", "contact_email"] as const;
const LIST_FIELDS = new Set(["tags", "badges", "offer_types", "codes", ...ELIGIBILITY_DIMENSIONS.map((d) => `eligibility_${d}`)]);
const BOOLEAN_FIELDS = new Set(["active", "hidden_globally", "api_excluded", "approval_required"]);
const NUMBER_FIELDS = new Set(["est_value", "attribution_window_days"]);

/** The CSV columns, in export order. */
export const CATALOG_CSV_COLUMNS = [
  "slug",
  "product_name",
  "short_description",
  "long_description",
  "perk_description",
  "logo_url",
  "product_url",
  "market_value",
  "est_value",
  "categories",
  "tier",
  "tags",
  "badges",
  "status",
  "start_date",
  "end_date",
  "active",
  "hidden_globally",
  "api_excluded",
  "verified_at",
  "attribution_window_days",
  ...REDEMPTION_FIELDS.map((f) => `redemption.${f}`),
  "eligibility_requirements",
  ...ELIGIBILITY_DIMENSIONS.map((d) => `eligibility_${d}`),
  "offer_types",
  "approval_required",
  "approval_time",
  "visibility_rules",
  "codes",
] as const;

/** File text → raw catalogue entries (validated afterwards by the import's own schema). */
export function parseCatalogFile(format: CatalogFileFormat, text: string): unknown[] {
  if (format === "json") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new AppError("file_invalid", `The file is not valid JSON: ${(err as Error).message}`, { param: "text" });
    }
    const list = Array.isArray(value) ? value : value && typeof value === "object" && Array.isArray((value as { data?: unknown }).data) ? (value as { data: unknown[] }).data : null;
    if (!list) throw new AppError("file_invalid", "The JSON file must hold an array of deals (or { \"data\": [...] })", { param: "text" });
    return list;
  }
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim(), transform: unescapeCsvFormula });
  const fatal = result.errors.find((e) => e.type === "Quotes" || e.type === "Delimiter");
  if (fatal) throw new AppError("file_invalid", `The CSV file cannot be read (row ${(fatal.row ?? 0) + 2}): ${fatal.message}`, { param: "text" });
  if (!result.meta.fields?.includes("slug")) throw new AppError("file_invalid", "The CSV file needs a header row with at least slug, product_name and short_description", { param: "text" });
  return result.data.map(csvRowToEntry);
}

export function csvRowToEntry(row: Record<string, string | undefined>): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  const redemption: Record<string, string> = {};
  for (const [column, rawCell] of Object.entries(row)) {
    if (column === "__parsed_extra") {
      entry.__extra_cells = rawCell; // more cells than headers: reported as an unknown parameter
      continue;
    }
    const cell = (rawCell ?? "").trim();
    if (cell === "") continue;
    if (column.startsWith("redemption.")) {
      redemption[column.slice("redemption.".length)] = cell;
    } else if (LIST_FIELDS.has(column)) {
      entry[column] = listCell(cell);
    } else if (column === "categories") {
      const list = cell.startsWith("[") ? jsonCell(cell) : cell.split(";").map((s) => s.trim()).filter(Boolean).map(categoryItem);
      entry.categories = list;
    } else if (column === "visibility_rules") {
      entry.visibility_rules = jsonCell(cell);
    } else if (BOOLEAN_FIELDS.has(column)) {
      entry[column] = booleanCell(cell);
    } else if (NUMBER_FIELDS.has(column)) {
      const n = Number(cell);
      entry[column] = Number.isFinite(n) ? n : cell;
    } else {
      entry[column] = cell;
    }
  }
  if (Object.keys(redemption).length) entry.redemption = redemption;
  return entry;
}

function listCell(cell: string): unknown {
  if (cell.startsWith("[")) return jsonCell(cell);
  return cell.split(";").map((s) => s.trim()).filter(Boolean);
}

function jsonCell(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return cell; // the schema reports "expected array"
  }
}

function booleanCell(cell: string): unknown {
  const v = cell.toLowerCase();
  if (v === "true" || v === "yes" || v === "1") return true;
  if (v === "false" || v === "no" || v === "0") return false;
  return cell;
}

function categoryItem(item: string): { slug: string; name: string } {
  const bar = item.indexOf("|");
  if (bar >= 0) return { slug: item.slice(0, bar).trim(), name: item.slice(bar + 1).trim() };
  return { slug: slugify(item), name: item };
}
