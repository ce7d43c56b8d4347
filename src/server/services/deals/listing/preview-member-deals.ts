// "Preview as a member": exactly what GET /v1/deals?user_id= returns for a member (the same
// listDeals service, API channel; a described member goes in as the same MemberContext a stored
// one becomes), and every other deal of the catalogue with the reasons it is hidden from them.
import { explainDealForMember, memberLockText, memberLockTitle, type MemberContext } from "@/server/domain/visibility";
import type { DealListQuery } from "@/server/schemas/deal.schema";
import type { PreviewInput, PreviewOutput, PreviewRow } from "@/server/schemas/portal-deals.schema";
import type { PartnerScope } from "@/server/scope";
import { memberContext } from "@/server/services/deals/deal-record";
import { findDealMember } from "./find-deal-member";
import { listDeals } from "./list-deals";
import { getPartnerCatalogue, type CatalogueDeal } from "./catalogue-source";
import { describedMemberContext } from "./described-member";
import { reasonView } from "./reason-view";
import { memberLock, safeImageUrl } from "./hosted-deals";

// Every deal in one call: the list is paged here, after the member gates.
const ALL = 100_000;

export async function previewMemberDeals(scope: PartnerScope, input: PreviewInput): Promise<PreviewOutput> {
  const query: DealListQuery = { limit: ALL, sort: "featured", q: input.q || undefined, category: input.category };
  let member: MemberContext;
  let label = "Described member";
  let memberId: string | null = null;
  let page: Awaited<ReturnType<typeof listDeals>>;
  if (input.member.kind === "id") {
    const row = await findDealMember(scope, { user_id: input.member.id });
    member = memberContext(row!);
    label = row!.email;
    memberId = row!.id;
    page = await listDeals(scope, { ...query, user_id: row!.id });
  } else {
    member = describedMemberContext(input.member.profile);
    page = await listDeals(scope, query, { member });
  }
  const catalogue = await getPartnerCatalogue(scope);
  const partner = catalogue.view.partner;
  const listedIds = page.items.map((i) => i.entry.id);
  const listed = new Set(listedIds);
  const q = input.q?.trim().toLowerCase() || null;
  const hidden = catalogue.deals.filter(
    (d) => !listed.has(d.entry.id) && (q === null || d.entry.search.includes(q)) && (input.category === undefined || d.entry.categorySlugs.includes(input.category)),
  );

  const start = (input.page - 1) * input.page_size;
  const rowOf = (d: CatalogueDeal, claimable: boolean): PreviewRow => {
    const e = explainDealForMember(d.facts, partner, member, { hiddenByPartner: d.hiddenByPartner });
    return {
      id: d.entry.id,
      product_name: d.dto.product_name,
      short_description: d.dto.short_description,
      deal_type: d.dto.deal_type,
      status: d.dto.status,
      tier: d.dto.tier,
      claimable,
      hidden_by: e.hidden_for_member_by.map((r) => reasonView(r)),
      locked_by: e.locked_by.map((r) => reasonView(r)),
      card: cardOf(d),
    };
  };
  // The card the hosted app draws for this member (hosted-deals.ts): the same lock, in the member's words.
  const cardOf = (d: CatalogueDeal): PreviewRow["card"] => {
    const lock = memberLock(d.facts, partner, member);
    return {
      logo_url: safeImageUrl(d.dto.logo_url),
      perk: d.dto.perk_description?.trim() || null,
      value: d.dto.market_value?.trim() || null,
      categories: d.dto.categories.map((c) => c.name),
      lock: lock ? { title: memberLockTitle(lock), text: memberLockText(lock) } : null,
    };
  };
  const rows =
    input.show === "listed"
      ? page.items.slice(start, start + input.page_size).flatMap((i) => {
          // Both read the same cached view; a catalogue change between the two calls may drop a row.
          const d = catalogue.byId.get(i.entry.id);
          return d ? [rowOf(d, i.claimable)] : [];
        })
      : hidden.slice(start, start + input.page_size).map((d) => rowOf(d, d.explanation.claimable));

  return {
    member: {
      label,
      id: memberId,
      tier: member.tier,
      user_types: [...member.user_types],
      regions: [...(member.regions.length ? member.regions : partner.regions)],
      regions_from: member.regions.length ? "member" : "partner",
      eligibility: Object.fromEntries(Object.entries(member.eligibility).map(([k, v]) => [k, [...v]])),
    },
    rows,
    listed_total: listedIds.length,
    hidden_total: hidden.length,
    page: input.page,
    page_size: input.page_size,
  };
}
