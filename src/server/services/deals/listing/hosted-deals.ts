// The hosted app's deal list and detail: exactly what GET /v1/deals?user_id= returns for the
// member (same service, hosted channel), plus the deals the partner lists that this member cannot
// redeem yet, each with the engine's reason.
import { checkMemberAccess, explainMemberLock, type DealFacts, type MemberContext, type MemberLock, type PartnerContext } from "@/server/domain/visibility";
import type { DealDto, DealSort } from "@/server/schemas/deal.schema";
import { memberContext } from "@/server/services/deals/deal-record";
import type { HostedMember } from "@/server/services/members";
import { dealDtoOf, findChannelDeal, getPartnerView, listChannelDeals, type CatalogEntry } from "./deal-source";
import { matchDeals } from "./fuzzy-search";
import { forYouOrder, hasNoCodesLeft, listMemberDealStates, type MemberDeal } from "./member-deal-states";
import type { SupportedLocale } from "@/lib/locales";
import { localizeDealDto } from "@/server/services/deals/deal-translations";

const UNAVAILABLE: MemberLock = { code: "unavailable" };

/** The member's lock on a deal with its details (who the deal is for), or null: they can redeem it. */
export function memberLock(facts: DealFacts, partner: PartnerContext, member: MemberContext): MemberLock | null {
  if (checkMemberAccess(facts, partner, member).ok) return null;
  // Refused: the details are worked out for locked deals only (the list's common case stays cheap).
  return (explainMemberLock(facts, partner, member) as MemberLock | null) ?? UNAVAILABLE;
}

/** for_you: the member's own order (member-deal-states.ts); the others are GET /v1/deals sorts. */
export const HOSTED_SORTS = { for_you: "featured", recommended: "featured", newest: "newest", value: "value" } as const satisfies Record<string, DealSort>;
export type HostedSort = keyof typeof HOSTED_SORTS;

export type HostedDealCard = {
  id: string;
  productName: string;
  logoUrl: string | null;
  /** what the member gets ("3 months free"), when the deal says */
  perk: string | null;
  /** what it is worth ("$500"), when the deal says */
  value: string | null;
  shortDescription: string;
  categories: { slug: string; name: string }[];
  tier: "free" | "premium";
  tags: string[];
  status: DealDto["status"];
  lock: MemberLock | null;
  /** a unique-code deal whose pool is empty (and the member has no code of it): "No codes left" */
  noCodes: boolean;
};

type HostedDealDetail = HostedDealCard & {
  longDescription: string;
  perkDescription: string | null;
  marketValue: string;
  productUrl: string | null;
  eligibilityRequirements: string | null;
  approvalRequired: boolean;
  approvalTime: string | null;
  method: NonNullable<DealDto["redemption"]>["method"] | null;
  endDate: string | null;
};

/** Deal text comes from partners and the catalogue: only http(s) URLs ever reach an href or src. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  try {
    const u = new URL(value);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}

/** Images: an http(s) URL or a path on this site ("/logos/x.svg"); never javascript:, data: or //host. */
export function safeImageUrl(value: string | null | undefined): string | null {
  if (value && /^\/(?![/\\])[A-Za-z0-9._~\-/%]*$/.test(value) && value.length <= 512) return value;
  return safeHttpUrl(value);
}

type CardFields = Pick<DealDto, "id" | "product_name" | "logo_url" | "perk_description" | "market_value" | "short_description" | "categories" | "tier" | "tags" | "status">;

/** `dto`: a Deal DTO, or the cached entry's DTO head (the list reads it as is: no copy per deal). */
function cardOf(dto: CardFields, lock: MemberLock | null, noCodes = false): HostedDealCard {
  return {
    id: dto.id,
    productName: dto.product_name,
    logoUrl: safeImageUrl(dto.logo_url),
    perk: dto.perk_description?.trim() || null,
    value: dto.market_value?.trim() || null,
    shortDescription: dto.short_description,
    categories: dto.categories.map((c) => ({ slug: c.slug, name: c.name })),
    tier: dto.tier,
    tags: dto.tags,
    status: dto.status,
    lock,
    noCodes,
  };
}

