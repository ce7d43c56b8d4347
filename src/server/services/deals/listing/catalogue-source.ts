// Every deal a partner's catalogue page shows, with the engine's explanation of each: the /v1
// cache's partner view (listable deals, shared with GET /v1/deals) plus the deals it leaves out
// (inactive or globally hidden servicepass deals, the partner's own drafts), loaded once per
// catalogue version with the same loader. Servicepass drafts are unpublished operator work and
// never shown to partners. Explanations are memoized per view, so a page request only filters.
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { explainDeal, type DealExplanation, type DealListingFacts } from "@/server/domain/visibility";
import type { DealDto } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { getPartnerView, type PartnerView } from "@/server/services/deals/catalogue/catalog-cache";
import { buildCatalogEntry, dealDtoOf, isWithinDates, todayUtc, type CatalogEntry } from "@/server/services/deals/catalogue/catalog-entry";
import { readCatalogVersions } from "@/server/services/deals/catalogue/catalog-versions";
import { LISTABLE_SQL, loadCatalogDeals } from "@/server/services/deals/catalogue/load-catalog-deals";

export type CatalogueDeal = {
  entry: CatalogEntry;
  dto: DealDto;
  facts: DealListingFacts;
  explanation: DealExplanation;
  /** Listed by the hosted app and widget: the engine's answer for the hosted channel (an API-excluded deal is). */
  shownToMembers: boolean;
  own: boolean;
  /** The partner hid this shared deal from its members. */
  hiddenByPartner: boolean;
};

type PartnerCatalogue = { view: PartnerView; deals: CatalogueDeal[]; byId: Map<string, CatalogueDeal>; categories: { slug: string; name: string }[] };

type Extras = { shared: bigint; partner: bigint; entries: { entry: CatalogEntry; active: boolean; hiddenGlobally: boolean }[] };

const TX = { isolationLevel: "RepeatableRead", timeout: 60_000, maxWait: 30_000 } as const;
const MAX_PARTNERS = 500;
const extrasCache = new Map<string, Extras>();
const catalogues = new WeakMap<PartnerView, { extras: Extras; day: string; catalogue: PartnerCatalogue }>();
const dtos = new WeakMap<CatalogEntry, DealDto>();

function dtoOf(entry: CatalogEntry): DealDto {
  let dto = dtos.get(entry);
  if (!dto) dtos.set(entry, (dto = dealDtoOf(entry, false)));
  return dto;
}

async function loadExtras(scope: PartnerScope): Promise<Extras> {
  const key = `${scope.partnerId}:${scope.environment}`;
  const want = await readCatalogVersions(scope.partnerId);
  const cached = extrasCache.get(key);
  if (cached && cached.shared >= want.shared && cached.partner >= want.partner) return cached;
  const loaded = await db.$transaction(async (tx) => {
    const versions = await tx.catalogVersion.findMany({ where: { key: { in: ["shared", scope.partnerId] } }, select: { key: true, version: true } });
    const rows = await loadCatalogDeals(
      tx,
      Prisma.sql`NOT (${LISTABLE_SQL}) AND (
        (d.deal_type = 'servicepass' AND d.status <> 'draft') OR
        (d.deal_type = 'partner_private' AND d.owner_partner_id = ${scope.partnerId}::uuid AND d.environment = ${scope.environment}::"Environment"))`,
    );
    const v = new Map(versions.map((r) => [r.key, r.version]));
    return { shared: v.get("shared") ?? 0n, partner: v.get(scope.partnerId) ?? 0n, rows };
  }, TX);
  const extras: Extras = {
    shared: loaded.shared,
    partner: loaded.partner,
    entries: loaded.rows.map(({ deal }) => ({ entry: buildCatalogEntry(deal), active: deal.active, hiddenGlobally: deal.hiddenGlobally })),
  };
  extrasCache.delete(key);
  extrasCache.set(key, extras);
  if (extrasCache.size > MAX_PARTNERS) extrasCache.delete(extrasCache.keys().next().value!);
  return extras;
}

function listingFacts(entry: CatalogEntry, active: boolean, hiddenGlobally: boolean, today: string): DealListingFacts {
  return {
    ...entry.facts,
    active,
    hidden_globally: hiddenGlobally,
    api_excluded: entry.apiExcluded,
    end_date: entry.endDate,
    ended: !isWithinDates(entry, today),
  };
}

/** The partner's whole catalogue, explained, at least as fresh as the database when the call began. */
export async function getPartnerCatalogue(scope: PartnerScope): Promise<PartnerCatalogue> {
  const [view, extras] = await Promise.all([getPartnerView(scope), loadExtras(scope)]);
  const today = todayUtc();
  const memo = catalogues.get(view);
  if (memo && memo.extras === extras && memo.day === today) return memo.catalogue;

  const deals: CatalogueDeal[] = [];
  const add = (entry: CatalogEntry, active: boolean, hidden: boolean, own: boolean) => {
    const facts = listingFacts(entry, active, hidden, today);
    const hiddenByPartner = view.hidden.has(entry.id);
    const explanation = explainDeal(facts, view.partner, { hiddenByPartner });
    // Only api_excluded differs between the channels: ask the engine again only then.
    const shownToMembers = facts.api_excluded ? explainDeal(facts, view.partner, { hiddenByPartner, channel: "hosted" }).visible : explanation.visible;
    deals.push({ entry, dto: dtoOf(entry), facts, explanation, shownToMembers, own, hiddenByPartner });
  };
  // Shared entries are listable (active, not hidden globally); the partner dimension may still hide them.
  for (const entry of view.shared.entries) add(entry, true, false, false);
  for (const entry of view.own.entries) add(entry, true, false, true);
  for (const x of extras.entries) add(x.entry, x.active, x.hiddenGlobally, x.entry.dealType === "partner_private");
  deals.sort((a, b) => (a.entry.nameKey < b.entry.nameKey ? -1 : a.entry.nameKey > b.entry.nameKey ? 1 : a.entry.id < b.entry.id ? -1 : 1));

  const categories = new Map<string, string>();
  for (const d of deals) for (const c of d.dto.categories) categories.set(c.slug, c.name);
  const catalogue: PartnerCatalogue = {
    view,
    deals,
    byId: new Map(deals.map((d) => [d.entry.id, d])),
    categories: [...categories].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
  catalogues.set(view, { extras, day: today, catalogue });
  return catalogue;
}
