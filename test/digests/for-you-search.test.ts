// The hosted app's list (contract section 19): typo-tolerant search, the For-you order, "You can
// claim N deals" agreeing with the instructions, and "No codes left".
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { forYouOrder, listHostedDeals, listMemberDealStates, redeemDeal } from "@/server/services/deals";
import { db } from "../helpers/db";
import { seedOwnDeal as ownDeal } from "../helpers/seed-deals";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";


async function setUp() {
  const p = await seedPartner();
  const scope = { partnerId: p.partner.id, environment: "live" as const };
  // Shared catalogue deals of other test files stay out of this partner's list.
  await db.partner.update({ where: { id: p.partner.id }, data: { type: "University" } });
  const member = await createTestMember(scope);
  return { scope, member, hm: { scope, member } };
}

describe("hosted search", () => {
  it("finds deals with a typo, in descriptions and by category name; not unrelated ones", async () => {
    const { scope, hm } = await setUp();
    const tag = randomUUID().slice(0, 6);
    const cat = await db.category.create({ data: { slug: `cat-${tag}`, name: `Bookkeeping${tag}` } });
    const hubspot = await ownDeal(scope, { productName: `Hubspot ${tag}`, shortDescription: "Marketing suite" });
    const analytics = await ownDeal(scope, { productName: `Metrics ${tag}`, longDescription: "Product analytics for startups" });
    const books = await ownDeal(scope, { productName: `Ledger ${tag}`, categories: { create: { categoryId: cat.id } } });
    const other = await ownDeal(scope, { productName: `Unrelated ${tag}` });
    // Among this test's deals: the shared catalogue holds other test files' deals, and a HubSpot there
    // matches "hubsopt" too (the embedded run, with every file on one database, met two).
    const mine = new Set([hubspot.id, analytics.id, books.id, other.id]);
    const found = async (q: string) => (await listHostedDeals(hm, { q, sort: "recommended" })).deals.map((d) => d.id);
    const ids = async (q: string) => (await found(q)).filter((id) => mine.has(id));
    expect(await ids("hubsopt")).toEqual([hubspot.id]); // swapped letters
    expect(await ids("hubspt")).toEqual([hubspot.id]); // a missing letter
    expect(await ids("analitycs")).toEqual([analytics.id]);
    expect(await ids(`bookkeeping${tag}`)).toEqual([books.id]);
    expect(await ids("markting")).toEqual([hubspot.id]);
    expect((await ids(tag)).sort()).toEqual([hubspot.id, analytics.id, books.id, other.id].sort());
    expect(await found("zzzqqq")).toEqual([]);
  });
});

describe("a catalogue past 5,000 deals", () => {
  it("lists, counts and searches every deal (the hosted list once stopped at 5,000)", async () => {
    const { scope, hm } = await setUp();
    const tag = randomUUID().slice(0, 6);
    // Shared catalogue deals other test files leave visible to this partner count too, and they may
    // add some while this runs: the list holds at least ours, and every one of ours.
    const N = 5_003;
    for (let i = 0; i < N; i += 1000) {
      await db.deal.createMany({
        data: Array.from({ length: Math.min(1000, N - i) }, (_, k) => ({
          slug: `big-${tag}-${i + k}`,
          // The last one sorts last by name (the featured order's tie-break): past the 5,000th.
          productName: i + k === N - 1 ? `Zulu ${tag}` : `Bulk ${tag} ${i + k}`,
          shortDescription: i + k === N - 1 ? "The very last one: zeppelin hangar" : "A deal for tests",
          dealType: "partner_private" as const,
          ownerPartnerId: scope.partnerId,
          environment: scope.environment,
          status: "live" as const,
          redemptionMethod: "url" as const,
          redemptionRedeemUrl: "https://example.com/redeem",
        })),
      });
    }
    const whole = await listHostedDeals(hm, { sort: "recommended" }, { limit: 24 });
    expect(whole.total).toBeGreaterThanOrEqual(N);
    expect(whole.claimableCount).toBeGreaterThanOrEqual(N);
    expect((await listHostedDeals(hm, { sort: "for_you" }, { limit: 24 })).total).toBeGreaterThanOrEqual(N);
    const names = (await listHostedDeals(hm, { sort: "recommended" })).deals.map((d) => d.productName);
    expect(names.filter((n) => n.includes(tag))).toHaveLength(N);
    expect(names).toContain(`Zulu ${tag}`);
    // Search finds the deal past the 5,000th too (a typo in one word).
    const found = await listHostedDeals(hm, { q: "zeplin hangar", sort: "recommended" });
    expect(found.deals.map((d) => d.productName)).toEqual([`Zulu ${tag}`]);
    await db.deal.deleteMany({ where: { ownerPartnerId: scope.partnerId } });
  }, 120_000);
});

