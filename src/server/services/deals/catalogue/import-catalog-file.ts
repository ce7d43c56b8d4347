// Super admin → Catalogue → Import: a JSON or CSV file checked row by row with catalog:import's own
// validation (preview), then its valid rows imported by catalog:import itself (importCatalog), so
// the browser and the CLI cannot disagree. Rows with problems are skipped and listed; the import of
// the valid ones is still all or nothing.
import { db } from "@/server/db/client";
import { AppError, type FieldError } from "@/server/errors/app-error";
import type { CatalogFileFormat } from "@/server/schemas/super-admin.schema";
import type { AdminActor } from "@/server/scope";
import { requireSuperAdmin } from "@/server/services/admins";
import { checkCatalogEntries, importCatalog } from "./import-catalog";
import { parseCatalogFile } from "./catalog-csv";

type ImportRowResult = {
  /** 0-based entry index; CSV line = index + 2 (after the header) */
  index: number;
  slug: string | null;
  product_name: string | null;
  /** what importing would do: create a new deal, update the deal with this slug, or nothing (errors) */
  action: "create" | "update" | null;
  errors: { param: string; message: string }[];
};

export async function previewCatalogImport(actor: AdminActor, format: CatalogFileFormat, text: string) {
  requireSuperAdmin(actor, "import the servicepass catalogue");
  const entries = parseCatalogFile(format, text);
  return checkRows(entries);
}

export async function importCatalogFile(actor: AdminActor, format: CatalogFileFormat, text: string, actorEmail?: string | null) {
  requireSuperAdmin(actor, "import the servicepass catalogue");
  const entries = parseCatalogFile(format, text);
  const { rows } = await checkRows(entries);
  const validIndexes = rows.filter((r) => r.errors.length === 0).map((r) => r.index);
  if (!validIndexes.length) throw new AppError("catalog_import_empty", "No row of the file can be imported: fix the listed errors and try again", { param: "text" });
  const result = await importCatalog(actor, validIndexes.map((i) => entries[i]), { actorEmail });
  return {
    created: result.created,
    updated: result.updated,
    skipped: rows.filter((r) => r.errors.length > 0),
  };
}

async function checkRows(entries: unknown[]) {
  const { parsed, errors } = await checkCatalogEntries(entries);
  const byIndex = new Map<number, FieldError[]>();
  for (const e of errors) {
    const i = Number(/^\[(\d+)\]/.exec(e.param)?.[1] ?? -1);
    if (!byIndex.has(i)) byIndex.set(i, []);
    byIndex.get(i)!.push({ param: e.param.replace(/^\[\d+\]\.?/, ""), message: e.message.replace(/^\[\d+\]\.?/, "").replace(/^: /, "") });
  }
  const slugs = parsed.filter(Boolean).map((e) => e.slug);
  const existing = new Set(
    slugs.length ? (await db.deal.findMany({ where: { dealType: "servicepass", slug: { in: slugs } }, select: { slug: true } })).map((d) => d.slug) : [],
  );
  const rows: ImportRowResult[] = entries.map((raw, index) => {
    const rowErrors = byIndex.get(index) ?? [];
    const r = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
    const ok = rowErrors.length === 0 && parsed[index] !== undefined;
    return {
      index,
      slug: typeof r.slug === "string" ? r.slug : null,
      product_name: typeof r.product_name === "string" ? r.product_name : null,
      action: ok ? (existing.has(parsed[index].slug) ? "update" : "create") : null,
      errors: rowErrors,
    };
  });
  // Errors not tied to a row (none today) still block nothing silently: report them on row -1.
  const general = byIndex.get(-1);
  return { rows, total: entries.length, valid: rows.filter((r) => r.action).length, invalid: rows.filter((r) => !r.action).length, general: general ?? [] };
}
