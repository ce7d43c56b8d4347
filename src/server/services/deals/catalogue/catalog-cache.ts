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
import { readFresh } from "@/server/db/read-db";
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
import { SHARED_KEY, catalogVersionsNow, readCatalogVersions } from "./catalog-versions";
import { LISTABLE_SQL, loadCatalogDeals, type LoadedDeal } from "./load-catalog-deals";
import { compareKeys, sortKeyOf, sortedIndexes } from "./sort-order";
import { metrics } from "@/server/observability/metrics";

export const VISIBLE = 1;
export const CLAIMABLE = 2;

type EntrySet = {
  entries: CatalogEntry[];
  byId: Map<string, number>;
  orders: Map<DealSort, Int32Array>;
};

export type SharedCatalog = EntrySet & {
  version: bigint;
  /** When the last full load ran (deltas keep it): past JOURNAL_TRUST_MS the next load is full. */
  loadedAt: number;
  /** entry object → its index: a reused (unchanged) entry is the same object in the next snapshot */
  indexOf: Map<CatalogEntry, number>;
  fingerprints: Map<string, { fingerprint: string; entry: CatalogEntry }>;
};

export type PartnerView = {
  shared: SharedCatalog;
  partnerVersion: bigint;
  partner: PartnerContext;
  partnerKey: string;
  /** Shared deals the partner hid from its members ("Hide from my members"): never VISIBLE. */
  hidden: ReadonlySet<string>;
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

// ---- process-wide state ------------------------------------------------------------------------
// On globalThis, like the database client: the server's API path and Next's bundle load this module
// twice in one process, and both must use one cache (not build two copies of the catalogue).
type CacheState = {
  sharedCatalog: SharedCatalog | null;
  sharedLoading: Promise<SharedCatalog> | null;
  views: Map<string, PartnerView>;
  viewLoading: Map<string, Promise<PartnerView>>;
};
const globalForCache = globalThis as unknown as { perkwayCatalogCache?: CacheState };
const state: CacheState = (globalForCache.perkwayCatalogCache ??= { sharedCatalog: null, sharedLoading: null, views: new Map(), viewLoading: new Map() });
const views = state.views;
const viewLoading = state.viewLoading;

// ---- shared catalogue -------------------------------------------------------------------------

/** Past this age a snapshot is reloaded in full (the change journal keeps one day). */
const JOURNAL_TRUST_MS = 12 * 60 * 60 * 1000;
const SHARED_WHERE = Prisma.sql`d.deal_type = 'servicepass' AND ${LISTABLE_SQL}`;

type SharedLoad =
  | { kind: "full"; version: bigint; rows: LoadedDeal[] }
  | { kind: "delta"; version: bigint; changedIds: string[]; rows: LoadedDeal[] };

/**
 * One REPEATABLE READ snapshot: the "shared" counter, and either the deals the change journal says
 * changed since `previous` (catalog_changes, written by the same triggers that bump the counter) or,
 * when the journal cannot say (no previous snapshot, a category change, a pruned journal), everything.
 */
async function readShared(previous: SharedCatalog | null, minVersion: bigint): Promise<SharedLoad> {
  // From a read replica when one is healthy, and from the primary when the replica's counter is
  // behind the one the request saw (contract section 21: read-db.ts).
  return readFresh(null, (client) => client.$transaction(async (tx) => {
    const v = (await tx.catalogVersion.findUnique({ where: { key: SHARED_KEY }, select: { version: true } }))?.version ?? 0n;
    if (previous && Date.now() - previous.loadedAt < JOURNAL_TRUST_MS && v >= previous.version) {
      const changes = await tx.$queryRaw<{ deal_id: string | null; version: bigint }[]>`
        SELECT deal_id::text AS deal_id, version FROM catalog_changes WHERE key = ${SHARED_KEY} AND version > ${previous.version} AND version <= ${v}`;
      // Every version in between must be in the journal (bumps before it existed, or pruned: not).
      const complete = new Set(changes.map((c) => String(c.version))).size === Number(v - previous.version);
      if (complete && !changes.some((c) => c.deal_id === null)) {
        const changedIds = [...new Set(changes.map((c) => c.deal_id!))];
        const rows = changedIds.length ? await loadCatalogDeals(tx, Prisma.sql`${SHARED_WHERE} AND d.id = ANY(${changedIds}::uuid[])`) : [];
        return { kind: "delta", version: v, changedIds, rows };
      }
    }
    return { kind: "full", version: v, rows: await loadCatalogDeals(tx, SHARED_WHERE) };
  }, TX_OPTIONS), (load) => load.version >= minVersion);
}

async function loadSharedCatalog(previous: SharedCatalog | null, minVersion = 0n): Promise<SharedCatalog> {
  const started = performance.now();
  const load = await readShared(previous, minVersion);
  const loaded = buildSharedCatalog(previous, load);
  metrics().catalogReload.observe({ kind: load.kind === "delta" && previous ? "shared_delta" : "shared_full" }, (performance.now() - started) / 1000);
  return loaded;
}

function buildSharedCatalog(previous: SharedCatalog | null, load: SharedLoad): SharedCatalog {
  if (load.kind === "delta" && previous) return applySharedDelta(previous, load.version, load.changedIds, load.rows);
  const fingerprints = new Map<string, { fingerprint: string; entry: CatalogEntry }>();
  const entries = load.rows.map(({ deal, fingerprint }) => {
    const old = previous?.fingerprints.get(deal.id);
    const entry = old && old.fingerprint === fingerprint ? old.entry : buildCatalogEntry(deal);
    fingerprints.set(deal.id, { fingerprint, entry });
    return entry;
  });
  return { version: load.version, loadedAt: Date.now(), ...entrySet(entries), indexOf: new Map(entries.map((e, i) => [e, i])), fingerprints };
}

/**
 * The next snapshot from the previous one and the changed deals only: unchanged entries are the same
 * objects at the same relative order, changed ones are rebuilt (or removed when no longer listable),
 * and each sort order already computed is carried over with the changed entries inserted by binary
 * search — no full reload, no full re-sort (< 20 ms at 5,000 deals).
 */
function applySharedDelta(previous: SharedCatalog, version: bigint, changedIds: string[], rows: LoadedDeal[]): SharedCatalog {
  const changed = new Set(changedIds);
  const incoming = new Map(rows.map((r) => [r.deal.id, r]));
  const fingerprints = new Map(previous.fingerprints);
  const entries: CatalogEntry[] = [];
  const oldToNew = new Int32Array(previous.entries.length).fill(-1);
  const rebuilt: number[] = [];
  const place = (row: LoadedDeal) => {
    const old = previous.fingerprints.get(row.deal.id);
    const entry = old && old.fingerprint === row.fingerprint ? old.entry : buildCatalogEntry(row.deal);
    fingerprints.set(row.deal.id, { fingerprint: row.fingerprint, entry });
    rebuilt.push(entries.length);
    entries.push(entry);
  };
  previous.entries.forEach((e, i) => {
    if (!changed.has(e.id)) {
      oldToNew[i] = entries.length;
      entries.push(e);
      return;
    }
    const row = incoming.get(e.id);
    incoming.delete(e.id);
    if (row) place(row);
    else fingerprints.delete(e.id); // no longer listable
  });
  for (const row of incoming.values()) place(row); // newly listable
  const set = entrySet(entries);
  for (const [sort, order] of previous.orders) set.orders.set(sort, mergeOrder(entries, order, oldToNew, rebuilt, sort));
  return { version, loadedAt: previous.loadedAt, ...set, indexOf: new Map(entries.map((e, i) => [e, i])), fingerprints };
}

/** The previous order without removed or changed entries, with the rebuilt ones inserted in place. */
function mergeOrder(entries: CatalogEntry[], order: Int32Array, oldToNew: Int32Array, rebuilt: number[], sort: DealSort): Int32Array {
  const kept: number[] = [];
  for (const i of order) if (oldToNew[i] >= 0) kept.push(oldToNew[i]);
  const keyOf = (i: number) => sortKeyOf(entries[i], sort);
  const adds = rebuilt.map((i) => ({ i, key: keyOf(i) })).sort((a, b) => compareKeys(sort, a.key, b.key));
  const out = new Int32Array(kept.length + adds.length);
  let k = 0;
  let n = 0;
  for (const add of adds) {
    // kept[k..] stays in order; binary search the first kept entry after `add`.
    let lo = k;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKeys(sort, keyOf(kept[mid]), add.key) < 0) lo = mid + 1;
      else hi = mid;
    }
    while (k < lo) out[n++] = kept[k++];
    out[n++] = add.i;
  }
  while (k < kept.length) out[n++] = kept[k++];
  return out;
}

