// What one member can do with each deal the partner lists, now (contract section 19): the base of
// "You can claim N deals", the "For you" order, "No codes left", the digest and ending-soon emails.
// A deal is `claimable` exactly when its instructions would answer 200 for the member now: listed
// for them, live (not coming soon), a redemption method, an approved access request when the deal
// needs one, and a code for them (theirs already, or a free one in the pool). The same checks, in
// the same order, as redeemDeal (redemption/redeem-deal.ts), without claiming anything.
import { Prisma, type Member } from "@/generated/prisma/client";
import { readDb } from "@/server/db/read-db";
import { memberReadSession } from "@/server/db/read-your-writes";
import { checkMemberAccess, explainMemberLock, type MemberContext, type MemberLock } from "@/server/domain/visibility";
import type { PartnerScope } from "@/server/scope";
import { memberContext } from "@/server/services/deals/deal-record";
import { getPartnerView, listChannelDeals, type CatalogEntry, type PartnerView } from "./deal-source";
import type { ListedDeal } from "./list-deals";
import { FREE_CODE_SQL } from "@/server/db/free-codes";

/**
 * claimable: instructions answer 200 now. unlockable: locked only by a profile answer the member may
 * give themselves (eligibility, region or user type the partner lets members edit). no_codes: a
 * unique-code deal whose pool is empty (and no code of theirs). locked: anything else (coming soon,
 * premium, approval still needed, not for them).
 */
export type MemberDealState = "claimable" | "unlockable" | "no_codes" | "locked";

export type MemberDeal = { entry: CatalogEntry; state: MemberDealState; lock: MemberLock | null; popularity: number };

const PROFILE_DIMENSION_OF: Record<string, string> = { region: "regions", user_type: "user_types" };

function profileDimensionOf(lock: MemberLock | null): string | null {
  if (!lock) return null;
  if (lock.code.startsWith("eligibility:")) return lock.code.slice("eligibility:".length);
  return PROFILE_DIMENSION_OF[lock.code] ?? null;
}

/** Every deal the partner's hosted app lists (the member's and the locked ones), with its state for the member. */
type ChannelLists = { mine: ListedDeal[]; everyone: ListedDeal[] };

/**
 * `lists`: the member's and everyone's featured-order lists when the caller has them already (the
 * hosted list does): each is 5,000 entries filtered and sorted at catalogue scale, so not twice.
 */
export async function listMemberDealStates(scope: PartnerScope, member: Member, lists?: ChannelLists): Promise<MemberDeal[]> {
  const ctx = memberContext(member);
  const [mine, everyone, view] = await Promise.all([
    lists?.mine ?? listChannelDeals(scope, { sort: "featured" }, ctx),
    lists?.everyone ?? listChannelDeals(scope, { sort: "featured" }),
    getPartnerView(scope),
  ]);
  // One pass over both lists: the member's deals, then everyone's others (`everyone` holds `mine`).
  const mineSet = new Set<CatalogEntry>();
  for (const d of mine) mineSet.add(d.entry);
  const listed: { entry: CatalogEntry; mine: boolean }[] = [];
  const pooled: string[] = [];
  for (const d of mine) listed.push({ entry: d.entry, mine: true });
  for (const d of everyone) if (!mineSet.has(d.entry)) listed.push({ entry: d.entry, mine: false });
  // Only unique-code deals have a pool: the query names those, not every listed deal.
  for (const { entry } of listed) if (entry.redemption?.method === "unique_code") pooled.push(entry.id);
  const { approved, pools, popularity, editable } = await memberDealFacts(scope, member.id, pooled);
  const accessOf = engineAccess(view, ctx);

  const stateOf = (entry: CatalogEntry, listedForMember: boolean): { state: MemberDealState; lock: MemberLock | null } => {
    const access = accessOf(entry);
    if (!listedForMember || !access.ok) {
      // (Listed for everyone but not for the member while the engine allows it: its reason, rare.)
      const lock = access.lock ?? ((explainMemberLock(entry.facts, view.partner, ctx) as MemberLock | null) ?? { code: "unavailable" });
      const dim = profileDimensionOf(lock);
      return { state: dim && editable.has(dim) ? "unlockable" : "locked", lock };
    }
    if (entry.status !== "live" || !entry.redemption) return { state: "locked", lock: null };
    if (entry.dto.approval_required && !approved.has(entry.id)) return { state: "locked", lock: null };
    if (hasCodePool(scope, entry) && poolIsEmpty(pools.get(entry.id))) return { state: "no_codes", lock: null };
    return { state: "claimable", lock: null };
  };

  return listed.map(({ entry, mine: isMine }) => ({ entry, ...stateOf(entry, isMine), popularity: popularity.get(entry.id) ?? 0 }));
}

