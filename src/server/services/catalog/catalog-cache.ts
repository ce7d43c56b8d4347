// The GET /v1/deals cache (docs/decisions/deals-cache.md).
//
// - Shared catalogue: every listable servicepass deal, loaded in one query per "shared" version,
//   with its JSON text and sort orders precomputed. A reload reuses the entry of every deal whose
//   row did not change, so a change to one deal costs one query and one entry rebuilt.
// - Partner view, per (partner, environment): the partner dimension and claimable_without_eligibility
//   of every shared deal as one byte per deal, plus the partner's own listable deals. A rebuild after
//   a shared change re-evaluates only the deals that changed (unless the partner itself changed).
// - Member gates (user_id lists) are memoized per member profile inside the view.
// - Freshness: database triggers bump catalog_versions in the same transaction as any change, and
//   every request reads the counters it depends on first (catalog-versions.ts). A cached object is
//   used only if it was loaded at a version >= the one the request saw, and loads read the version
//   and the data in one REPEATABLE READ snapshot, so an answer is never older than the request,
//   whichever process (CLI, portal, another app instance) made the change.
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import {
  isClaimableWithoutEligibility,
  isDealVisibleToPartner,
  isVisibleToMemberInList,
  type MemberContext,
  type PartnerContext,
} from "@/server/domain/visibility";
import type { DealSort } from "@/server/schemas/deal.schema";
import type { PartnerScope } from "@/server/scope";
import { partnerContext, partnerContextSelect } from "@/server/services/deals/deal-record";
import { buildCatalogEntry, type CatalogEntry } from "./catalog-entry";
import { SHARED_KEY, readCatalogVersions } from "./catalog-versions";
import { LISTABLE_SQL, loadCatalogDeals } from "./load-catalog-deals";
import { sortedIndexes } from "./sort-order";

export const VISIBLE = 1;
export const CLAIMABLE = 2;

export type EntrySet = {
  entries: CatalogEntry[];
  byId: Map<string, number>;
  orders: Map<DealSort, Int32Array>;
};

export type SharedCatalog = EntrySet & {
  version: bigint;
  /** entry object → its index: a reused (unchanged) entry is the same object in the next snapshot */
  indexOf: Map<CatalogEntry, number>;
  fingerprints: Map<string, { fingerprint: string; entry: CatalogEntry }>;
};