async function getSharedCatalog(minVersion: bigint): Promise<SharedCatalog> {
  for (;;) {
    const current = state.sharedCatalog;
    if (current && current.version >= minVersion) return current;
    state.sharedLoading ??= loadSharedCatalog(current, minVersion)
      .then((loaded) => {
        const before = state.sharedCatalog;
        if (!before || loaded.version >= before.version) {
          state.sharedCatalog = loaded;
          if (before && before !== loaded) releaseOldSnapshots(loaded, before);
        }
        return loaded;
      })
      .finally(() => (state.sharedLoading = null));
    const loaded = await state.sharedLoading;
    // A load that started before the change the caller saw is too old: go round and load again.
    if (loaded.version >= minVersion) return loaded;
  }
}

/**
 * Memory bound: at most two shared snapshots stay alive — the current one and the
 * one before it, which views built on it still use until their next request rebuilds them cheaply.
 * A view still on an older snapshot (an idle partner) is dropped, so it cannot keep a whole old
 * catalogue alive; its next request builds a fresh view.
 */
function releaseOldSnapshots(current: SharedCatalog, previous: SharedCatalog) {
  for (const [key, view] of views) if (view.shared !== current && view.shared !== previous) views.delete(key);
}

/** For tests: a load as the cache would do it, from `previous` (a delta when the journal allows) or in full. */
export const loadSharedCatalogForTest = (previous: SharedCatalog | null) => loadSharedCatalog(previous);