type EngineAccess = { ok: boolean; lock: MemberLock | null };

// The engine's answer per deal for one member profile, memoized per partner view (a catalogue or
// partner change makes a new view, and the memo goes with the old one) and profile (tier, user
// types, regions, eligibility: all checkMemberAccess reads of the member), like the list's own
// member gates (catalog-cache.ts, memberGate). At 5,000 deals the engine's checks were a third of
// a hosted list request (docs/decisions/deal-search.md).
const accessMemos = new WeakMap<PartnerView, Map<string, Map<CatalogEntry, EngineAccess>>>();
const MAX_PROFILES_PER_VIEW = 256;

function engineAccess(view: PartnerView, ctx: MemberContext): (entry: CatalogEntry) => EngineAccess {
  let byProfile = accessMemos.get(view);
  if (!byProfile) accessMemos.set(view, (byProfile = new Map()));
  const profile = JSON.stringify([ctx.tier, ctx.user_types, ctx.regions, ctx.eligibility]);
  let memo = byProfile.get(profile);
  if (!memo) {
    if (byProfile.size >= MAX_PROFILES_PER_VIEW) byProfile.delete(byProfile.keys().next().value!);
    byProfile.set(profile, (memo = new Map()));
  }
  const m = memo;
  return (entry) => {
    let a = m.get(entry);
    if (!a) {
      const ok = checkMemberAccess(entry.facts, view.partner, ctx).ok;
      // The lock is worked out for refused deals only (the common case stays cheap).
      a = { ok, lock: ok ? null : ((explainMemberLock(entry.facts, view.partner, ctx) as MemberLock | null) ?? { code: "unavailable" }) };
      m.set(entry, a);
    }
    return a;
  };
}

const FOR_YOU_RANK: Record<MemberDealState, number> = { claimable: 0, unlockable: 1, locked: 2, no_codes: 3 };

/**
 * "For you": claimable now first, then what a profile answer would unlock, then the rest; each group
 * by the partner's featured order (featured-tagged first), then popularity (views and redemptions of
 * the last 30 days), then name. Deals with no codes left are left out.
 */
export function forYouOrder(deals: readonly MemberDeal[]): MemberDeal[] {
  return deals
    .filter((d) => d.state !== "no_codes")
    .sort(
      (a, b) =>
        FOR_YOU_RANK[a.state] - FOR_YOU_RANK[b.state] ||
        Number(b.entry.featured) - Number(a.entry.featured) ||
        b.popularity - a.popularity ||
        (a.entry.nameKey < b.entry.nameKey ? -1 : a.entry.nameKey > b.entry.nameKey ? 1 : 0) ||
        (a.entry.id < b.entry.id ? -1 : 1),
    );
}

/** The ids of the deals the member can claim now (instructions would answer 200). */
export async function listClaimableDealIds(scope: PartnerScope, member: Member): Promise<string[]> {
  return (await listMemberDealStates(scope, member)).filter((d) => d.state === "claimable").map((d) => d.entry.id);
}

/** One member's rows: from a replica, unless the member wrote within DATABASE_REPLICA_STICKY_MS (their own claims and requests show). */
const memberReads = (scope: PartnerScope, memberId: string) => readDb({ ...scope, session: memberReadSession(memberId) });

type MemberDealFacts = {
  /** deals the member's access request was approved for */
  approved: Set<string>;
  /** per unique-code deal asked for: free codes, and whether the member holds one */
  pools: Map<string, { free: number; mine: boolean }>;
  /** views + 5 × redemptions per deal, last 30 days (daily rollups) */
  popularity: Map<string, number>;
  /** the profile dimensions the partner lets members edit */
  editable: Set<string>;
};

