// The super admin's catalogue export as the portal downloads it: the file's name, type and text
// (JSON, or CSV in the columns the import reads back). The service returns entries; the words and
// bytes of the file are this adapter's.
import { toCsv } from "@/lib/csv-formula";
import type { CatalogFileFormat } from "@/server/schemas/super-admin.schema";
import { CATALOG_CSV_COLUMNS } from "@/server/services/deals";

type CatalogExportFile = { filename: string; mimeType: string; content: string; count: number };

/** The download of these entries in `format`, named for `now`'s date. */
export function catalogExportFile(entries: readonly Record<string, unknown>[], format: CatalogFileFormat, now: Date): CatalogExportFile {
  const date = now.toISOString().slice(0, 10);
  return format === "csv"
    ? { filename: `servicepass-catalogue-${date}.csv`, mimeType: "text/csv", content: catalogEntriesToCsv(entries), count: entries.length }
    : { filename: `servicepass-catalogue-${date}.json`, mimeType: "application/json", content: `${JSON.stringify(entries, null, 2)}\n`, count: entries.length };
}

/** Catalogue entries (exportCatalog's) → CSV text with CATALOG_CSV_COLUMNS. */
export function catalogEntriesToCsv(entries: readonly Record<string, unknown>[]): string {
  const rows = entries.map((e) => {
    const redemption = (e.redemption ?? null) as Record<string, unknown> | null;
    return CATALOG_CSV_COLUMNS.map((column) => {
      if (column.startsWith("redemption.")) return cellText(redemption?.[column.slice("redemption.".length)]);
      const value = e[column];
      if (column === "categories") {
        const cats = (value ?? []) as { slug: string; name: string }[];
        return cats.some((c) => /[;|]/.test(c.name)) ? JSON.stringify(cats) : cats.map((c) => `${c.slug}|${c.name}`).join(";");
      }
      if (column === "visibility_rules") return Array.isArray(value) && value.length ? JSON.stringify(value) : "";
      if (Array.isArray(value)) return value.some((v) => String(v).includes(";")) ? JSON.stringify(value) : value.join(";");
      return cellText(value);
    });
  });
  return toCsv(CATALOG_CSV_COLUMNS, rows);
}

function cellText(v: unknown): string {
  return v === null || v === undefined ? "" : String(v);
}
