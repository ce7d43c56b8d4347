// The hosted app's deal list and detail: exactly what GET /v1/deals?user_id= returns for the
// member (same service, hosted channel), plus the deals the partner lists that this member cannot
// redeem yet, each with the engine's reason.
import { checkMemberAccess, explainMemberLock, type DealFacts, type MemberContext, type PartnerContext } from "@/server/domain/visibility";
import type { DealDto, DealSort } from "@/server/schemas/deal.schema";
import { memberContext } from "@/server/services/deals/deal-record";
import type { HostedMember } from "@/server/services/members";
import { dealDtoOf, findChannelDeal, getPartnerView, listChannelDeals, type CatalogEntry } from "./deal-source";
import type { LockReason } from "@/components/hosted/lock-reasons";

const UNAVAILABLE: LockReason = { code: "unavailable" };

/** The member's lock on a deal with its details (who the deal is for), or null: they can redeem it. */
export function memberLock(facts: DealFacts, partner: PartnerContext, member: MemberContext): LockReason | null {
  if (checkMemberAccess(facts, partner, member).ok) return null;
  // Refused: the details are worked out for locked deals only (the list's common case stays cheap).
  return (explainMemberLock(facts, partner, member) as LockReason | null) ?? UNAVAILABLE;
}

export const HOSTED_SORTS = { recommended: "featured", newest: "newest", value: "value" } as const satisfies Record<string, DealSort>;
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
  lock: LockReason | null;
};

export type HostedDealDetail = HostedDealCard & {
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
function cardOf(dto: CardFields, lock: LockReason | null): HostedDealCard {
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
  };
}

export type HostedDealList = {
  /** What GET /v1/deals?user_id= returns (api_excluded included), in the chosen order. */
  deals: HostedDealCard[];
  /** Listed for the partner, but not redeemable by this member (tier, region, eligibility…). */
  locked: HostedDealCard[];
  /** Categories of the member's deals, for the filter chips (unaffected by the current filter). */
  categories: { slug: string; name: string }[];
};

export async function listHostedDeals(hm: HostedMember, filter: { q?: string; category?: string; sort?: HostedSort }): Promise<HostedDealList> {
  const sort = HOSTED_SORTS[filter.sort ?? "recommended"];
  const q = filter.q?.trim().slice(0, 200) || undefined;
  const category = filter.category?.slice(0, 100) || undefined;
  const member = memberContext(hm.member);
  const [mine, everyone, all, view] = await Promise.all([
    listChannelDeals(hm.scope, { sort, q, category }, member),
    listChannelDeals(hm.scope, { sort, q, category }),
    q || category ? listChannelDeals(hm.scope, { sort: "name" }, member) : null,
    getPartnerView(hm.scope),
  ]);
  const lockOf = (entry: CatalogEntry): LockReason | null => memberLock(entry.facts, view.partner, member);
  const mineIds = new Set(mine.map((i) => i.entry.id));
  const categories = new Map<string, string>();
  for (const { entry } of all ?? mine) for (const c of entry.dto.categories) categories.set(c.slug, c.name);
  return {
    deals: mine.map(({ entry }) => cardOf(entry.dto, lockOf(entry))),
    locked: everyone.filter(({ entry }) => !mineIds.has(entry.id)).map(({ entry }) => cardOf(entry.dto, lockOf(entry) ?? UNAVAILABLE)),
    categories: [...categories].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** One deal the partner's app can show, with why this member cannot redeem it (or null: they can). */
export async function getHostedDeal(hm: HostedMember, dealId: string): Promise<HostedDealDetail | null> {
  const { view, found } = await findChannelDeal(hm.scope, dealId);
  if (!found) return null;
  const dto = dealDtoOf(found.entry, found.claimable);
  let lock: LockReason | null = null;
  if (dto.status === "paused" || dto.status === "expired") lock = UNAVAILABLE;
  else lock = memberLock(found.entry.facts, view.partner, memberContext(hm.member));
  return {
    ...cardOf(dto, lock),
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