/**
 * One definition per number (docs/hosted-app.md, "The member's numbers"), within the list's search and
 * category: `listed` = claimable + needApproval + comingSoon + noCodes + unavailable (the member's
 * list, the same deals in every sort); `locked` = premium + profile + other (the partner's other
 * deals, the /locked page). `claimableCount` (above the list) is the same count over the whole list.
 */
export type HostedDealCounts = {
  listed: number;
  claimable: number;
  needApproval: number;
  comingSoon: number;
  noCodes: number;
  unavailable: number;
  locked: number;
  /** premium deals under freemium (tier lock) */
  premium: number;
  /** a profile answer the member may give would unlock them */
  profile: number;
  other: number;
};

type HostedDealList = {
  /** What GET /v1/deals?user_id= returns (api_excluded included), in the chosen order: the same deals in every sort. */
  deals: HostedDealCard[];
  /** Listed for the partner, but not redeemable by this member (tier, region, eligibility…): the same deals in every sort. */
  locked: HostedDealCard[];
  counts: HostedDealCounts;
  /** Categories of the member's deals, for the filter chips (unaffected by the current filter). */
  categories: { slug: string; name: string }[];
  /** "You can claim N deals": deals whose instructions would answer 200 for the member now (whole list, not the search). */
  claimableCount: number;
  /** How many deals the list holds; `deals` has the first `limit` of them. */
  total: number;
};

/** Cards per "page" of the hosted list: a phone shows them in a column, then "Show more deals". */
export const HOSTED_PAGE_SIZE = 24;

/** The entry's DTO head in `locale` (contract §16: each translated field, else the deal's own text). */
function dtoIn(entry: CatalogEntry, locale: SupportedLocale | undefined) {
  return locale && entry.translations[locale] ? localizeDealDto(entry.dto, entry.translations, locale) : entry.dto;
}

/**
 * `limit`: cards of the member's list to build (the page shows the first ones and a "Show more" link):
 * at 5,000 deals building and sending every card was most of the request (deal-search.md).
 * `locale`: the member's language; deal text is translated where the deal has it.
 */
export async function listHostedDeals(
  hm: HostedMember,
  filter: { q?: string; category?: string; sort?: HostedSort },
  opts: { limit?: number; locale?: SupportedLocale } = {},
): Promise<HostedDealList> {
  const sortName = filter.sort ?? "recommended";
  const sort = HOSTED_SORTS[sortName];
  const q = filter.q?.trim().slice(0, 200) || undefined;
  const category = filter.category?.slice(0, 100) || undefined;
  const limit = opts.limit ?? Infinity;
  const member = memberContext(hm.member);
  const [mine, everyone, all, view] = await Promise.all([
    listChannelDeals(hm.scope, { sort, category }, member),
    listChannelDeals(hm.scope, { sort, category }),
    // The chips list every category of the member's deals: only a category filter narrows `mine`.
    category ? listChannelDeals(hm.scope, { sort: "name" }, member) : null,
    getPartnerView(hm.scope),
  ]);
  // The states need the unfiltered featured-order lists: the ones above when they are those.
  const states = await listMemberDealStates(hm.scope, hm.member, sort === "featured" && !category ? { mine, everyone } : undefined);
  // Typo-tolerant search over the partner's shared and own deals (fuzzy-search.ts).
  const shared = q ? matchDeals(view.shared.entries, q) : null;
  const own = q ? matchDeals(view.own.entries, q) : null;
  const matches = (id: string) => !q || Boolean(shared?.has(id) || own?.has(id));
  const stateOf = new Map<string, MemberDeal>(states.map((s) => [s.entry.id, s]));
  const noCodes = (id: string) => stateOf.get(id)?.state === "no_codes";
  const lockOf = (entry: CatalogEntry): MemberLock | null => memberLock(entry.facts, view.partner, member);
  const categories = new Map<string, string>();
  for (const { entry } of all ?? mine) for (const c of entry.dto.categories) categories.set(c.slug, c.name);
  const categoryList = [...categories].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name));
  const claimableCount = states.filter((s) => s.state === "claimable").length;
  const inFilter = (e: CatalogEntry) => matches(e.id) && (category === undefined || e.categorySlugs.includes(category));

  const mineIds = new Set(mine.map((i) => i.entry.id));
  const lockedEntries = everyone.filter(({ entry }) => !mineIds.has(entry.id) && inFilter(entry)).map(({ entry }) => entry);
  let listedEntries: CatalogEntry[];
  if (sortName === "for_you") {
    // The member's deals in the For-you order; those with no codes left are out of For you but stay
    // in the list, after it, with "No codes left" (contract 19, decided 2026-12-02).
    const own = states.filter((s) => mineIds.has(s.entry.id) && inFilter(s.entry));
    listedEntries = [...forYouOrder(own), ...own.filter((s) => s.state === "no_codes")].map((s) => s.entry);
  } else {
    listedEntries = mine.filter(({ entry }) => matches(entry.id)).map(({ entry }) => entry);
  }
  if (q) {
    // Best matches first (fuzzy-search.ts' score: product name above descriptions and categories),
    // then the chosen order (a stable sort keeps it among equal matches).
    const scoreOf = (e: CatalogEntry) => shared?.get(e.id) ?? own?.get(e.id) ?? 0;
    const byMatch = (a: CatalogEntry, b: CatalogEntry) => scoreOf(b) - scoreOf(a);
    // For you leaves out deals with no codes left, whatever the match: they stay after it.
    const outOfForYou = (e: CatalogEntry) => (sortName === "for_you" && noCodes(e.id) ? 1 : 0);
    listedEntries.sort((a, b) => outOfForYou(a) - outOfForYou(b) || byMatch(a, b));
    lockedEntries.sort(byMatch);
  }
  return {
    deals: listedEntries.slice(0, limit).map((entry) => cardOf(dtoIn(entry, opts.locale), lockOf(entry), noCodes(entry.id))),
    locked: lockedEntries.map((entry) => cardOf(dtoIn(entry, opts.locale), lockOf(entry) ?? UNAVAILABLE, noCodes(entry.id))),
    counts: countDeals(listedEntries, lockedEntries, stateOf),
    categories: categoryList,
    claimableCount,
    total: listedEntries.length,
  };
}

