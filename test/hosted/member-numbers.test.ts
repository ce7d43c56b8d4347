// The member's numbers agree (issue 53.1, contract 19): "You can claim N deals" counts the deals whose
// instructions answer 200 now; "Your deals (L)" is the same deals in every sort and L = claimable +
// need approval + coming soon + no codes left + not available; "Locked deals (K)" is the same deals
// on the list and on /locked, K = premium + a profile answer would unlock + other. Each number is
// computed from the fixture and from GET /v1/deals/{id}/instructions over real HTTP.
// Also: a deal with no codes left stays in the list (issue 52.8) and search ranks the best match
// first (issue 53.7).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getHostedDeal, listHostedDeals, type HostedSort } from "@/server/services/deals";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { db } from "../helpers/db";
import { seedOwnDeal as ownDeal } from "../helpers/seed-deals";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());


/** A partner (freemium on; funding is not the members' to answer) and one member, live. */
async function setUp() {
  const p = await seedPartnerWithToken(server.url, "live", { type: "University" });
  const scope = { partnerId: p.partner.id, environment: "live" as const };
  await db.partner.update({
    where: { id: p.partner.id },
    data: { freemiumEnabled: true, memberEditableDimensions: ["customer_type", "company_stage", "company_size", "business_type", "geography", "incorporation", "user_types", "regions"] },
  });
  const member = await createTestMember(scope);
  return { p, scope, member, hm: { scope, member } };
}

const SORTS: HostedSort[] = ["for_you", "recommended", "newest", "value"];

