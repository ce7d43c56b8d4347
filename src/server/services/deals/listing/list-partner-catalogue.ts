// The portal's /deals page: every deal the partner's members can meet plus the hidden ones, each
// with visible/hidden, claimable and the reasons in words. Filters and pages the memoized,
// explained catalogue (catalogue-source.ts): no per-request database work beyond the version check.
import type { CatalogueListInput, CatalogueListOutput, CatalogueRow } from "@/server/schemas/portal-deals.schema";
import type { PartnerScope } from "@/server/scope";
import { getPartnerCatalogue, type CatalogueDeal } from "./catalogue-source";
import { dealGates } from "./deal-gates";
import { reasonView } from "./reason-view";

export function catalogueRow(d: CatalogueDeal): CatalogueRow {
  const e = d.explanation;
  return {
    id: d.entry.id,
    product_name: d.dto.product_name,
    short_description: d.dto.short_description,
    logo_url: d.dto.logo_url,
    deal_type: d.dto.deal_type,
    status: d.dto.status,
    tier: d.dto.tier,
    categories: d.dto.categories.map((c) => ({ slug: c.slug, name: c.name })),
    visible: e.visible,
    shown_to_members: d.shownToMembers,
    hidden_by_you: d.hiddenByPartner,
    hidden_by: e.hidden_by.map((r) => reasonView(r, "a member")),
    claimable: e.claimable,
    not_claimable_because: e.not_claimable_because.map((r) => reasonView(r, "a default member")),
    available_regions: e.available_regions ?? null,
    gates: dealGates(d.facts, e.available_regions),
  };
}

export async function listPartnerCatalogue(scope: PartnerScope, input: CatalogueListInput): Promise<CatalogueListOutput> {
  const catalogue = await getPartnerCatalogue(scope);
  const q = input.q?.trim().toLowerCase() || null;
  const matches = (d: CatalogueDeal) =>
    (q === null || d.entry.search.includes(q)) &&
    (input.category === undefined || d.entry.categorySlugs.includes(input.category)) &&
    (input.status === undefined || d.entry.status === input.status) &&
    (input.deal_type === undefined || d.entry.dealType === input.deal_type);
  // visible/hidden count every match; total and the page follow the visibility filter too.
  const counts = { total: 0, visible: 0, hidden: 0 };
  const start = (input.page - 1) * input.page_size;
  const rows: CatalogueRow[] = [];
  for (const d of catalogue.deals) {
    if (!matches(d)) continue;
    if (d.explanation.visible) counts.visible++;
    else counts.hidden++;
    if (input.visibility !== "all" && (input.visibility === "visible") !== d.explanation.visible) continue;
    if (counts.total >= start && rows.length < input.page_size) rows.push(catalogueRow(d));
    counts.total++;
  }
  return { rows, ...counts, page: input.page, page_size: input.page_size, categories: catalogue.categories };
}
