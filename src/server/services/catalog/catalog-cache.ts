// The GET /v1/deals cache (docs/decisions/deals-cache.md).
//
// - Shared catalogue: every listable servicepass deal, loaded once per "shared" version, with its
//   JSON text and sort orders precomputed.
// - Partner view, per (partner, environment): the partner dimension and claimable_without_eligibility
//   of every shared deal as a byte per deal, plus the partner's own listable deals.
// - Freshness: database triggers bump catalog_versions in the same transaction as any change, and
//   every request reads the two counters it depends on ("shared", its partner id) first. A cached
//   object is used only if it was loaded at a version >= the one the request saw, and loads read the
//   version and the data in one REPEATABLE READ snapshot, so an answer is never older than the
//   request, whichever process (CLI, portal, another app instance) made the change.
import { db } from "@/server/db/client";
import type { Prisma } from "@/generated/prisma/client";
import { isClaimableWithoutEligibility, isDealVisibleToPartner, type PartnerContext } from "@/server/domain/visibility";
import type { DealSort } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { dealInclude, partnerContext, partnerContextSelect } from "@/server/services/deals/deal-record";
import { buildCatalogEntry, type CatalogEntry } from "./catalog-entry";
import { sortedIndexes } from "./sort-order";

export const SHARED_KEY = "shared";
export const VISIBLE = 1;
export const CLAIMABLE = 2;

/** What GET /v1/deals may ever show: never drafts, never inactive, hidden or API-excluded deals. */
export const LISTABLE_WHERE = {
  status: { not: "draft" },
  active: true,
  hiddenGlobally: false,
  apiExcluded: false,
} satisfies Prisma.DealWhereInput;

export type EntrySet = {
  entries: CatalogEntry[];
  byId: Map<string, number>;
  orders: Map<DealSort, Int32Array>;
};

export type SharedCatalog = EntrySet & { version: bigint };

export type PartnerView = {
  shared: SharedCatalog;
  partnerVersion: bigint;
  partner: PartnerContext;
  /** Per shared entry: VISIBLE | CLAIMABLE bits for this partner. */
  flags: Uint8Array;
  /** The partner's own listable deals in this environment. */
  own: EntrySet & { claimable: Uint8Array };
};

function entrySet(entries: CatalogEntry[]): EntrySet {
  return { entries, byId: new Map(entries.map((e, i) => [e.id, i])), orders: new Map() };
}

export function orderOf(set: EntrySet, sort: DealSort): Int32Array {
  let order = set.orders.get(sort);
  if (!order) set.orders.set(sort, (order = sortedIndexes(set.entries, sort)));
  return order;
}

const TX_OPTIONS = { isolationLevel: "RepeatableRead", timeout: 120_000, maxWait: 30_000 } as const;

// ---- versions ---------------------------------------------------------------------------------
export async function readCatalogVersions(partnerId: string): Promise<{ shared: bigint; partner: bigint }> {
  const rows = await db.catalogVersion.findMany({ where: { key: { in: [SHARED_KEY, partnerId] } }, select: { key: true, version: true } });
  let shared = 0n;
  let partner = 0n;
  for (const r of rows) {
    if (r.key === SHARED_KEY) shared = r.version;
    else partner = r.version;
  }
  return { shared, partner };
}

// ---- shared catalogue -------------------------------------------------------------------------
let sharedCatalog: SharedCatalog | null = null;
let sharedLoading: Promise<SharedCatalog> | null = null;

async function loadSharedCatalog(): Promise<SharedCatalog> {
  const { version, deals } = await db.$transaction(async (tx) => {
    const v = await tx.catalogVersion.findUnique({ where: { key: SHARED_KEY }, select: { version: true } });
    const rows = await tx.deal.findMany({ where: { dealType: "servicepass", ...LISTABLE_WHERE }, include: dealInclude });
    return { version: v?.version ?? 0n, deals: rows };
  }, TX_OPTIONS);
  return { version, ...entrySet(deals.map(buildCatalogEntry)) };
}