describe("the member's numbers", () => {
  it("one definition per number, the same on the list (every sort) and on /locked, and the parts add up", async () => {
    const { p, scope, member, hm } = await setUp();
    const claimable = [await ownDeal(scope, { productName: "Alpha url" }), await ownDeal(scope, { productName: "Bravo url", tags: ["featured"] })];
    const withCodes = await ownDeal(scope, { productName: "Charlie codes", redemptionMethod: "unique_code", redemptionRedeemUrl: "" });
    await db.uniqueCode.create({ data: { dealId: withCodes.id, environment: "live", code: `C-${randomUUID()}` } });
    claimable.push(withCodes);
    const approval = [await ownDeal(scope, { productName: "Delta approval", approvalRequired: true }), await ownDeal(scope, { productName: "Echo approval", approvalRequired: true })];
    const soon = [await ownDeal(scope, { productName: "Foxtrot soon", status: "coming_soon" })];
    const noCodes = [await ownDeal(scope, { productName: "Golf empty pool", redemptionMethod: "unique_code", redemptionRedeemUrl: "" })];
    const premium = [await ownDeal(scope, { productName: "Hotel premium", tier: "premium" })];
    const profile = [await ownDeal(scope, { productName: "India seed only", eligibilityCompanyStage: ["Seed"] })];
    const other = [await ownDeal(scope, { productName: "Juliet angels only", eligibilityFunding: ["Angel"] })];
    const ids = (ds: { id: string }[]) => ds.map((d) => d.id).sort();
    const listed = ids([...claimable, ...approval, ...soon, ...noCodes]);
    const locked = ids([...premium, ...profile, ...other]);
    const own = new Set([...listed, ...locked]);

    // The fixture's truth over real HTTP: which instructions answer 200 (claimable), and what GET /v1/deals?user_id= lists.
    const answers = new Map<string, number>();
    for (const id of own) answers.set(id, (await api(server.url, p.token, "GET", `/v1/deals/${id}/instructions?user_id=${member.id}`)).status);
    expect([...answers].filter(([, s]) => s === 200).map(([id]) => id).sort()).toEqual(ids(claimable));
    expect(answers.get(noCodes[0].id)).toBe(409);
    // Every page: in one shared database other files' catalogue deals can push ours past the first 100.
    const apiListed: string[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: { body: { data: { id: string }[]; next_cursor: string | null } } = await api(server.url, p.token, "GET", `/v1/deals?user_id=${member.id}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      apiListed.push(...page.body.data.map((d) => d.id).filter((id) => own.has(id)));
      cursor = page.body.next_cursor;
    }
    expect(apiListed.sort()).toEqual(listed);

    // Other test files add catalogue deals every partner sees: the numbers are compared with a twin
    // partner's (same settings, none of these deals), listed at the same moment.
    const twin = await setUp();
    const expected = { listed: listed.length, claimable: claimable.length, needApproval: approval.length, comingSoon: soon.length, noCodes: noCodes.length, unavailable: 0, locked: locked.length, premium: 1, profile: 1, other: 1 };
    const calls: [HostedSort | undefined, string][] = [...SORTS.map((s) => [s, ""] as [HostedSort, string]), [undefined, "the /locked page's call"]];
    for (const [sort, label] of calls) {
      const [list, twinList] = await Promise.all([listHostedDeals(hm, sort ? { sort } : {}), listHostedDeals(twin.hm, sort ? { sort } : {})]);
      const diff = Object.fromEntries(Object.entries(list.counts).map(([k, v]) => [k, v - twinList.counts[k as keyof typeof list.counts]]));
      expect(diff, `${sort ?? label}`).toEqual(expected);
      expect(list.claimableCount - twinList.claimableCount, `${sort ?? label}`).toBe(claimable.length);
      expect(list.total - twinList.total).toBe(listed.length);
      expect(list.locked.length - twinList.locked.length).toBe(locked.length);
      // The parts add up to the headings.
      const c = list.counts;
      expect(c.claimable + c.needApproval + c.comingSoon + c.noCodes + c.unavailable).toBe(list.total);
      expect(c.premium + c.profile + c.other).toBe(list.locked.length);
      expect(list.deals.map((d) => d.id).filter((id) => own.has(id)).sort(), `${sort ?? label}`).toEqual(listed);
      expect(list.locked.map((d) => d.id).filter((id) => own.has(id)).sort(), `${sort ?? label}`).toEqual(locked);
    }
  });

  it("a deal with no codes left stays in the member's list and on its page, after For you, not claimable (issue 52.8)", async () => {
    const { scope, hm } = await setUp();
    const twin = await setUp();
    const empty = await ownDeal(scope, { productName: "Only deal, empty pool", redemptionMethod: "unique_code", redemptionRedeemUrl: "" });
    const [list, twinList] = await Promise.all([listHostedDeals(hm, { sort: "for_you" }), listHostedDeals(twin.hm, { sort: "for_you" })]);
    const card = list.deals.find((d) => d.id === empty.id);
    expect(card?.noCodes).toBe(true);
    expect(list.locked.map((d) => d.id)).not.toContain(empty.id);
    // After every deal of For you (it is left out of that order), among the other no-codes deals
    // (catalogue deals of other tests can have empty pools too).
    const firstEmpty = list.deals.findIndex((d) => d.noCodes);
    expect(list.deals.slice(firstEmpty).every((d) => d.noCodes)).toBe(true);
    expect(list.deals.findIndex((d) => d.id === empty.id)).toBeGreaterThanOrEqual(firstEmpty);
    expect(list.total - twinList.total).toBe(1);
    expect(list.claimableCount - twinList.claimableCount).toBe(0);
    expect(list.counts.noCodes - twinList.counts.noCodes).toBe(1);
    expect((await getHostedDeal(hm, empty.id))?.noCodes).toBe(true);
    // A code added: the deal is claimable again, and its page says nothing of an empty pool.
    await db.uniqueCode.create({ data: { dealId: empty.id, environment: "live", code: `C-${randomUUID()}` } });
    expect((await getHostedDeal(hm, empty.id))?.noCodes).toBe(false);
  });
});

describe("search ranks the best match first (issue 53.7)", () => {
  it("product-name matches by quality, above description matches, then the list's order", async () => {
    const { scope, hm } = await setUp();
    const tag = randomUUID().slice(0, 6);
    // Featured and described with "close" (a trigram neighbour of "clod"): first in every order without ranking.
    const described = await ownDeal(scope, { productName: `Apex Sales ${tag}`, shortDescription: "Find buyers and close deals", tags: ["featured"] });
    const oneEdit = await ownDeal(scope, { productName: `Cloudbase ${tag}` });
    const prefix = await ownDeal(scope, { productName: `Clodsworth ${tag}` });
    const exact = await ownDeal(scope, { productName: `Clod Works ${tag}` });
    const unrelated = await ownDeal(scope, { productName: `Unrelated ${tag}` });
    const mine = new Set([described.id, oneEdit.id, prefix.id, exact.id]);
    for (const sort of SORTS) {
      const found = (await listHostedDeals(hm, { q: "clod", sort })).deals.map((d) => d.id).filter((id) => mine.has(id));
      expect(found, sort).toEqual([exact.id, prefix.id, oneEdit.id, described.id]);
    }
    // Two words: both must match ("Unrelated <tag>" has only the tag); still by quality. Only this
    // partner's deals are compared: other files' catalogue deals can match both words fuzzily.
    const own = new Set([...mine, unrelated.id]);
    const two = (await listHostedDeals(hm, { q: `clod ${tag}`, sort: "for_you" })).deals.map((d) => d.id).filter((id) => own.has(id));
    expect(two).toEqual([exact.id, prefix.id, oneEdit.id, described.id]);
  });
});