/**
 * Everything the states need from the database, in one statement: the member's approved access
 * requests, the code pools of `pooled`, the deals' popularity and the partner's editable dimensions.
 * One round trip instead of four on the hosted list, which every member opens: each statement was a
 * wait for a pool connection and for PostgreSQL to be scheduled on a busy machine, and the list's
 * tail grew with them (docs/decisions/lean-server.md §13). Read like the member's own rows (from a
 * replica unless the member wrote within DATABASE_REPLICA_STICKY_MS), so their claims and requests show.
 */
async function memberDealFacts(scope: PartnerScope, memberId: string, pooled: readonly string[]): Promise<MemberDealFacts> {
  const [row] = await memberReads(scope, memberId).$queryRaw<{ approved: string[] | null; pools: unknown; popularity: unknown; editable: string[] | null }[]>`
    SELECT
      (SELECT array_agg(DISTINCT a.deal_id::text) FROM access_requests a
        WHERE a.partner_id = ${scope.partnerId}::uuid AND a.environment = ${scope.environment}::"Environment" AND a.member_id = ${memberId}::uuid
          AND a.type = 'deal' AND a.status = 'approved' AND a.deal_id IS NOT NULL) AS approved,
      (SELECT json_agg(json_build_array(c.deal_id, c.free, c.mine)) FROM (${codePoolsSql(pooled, memberId)}) c) AS pools,
      (SELECT json_agg(json_build_array(r.deal_id::text, r.score)) FROM (
        SELECT deal_id, (sum(views) + 5 * sum(redemptions))::float8 AS score FROM deal_event_rollups
        WHERE partner_id = ${scope.partnerId}::uuid AND environment = ${scope.environment}::"Environment" AND grain = 'day'
          AND bucket_start >= now() - interval '30 days'
        GROUP BY deal_id) r) AS popularity,
      (SELECT p.member_editable_dimensions FROM partners p WHERE p.id = ${scope.partnerId}::uuid) AS editable`;
  const pools = jsonRows<[string, number, boolean]>(row?.pools);
  const popularity = jsonRows<[string, number]>(row?.popularity);
  return {
    approved: new Set(row?.approved ?? []),
    pools: new Map(pools.map(([id, free, mine]) => [id, { free, mine: mine === true }])),
    popularity: new Map(popularity.map(([id, score]) => [id, score])),
    editable: new Set(row?.editable ?? []),
  };
}

/** A json_agg column: null when no row matched; text or parsed, as the driver hands it over. */
function jsonRows<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === "string" ? JSON.parse(value) : value) as T[];
}

/** A unique-code deal draws on its pool (a servicepass deal in the sandbox gives sandbox codes instead). */
function hasCodePool(scope: PartnerScope, entry: CatalogEntry): boolean {
  return entry.redemption?.method === "unique_code" && !(entry.dealType === "servicepass" && scope.environment === "test");
}

const poolIsEmpty = (pool: { free: number; mine: boolean } | undefined) => !pool || (!pool.mine && pool.free === 0);

/** "No codes left" for this member on one deal's page: a unique-code deal with no free code and none of theirs. */
export async function hasNoCodesLeft(scope: PartnerScope, entry: CatalogEntry, memberId: string): Promise<boolean> {
  if (!hasCodePool(scope, entry)) return false;
  return poolIsEmpty((await codePools(scope, [entry.id], memberId)).get(entry.id));
}

/** Per unique-code deal among `ids`: free codes, and whether the member holds one already. */
async function codePools(scope: PartnerScope, ids: readonly string[], memberId: string): Promise<Map<string, { free: number; mine: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await memberReads(scope, memberId).$queryRaw<{ deal_id: string; free: number; mine: boolean | null }[]>(codePoolsSql(ids, memberId));
  return new Map(rows.map((r) => [r.deal_id, { free: r.free, mine: r.mine === true }]));
}

/** The pools' rows (deal_id, free, mine), for one deal's page and inside the states' one statement. */
const codePoolsSql = (ids: readonly string[], memberId: string) => Prisma.sql`
  SELECT deal_id::text AS deal_id, count(*) FILTER (WHERE ${FREE_CODE_SQL})::int AS free, bool_or(member_id = ${memberId}::uuid) AS mine
  FROM unique_codes WHERE deal_id = ANY(${[...ids]}::uuid[]) GROUP BY deal_id`;