/** What the cache holds now (tests and the memory bound's check). */
export function catalogCacheStats(): { views: number; snapshots: number; sharedEntries: number } {
  const snapshots = new Set<SharedCatalog>();
  if (state.sharedCatalog) snapshots.add(state.sharedCatalog);
  for (const v of views.values()) snapshots.add(v.shared);
  return { views: views.size, snapshots: snapshots.size, sharedEntries: state.sharedCatalog?.entries.length ?? 0 };
}

// ---- partner views ----------------------------------------------------------------------------
const MAX_VIEWS = 4000;
const MAX_MEMBER_PROFILES = 256;

function sharedFlag(entry: CatalogEntry, partner: PartnerContext, hidden: ReadonlySet<string>): number {
  if (hidden.has(entry.id) || !isDealVisibleToPartner(entry.facts, partner)) return 0;
  return VISIBLE | (isClaimableWithoutEligibility(entry.facts, partner, entry.availableRegions) ? CLAIMABLE : 0);
}

async function loadPartnerView(scope: PartnerScope, shared: SharedCatalog, previous: PartnerView | undefined, minPartnerVersion: bigint): Promise<PartnerView> {
  // Only the shared catalogue moved: the partner's own rows (its attributes, its private deals) are
  // those of the previous view, read at a partner counter the request does not need to pass. Only
  // the flags of changed shared entries are computed; no database round trip.
  if (previous && previous.partnerVersion >= minPartnerVersion) {
    const { partnerVersion, partner, partnerKey, own, hidden } = previous;
    return { shared, partnerVersion, partner, partnerKey, hidden, flags: sharedFlags(shared, partner, hidden, previous), own, memberGates: new Map() };
  }
  const { version, partnerRow, own, hides } = await readFresh(scope, (client) => client.$transaction(async (tx) => {
    const v = await tx.catalogVersion.findUnique({ where: { key: scope.partnerId }, select: { version: true } });
    const p = await tx.partner.findUniqueOrThrow({ where: { id: scope.partnerId }, select: partnerContextSelect });
    const rows = await loadCatalogDeals(
      tx,
      Prisma.sql`d.deal_type = 'partner_private' AND d.owner_partner_id = ${scope.partnerId}::uuid AND d.environment = ${scope.environment}::"Environment" AND ${LISTABLE_SQL}`,
    );
    const hides = await tx.partnerDealHide.findMany({ where: { partnerId: scope.partnerId }, select: { dealId: true } });
    return { version: v?.version ?? 0n, partnerRow: p, own: rows, hides };
  }, TX_OPTIONS), (loaded) => loaded.version >= minPartnerVersion);
  const partner = partnerContext(partnerRow);
  const hidden = new Set(hides.map((h) => h.dealId));
  const partnerKey = JSON.stringify([partner, [...hidden].sort()]);
  // Same partner attributes as the previous view: deals that did not change keep their flags.
  const flags = sharedFlags(shared, partner, hidden, previous && previous.partnerKey === partnerKey ? previous : null);
  const ownEntries = own.map(({ deal }) => buildCatalogEntry(deal)).filter((e) => isDealVisibleToPartner(e.facts, partner));
  const claimable = Uint8Array.from(ownEntries, (e) => (isClaimableWithoutEligibility(e.facts, partner, e.availableRegions) ? 1 : 0));
  return { shared, partnerVersion: version, partner, partnerKey, hidden, flags, own: { ...entrySet(ownEntries), claimable }, memberGates: new Map() };
}