describe("For you, claimable count and No codes left", () => {
  it("orders claimable, then the rest, empty pools last (out of For you); counts what the instructions give", async () => {
    const { scope, member, hm } = await setUp();
    const plain = await ownDeal(scope, { productName: "Alpha plain" });
    const featured = await ownDeal(scope, { productName: "Zulu featured", tags: ["featured"] });
    const unlockable = await ownDeal(scope, { productName: "Beta seed only", eligibilityCompanyStage: ["Seed"] });
    const soon = await ownDeal(scope, { productName: "Aardvark soon", status: "coming_soon" });
    const empty = await ownDeal(scope, { productName: "Empty pool", redemptionMethod: "unique_code", redemptionRedeemUrl: "" });
    const withCodes = await ownDeal(scope, { productName: "Gamma codes", redemptionMethod: "unique_code", redemptionRedeemUrl: "" });
    await db.uniqueCode.create({ data: { dealId: withCodes.id, environment: "live", code: `C-${randomUUID()}` } });
    const approval = await ownDeal(scope, { productName: "Delta approval", approvalRequired: true });

    // Other test files add catalogue deals that every partner sees: the order is checked among this
    // partner's own deals, and the count against a twin partner without them, listed at the same moment.
    const twin = await setUp();
    const [list, twinList] = await Promise.all([listHostedDeals(hm, { sort: "for_you" }), listHostedDeals(twin.hm, { sort: "for_you" })]);
    const own = new Set([plain, featured, unlockable, soon, empty, withCodes, approval].map((d) => d.id));
    // The member's list is the same deals in every sort (issue 53.1): a deal a profile answer would
    // unlock is counted and shown under Locked deals; an empty pool stays in the list after For you (52.8).
    expect(list.deals.map((d) => d.id).filter((id) => own.has(id))).toEqual([featured.id, plain.id, withCodes.id, soon.id, approval.id, empty.id]);
    expect(list.locked.find((d) => d.id === unlockable.id)?.lock?.code).toBe("eligibility:company_stage");
    expect(list.deals.find((d) => d.id === empty.id)?.noCodes).toBe(true);

    const recommended = await listHostedDeals(hm, { sort: "recommended" });
    expect(recommended.deals.find((d) => d.id === empty.id)?.noCodes).toBe(true);
    expect(recommended.deals.find((d) => d.id === plain.id)?.noCodes).toBe(false);

    // "You can claim N deals" is the number of deals whose instructions answer 200 for the member.
    const all = [plain, featured, unlockable, soon, empty, withCodes, approval];
    const answers = await Promise.all(all.map((d) => redeemDeal(scope, d.id, { user_id: member.id }, { channel: "hosted" })));
    expect(answers.filter((a) => a.ok).length).toBe(3);
    expect(list.claimableCount - twinList.claimableCount).toBe(3);
    // The member's code is theirs: the pool is empty now but the deal stays claimable for them.
    const [after, twinAfter] = await Promise.all([listHostedDeals(hm, { sort: "for_you" }), listHostedDeals(twin.hm, { sort: "for_you" })]);
    expect(after.claimableCount - twinAfter.claimableCount).toBe(3);

    // A search in For you: the empty pool stays after the deals of For you even when it matches best.
    const pool = await ownDeal(scope, { productName: "Swimming pools guide" });
    const searched = await listHostedDeals(hm, { sort: "for_you", q: "pool" });
    expect(searched.deals.map((d) => d.id).filter((id) => id === pool.id || id === empty.id)).toEqual([pool.id, empty.id]);
  });
  it("reads every fact of the states: approved requests, pools (free, the member's own), popularity, editable dimensions", async () => {
    const { scope, member } = await setUp();
    const alpha = await ownDeal(scope, { productName: "Alpha quiet" });
    const bravo = await ownDeal(scope, { productName: "Bravo popular" });
    const approval = await ownDeal(scope, { productName: "Charlie approval", approvalRequired: true });
    const pending = await ownDeal(scope, { productName: "Delta approval pending", approvalRequired: true });
    const theirs = await ownDeal(scope, { productName: "Echo their code", redemptionMethod: "unique_code", redemptionRedeemUrl: "" });
    const free = await ownDeal(scope, { productName: "Foxtrot free code", redemptionMethod: "unique_code", redemptionRedeemUrl: "" });
    const empty = await ownDeal(scope, { productName: "Golf empty pool", redemptionMethod: "unique_code", redemptionRedeemUrl: "" });
    const seedOnly = await ownDeal(scope, { productName: "Hotel seed only", eligibilityCompanyStage: ["Seed"] });
    await db.accessRequest.create({ data: { ...scope, type: "deal", dealId: approval.id, memberId: member.id, email: member.email ?? "m@example.com", status: "approved" } });
    await db.accessRequest.create({ data: { ...scope, type: "deal", dealId: pending.id, memberId: member.id, email: member.email ?? "m@example.com", status: "pending" } });
    await db.uniqueCode.create({ data: { dealId: theirs.id, environment: "live", code: `T-${randomUUID()}`, memberId: member.id, claimedAt: new Date() } });
    await db.uniqueCode.create({ data: { dealId: free.id, environment: "live", code: `F-${randomUUID()}` } });
    await db.uniqueCode.create({ data: { dealId: empty.id, environment: "live", code: `E-${randomUUID()}`, claimedAt: new Date() } });
    // Bravo was viewed this week: popularity puts it before Alpha (the name would put it after).
    await db.$executeRaw`INSERT INTO deal_event_rollups (partner_id, environment, grain, bucket_start, deal_id, views, redemptions)
      VALUES (${scope.partnerId}::uuid, 'live', 'day', date_trunc('day', now()), ${bravo.id}::uuid, 10, 1)`;

    const stateOf = async () => new Map((await listMemberDealStates(scope, member)).map((d) => [d.entry.id, d]));
    const states = await stateOf();
    expect(states.get(approval.id)?.state).toBe("claimable");
    expect(states.get(pending.id)?.state).toBe("locked");
    expect(states.get(theirs.id)?.state).toBe("claimable");
    expect(states.get(free.id)?.state).toBe("claimable");
    expect(states.get(empty.id)?.state).toBe("no_codes");
    expect(states.get(seedOnly.id)?.state).toBe("unlockable");
    expect(states.get(bravo.id)?.popularity).toBe(15);
    expect(states.get(alpha.id)?.popularity).toBe(0);
    const order = forYouOrder([...states.values()]).map((d) => d.entry.id);
    expect(order.indexOf(bravo.id)).toBeLessThan(order.indexOf(alpha.id));

    // A partner that lets members edit nothing: the profile answer would not unlock it, so it is locked.
    await db.partner.update({ where: { id: scope.partnerId }, data: { memberEditableDimensions: [] } });
    expect((await stateOf()).get(seedOnly.id)?.state).toBe("locked");
  });
});