async function getSharedCatalog(minVersion: bigint): Promise<SharedCatalog> {
  for (;;) {
    if (sharedCatalog && sharedCatalog.version >= minVersion) return sharedCatalog;
    sharedLoading ??= loadSharedCatalog()
      .then((loaded) => {
        if (!sharedCatalog || loaded.version >= sharedCatalog.version) sharedCatalog = loaded;
        return loaded;
      })
      .finally(() => (sharedLoading = null));
    const loaded = await sharedLoading;
    // A load that started before the change the caller saw is too old: go round and load again.
    if (loaded.version >= minVersion) return loaded;
  }
}

// ---- partner views ----------------------------------------------------------------------------
const MAX_VIEWS = 4000;
const views = new Map<string, PartnerView>();
const viewLoading = new Map<string, Promise<PartnerView>>();

async function loadPartnerView(scope: PartnerScope, shared: SharedCatalog): Promise<PartnerView> {
  const { version, partnerRow, own } = await db.$transaction(async (tx) => {
    const v = await tx.catalogVersion.findUnique({ where: { key: scope.partnerId }, select: { version: true } });
    const p = await tx.partner.findUniqueOrThrow({ where: { id: scope.partnerId }, select: partnerContextSelect });
    const rows = await tx.deal.findMany({
      where: { dealType: "partner_private", ownerPartnerId: scope.partnerId, environment: scope.environment, ...LISTABLE_WHERE },
      include: dealInclude,
    });
    return { version: v?.version ?? 0n, partnerRow: p, own: rows };
  }, TX_OPTIONS);
  const partner = partnerContext(partnerRow);
  const flags = new Uint8Array(shared.entries.length);
  shared.entries.forEach((e, i) => {
    if (!isDealVisibleToPartner(e.facts, partner)) return;
    flags[i] = VISIBLE | (isClaimableWithoutEligibility(e.facts, partner, e.availableRegions) ? CLAIMABLE : 0);
  });
  const ownEntries = own.map(buildCatalogEntry).filter((e) => isDealVisibleToPartner(e.facts, partner));
  const claimable = Uint8Array.from(ownEntries, (e) => (isClaimableWithoutEligibility(e.facts, partner, e.availableRegions) ? 1 : 0));
  return { shared, partnerVersion: version, partner, flags, own: { ...entrySet(ownEntries), claimable } };
}

/** The partner's view of the catalogue, at least as fresh as the database at the time of the call. */
export async function getPartnerView(scope: PartnerScope): Promise<PartnerView> {
  const versions = await readCatalogVersions(scope.partnerId);
  const key = `${scope.partnerId}:${scope.environment}`;
  const fresh = (v: PartnerView | undefined): v is PartnerView =>
    !!v && v.shared.version >= versions.shared && v.partnerVersion >= versions.partner;
  for (;;) {
    const cached = views.get(key);
    if (fresh(cached)) return cached;
    let loading = viewLoading.get(key);
    if (!loading) {
      loading = getSharedCatalog(versions.shared)
        .then((shared) => loadPartnerView(scope, shared))
        .then((view) => {
          const current = views.get(key);
          if (!current || (view.shared.version >= current.shared.version && view.partnerVersion >= current.partnerVersion)) {
            views.delete(key);
            views.set(key, view);
            if (views.size > MAX_VIEWS) views.delete(views.keys().next().value!);
          }
          return view;
        })
        .finally(() => viewLoading.delete(key));
      viewLoading.set(key, loading);
    }
    const view = await loading;
    // A load another request started before the change this one saw is too old: load again.
    if (fresh(view)) return view;
  }
}

/** For tests and the benchmark: what the process holds. */
export function catalogCacheStats() {
  return { sharedVersion: sharedCatalog?.version ?? null, sharedDeals: sharedCatalog?.entries.length ?? 0, partnerViews: views.size };
}