export type PartnerView = {
  shared: SharedCatalog;
  partnerVersion: bigint;
  partner: PartnerContext;
  partnerKey: string;
  /** Per shared entry: VISIBLE | CLAIMABLE bits for this partner. */
  flags: Uint8Array;
  /** The partner's own listable deals in this environment. */
  own: EntrySet & { claimable: Uint8Array };
  /** Member profile → per-entry gate results (0 unknown, 1 pass, 2 fail), for user_id lists. */
  memberGates: Map<string, { shared: Uint8Array; own: Uint8Array }>;
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

// ---- shared catalogue -------------------------------------------------------------------------
let sharedCatalog: SharedCatalog | null = null;
let sharedLoading: Promise<SharedCatalog> | null = null;

async function loadSharedCatalog(previous: SharedCatalog | null): Promise<SharedCatalog> {
  const { version, loaded } = await db.$transaction(async (tx) => {
    const v = await tx.catalogVersion.findUnique({ where: { key: SHARED_KEY }, select: { version: true } });
    const rows = await loadCatalogDeals(tx, Prisma.sql`d.deal_type = 'servicepass' AND ${LISTABLE_SQL}`);
    return { version: v?.version ?? 0n, loaded: rows };
  }, TX_OPTIONS);
  const fingerprints = new Map<string, { fingerprint: string; entry: CatalogEntry }>();
  const entries = loaded.map(({ deal, fingerprint }) => {
    const old = previous?.fingerprints.get(deal.id);
    const entry = old && old.fingerprint === fingerprint ? old.entry : buildCatalogEntry(deal);
    fingerprints.set(deal.id, { fingerprint, entry });
    return entry;
  });
  return { version, ...entrySet(entries), indexOf: new Map(entries.map((e, i) => [e, i])), fingerprints };
}

async function getSharedCatalog(minVersion: bigint): Promise<SharedCatalog> {
  for (;;) {
    if (sharedCatalog && sharedCatalog.version >= minVersion) return sharedCatalog;
    sharedLoading ??= loadSharedCatalog(sharedCatalog)
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
const MAX_MEMBER_PROFILES = 256;
const views = new Map<string, PartnerView>();
const viewLoading = new Map<string, Promise<PartnerView>>();

function sharedFlag(entry: CatalogEntry, partner: PartnerContext): number {
  if (!isDealVisibleToPartner(entry.facts, partner)) return 0;
  return VISIBLE | (isClaimableWithoutEligibility(entry.facts, partner, entry.availableRegions) ? CLAIMABLE : 0);
}

async function loadPartnerView(scope: PartnerScope, shared: SharedCatalog, previous: PartnerView | undefined): Promise<PartnerView> {
  const { version, partnerRow, own } = await db.$transaction(async (tx) => {
    const v = await tx.catalogVersion.findUnique({ where: { key: scope.partnerId }, select: { version: true } });
    const p = await tx.partner.findUniqueOrThrow({ where: { id: scope.partnerId }, select: partnerContextSelect });
    const rows = await loadCatalogDeals(
      tx,
      Prisma.sql`d.deal_type = 'partner_private' AND d.owner_partner_id = ${scope.partnerId}::uuid AND d.environment = ${scope.environment}::"Environment" AND ${LISTABLE_SQL}`,
    );
    return { version: v?.version ?? 0n, partnerRow: p, own: rows };
  }, TX_OPTIONS);
  const partner = partnerContext(partnerRow);
  const partnerKey = JSON.stringify(partner);
  // Same partner attributes as the previous view: deals that did not change keep their flags.
  const reuse = previous && previous.partnerKey === partnerKey ? previous : null;
  const flags = new Uint8Array(shared.entries.length);
  shared.entries.forEach((e, i) => {
    const before = reuse?.shared.indexOf.get(e);
    flags[i] = before !== undefined ? reuse!.flags[before] : sharedFlag(e, partner);
  });
  const ownEntries = own.map(({ deal }) => buildCatalogEntry(deal)).filter((e) => isDealVisibleToPartner(e.facts, partner));
  const claimable = Uint8Array.from(ownEntries, (e) => (isClaimableWithoutEligibility(e.facts, partner, e.availableRegions) ? 1 : 0));
  return { shared, partnerVersion: version, partner, partnerKey, flags, own: { ...entrySet(ownEntries), claimable }, memberGates: new Map() };
}

/** The partner's view of the catalogue, at least as fresh as the database when the call began. */
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
        .then((shared) => loadPartnerView(scope, shared, views.get(key)))
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

/**
 * Member gates of the engine (isVisibleToMemberInList) for one member, memoized per member profile
 * within the view: members with the same tier, user types, regions and eligibility get the same
 * answers, and a member paging through the list does not re-evaluate the deals of earlier pages.
 */
export function memberGate(view: PartnerView, member: MemberContext): (entry: CatalogEntry, shared: boolean, index: number) => boolean {
  const profile = JSON.stringify([member.tier, member.user_types, member.regions, member.eligibility]);
  let memo = view.memberGates.get(profile);
  if (!memo) {
    memo = { shared: new Uint8Array(view.shared.entries.length), own: new Uint8Array(view.own.entries.length) };
    if (view.memberGates.size >= MAX_MEMBER_PROFILES) view.memberGates.delete(view.memberGates.keys().next().value!);
    view.memberGates.set(profile, memo);
  }
  const m = memo;
  return (entry, shared, index) => {
    const states = shared ? m.shared : m.own;
    let s = states[index];
    if (s === 0) states[index] = s = isVisibleToMemberInList(entry.facts, view.partner, member) ? 1 : 2;
    return s === 1;
  };
}