/** Per shared entry, the partner's flags: copied from `reuse` (same partner attributes) for entries it has. */
function sharedFlags(shared: SharedCatalog, partner: PartnerContext, hidden: ReadonlySet<string>, reuse: PartnerView | null | undefined): Uint8Array {
  const flags = new Uint8Array(shared.entries.length);
  shared.entries.forEach((e, i) => {
    const before = reuse?.shared.indexOf.get(e);
    flags[i] = before !== undefined ? reuse!.flags[before] : sharedFlag(e, partner, hidden);
  });
  return flags;
}

const isFresh = (v: PartnerView | undefined, versions: { shared: bigint; partner: bigint }): v is PartnerView =>
  !!v && v.shared.version >= versions.shared && v.partnerVersion >= versions.partner;

/** getPartnerView's answer when it needs no read or load (the counters pushed, the view fresh), else null. */
export function partnerViewNow(scope: PartnerScope): PartnerView | null {
  const versions = catalogVersionsNow(scope.partnerId);
  const cached = versions ? views.get(`${scope.partnerId}:${scope.environment}`) : undefined;
  if (!isFresh(cached, versions!)) return null;
  metrics().catalogCache.inc({ result: "hit" });
  return cached;
}

/** The partner's view of the catalogue, at least as fresh as the database when the call began. */
export async function getPartnerView(scope: PartnerScope): Promise<PartnerView> {
  const versions = await readCatalogVersions(scope.partnerId);
  const key = `${scope.partnerId}:${scope.environment}`;
  const fresh = (v: PartnerView | undefined): v is PartnerView => isFresh(v, versions);
  for (;;) {
    const cached = views.get(key);
    if (fresh(cached)) {
      metrics().catalogCache.inc({ result: "hit" });
      return cached;
    }
    metrics().catalogCache.inc({ result: "miss" });
    let loading = viewLoading.get(key);
    if (!loading) {
      loading = getSharedCatalog(versions.shared)
        .then(async (shared) => {
          const started = performance.now();
          const view = await loadPartnerView(scope, shared, views.get(key), versions.partner);
          metrics().catalogReload.observe({ kind: "partner_view" }, (performance.now() - started) / 1000);
          return view;
        })
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

/** What the member gates read of a member: members with the same key get the same answers. */
export function memberProfileKey(member: MemberContext): string {
  return JSON.stringify([member.tier, member.user_types, member.regions, member.eligibility]);
}

/**
 * Member gates of the engine (isVisibleToMemberInList) for one member, memoized per member profile
 * within the view: members with the same tier, user types, regions and eligibility get the same
 * answers, and a member paging through the list does not re-evaluate the deals of earlier pages.
 */
export function memberGate(view: PartnerView, member: MemberContext): (entry: CatalogEntry, shared: boolean, index: number) => boolean {
  const profile = memberProfileKey(member);
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