/** The numbers of HostedDealCounts, each deal in exactly one part (the same order of checks as the states). */
function countDeals(listed: readonly CatalogEntry[], locked: readonly CatalogEntry[], stateOf: ReadonlyMap<string, MemberDeal>): HostedDealCounts {
  const c: HostedDealCounts = { listed: listed.length, claimable: 0, needApproval: 0, comingSoon: 0, noCodes: 0, unavailable: 0, locked: locked.length, premium: 0, profile: 0, other: 0 };
  for (const entry of listed) {
    const s = stateOf.get(entry.id);
    if (s?.state === "claimable") c.claimable++;
    else if (s?.state === "no_codes") c.noCodes++;
    else if (entry.status === "coming_soon") c.comingSoon++;
    else if (s && !s.lock && entry.status === "live" && entry.redemption && entry.dto.approval_required) c.needApproval++;
    else c.unavailable++;
  }
  for (const entry of locked) {
    const s = stateOf.get(entry.id);
    if (s?.lock?.code === "tier") c.premium++;
    else if (s?.state === "unlockable") c.profile++;
    else c.other++;
  }
  return c;
}

/** One deal the partner's app can show, with why this member cannot redeem it (or null: they can). */
export async function getHostedDeal(hm: HostedMember, dealId: string, opts: { locale?: SupportedLocale } = {}): Promise<HostedDealDetail | null> {
  const { view, found } = await findChannelDeal(hm.scope, dealId);
  if (!found) return null;
  const dto = dealDtoOf(found.entry, found.claimable, opts.locale);
  let lock: MemberLock | null = null;
  if (dto.status === "paused" || dto.status === "expired") lock = UNAVAILABLE;
  else lock = memberLock(found.entry.facts, view.partner, memberContext(hm.member));
  // "No codes left" on its page too, as in the list (contract 19, decided 2026-12-02).
  const noCodes = !lock && found.entry.status === "live" ? await hasNoCodesLeft(hm.scope, found.entry, hm.member.id) : false;
  return {
    ...cardOf(dto, lock, noCodes),
    longDescription: dto.long_description,
    perkDescription: dto.perk_description,
    marketValue: dto.market_value,
    productUrl: safeHttpUrl(dto.product_url),
    eligibilityRequirements: dto.eligibility_requirements,
    approvalRequired: dto.approval_required,
    approvalTime: dto.approval_time,
    method: dto.redemption?.method ?? null,
    endDate: dto.end_date,
  };
}
