// docs/api.md, Visibility and eligibility over real HTTP: every rule type and combination of the partner, region and user-type
// dimensions, eligibility gates, claimable_without_eligibility and freemium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals, type ServicepassSpec } from "../helpers/seed-deals";
import { createTestMember, type TestMemberInput } from "../helpers/seed-members";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

type Seeded = Awaited<ReturnType<typeof seedPartnerWithToken>>;
const rule = (rule_type: string, rule_value: string[], priority = 0) => ({ rule_type, rule_value, priority });

async function names(p: Seeded, category: string, extra = "") {
  const res = await api(server.url, p.token, "GET", `/v1/deals?category=${category}&sort=name&limit=100${extra}`);
  expect(res.status).toBe(200);
  return res.body.data.map((d: any) => d.product_name) as string[];
}
async function byName(p: Seeded, category: string) {
  const res = await api(server.url, p.token, "GET", `/v1/deals?category=${category}&limit=100&status=live,coming_soon`);
  return Object.fromEntries(res.body.data.map((d: any) => [d.product_name, d]));
}
async function member(p: Seeded, input: TestMemberInput = {}) {
  return createTestMember({ partnerId: p.partner.id, environment: p.environment }, input);
}
async function instructions(p: Seeded, dealId: string, memberId: string) {
  return api(server.url, p.token, "GET", `/v1/deals/${dealId}/instructions?user_id=${memberId}`);
}

describe("partner dimension", () => {
  it("applies include/exclude by partner id and partner type with priorities, ties and the include default", async () => {
    const a = await seedPartnerWithToken(server.url, "live", { type: "Accelerator" });
    const a2 = await seedPartnerWithToken(server.url, "live", { type: "Accelerator" });
    const vc = await seedPartnerWithToken(server.url, "live", { type: "VC fund" });
    const bank = await seedPartnerWithToken(server.url, "live", { type: "Bank" });
    const specs: ServicepassSpec[] = [
      { product_name: "01 no rules" },
      { product_name: "02 include A", visibility_rules: [rule("include_partner", [a.partner.id])] },
      { product_name: "03 exclude A", visibility_rules: [rule("exclude_partner", [a.partner.id])] },
      { product_name: "04 include VC type", visibility_rules: [rule("include_partner_type", ["VC fund"])] },
      { product_name: "05 exclude Bank type", visibility_rules: [rule("exclude_partner_type", ["Bank"])] },
      { product_name: "06 accel type, minus A (higher)", visibility_rules: [rule("include_partner_type", ["Accelerator"], 1), rule("exclude_partner", [a.partner.id], 5)] },
      { product_name: "07 A over excluded type", visibility_rules: [rule("exclude_partner_type", ["Accelerator"], 1), rule("include_partner", [a.partner.id], 5)] },
      { product_name: "08 tie: exclude wins", visibility_rules: [rule("include_partner", [a.partner.id], 3), rule("exclude_partner_type", ["Accelerator"], 3)] },
      { product_name: "09 include beats lower exclude", visibility_rules: [rule("include_partner_type", ["VC fund"], 1), rule("exclude_partner_type", ["VC fund"], 0)] },
      { product_name: "10 exclude not matching", visibility_rules: [rule("exclude_partner_type", ["Government"])] },
      { product_name: "11 only other dimensions", visibility_rules: [rule("include_region", ["Europe"]), rule("include_user_type", ["SME"])] },
      { product_name: "12 lower exclude loses to include", visibility_rules: [rule("exclude_partner", [a.partner.id], -5), rule("include_partner_type", ["Accelerator"], 0)] },
    ];
    const { category } = await seedServicepassDeals(specs);
    expect(await names(a, category)).toEqual(["01 no rules", "02 include A", "05 exclude Bank type", "07 A over excluded type", "10 exclude not matching", "11 only other dimensions", "12 lower exclude loses to include"]);
    expect(await names(a2, category)).toEqual(["01 no rules", "03 exclude A", "05 exclude Bank type", "06 accel type, minus A (higher)", "10 exclude not matching", "11 only other dimensions", "12 lower exclude loses to include"]);
    expect(await names(vc, category)).toEqual(["01 no rules", "03 exclude A", "04 include VC type", "05 exclude Bank type", "09 include beats lower exclude", "10 exclude not matching", "11 only other dimensions"]);
    expect(await names(bank, category)).toEqual(["01 no rules", "03 exclude A", "10 exclude not matching", "11 only other dimensions"]);
  });

  it("hides a deal from a partner whose type changes into an excluded one (and the instructions 404)", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { type: "Accelerator" });
    const m = await member(p);
    const { category, ids, slugs } = await seedServicepassDeals([{ product_name: "x", visibility_rules: [rule("exclude_partner_type", ["Bank"])] }]);
    expect(await names(p, category)).toEqual(["x"]);
    const { db } = await import("@/server/db/client");
    await db.partner.update({ where: { id: p.partner.id }, data: { type: "Bank" } });
    // A write outside the services reaches this process's caches through the change feed's
    // notification, a few milliseconds after the commit: poll until it has.
    await expect.poll(() => names(p, category), { timeout: 5_000 }).toEqual([]);
    const res = await instructions(p, ids[slugs[0]], m.id);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("deal_not_found");
  });
});

describe("region dimension → available_regions", () => {
  it("resolves per region with priorities, in the enumeration's order, and can be empty", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { regions: ["Europe"] });
    const { category } = await seedServicepassDeals([
      { product_name: "none" },
      { product_name: "include two", visibility_rules: [rule("include_region", ["Asia", "Europe"])] },
      { product_name: "exclude one", visibility_rules: [rule("exclude_region", ["Europe"])] },
      { product_name: "include minus higher exclude", visibility_rules: [rule("include_region", ["Europe", "North America"], 10), rule("exclude_region", ["Europe"], 20)] },
      { product_name: "higher include over exclude", visibility_rules: [rule("include_region", ["Europe"], 20), rule("exclude_region", ["Europe", "Asia"], 10)] },
      { product_name: "tie", visibility_rules: [rule("include_region", ["Oceania"], 1), rule("exclude_region", ["Oceania"], 1)] },
      { product_name: "exclude all", visibility_rules: [rule("exclude_region", ["North America", "South America", "Europe", "Middle East", "Asia", "Africa", "Oceania"])] },
    ]);
    const deals = await byName(p, category);
    expect("available_regions" in deals["none"]).toBe(false);
    expect(deals["include two"].available_regions).toEqual(["Europe", "Asia"]);
    expect(deals["exclude one"].available_regions).toEqual(["North America", "South America", "Middle East", "Asia", "Africa", "Oceania"]);
    expect(deals["include minus higher exclude"].available_regions).toEqual(["North America"]);
    expect(deals["higher include over exclude"].available_regions).toEqual(["Europe"]);
    expect(deals["tie"].available_regions).toEqual([]);
    expect(deals["exclude all"].available_regions).toEqual([]);
    // a region rule never hides a deal from the partner list
    expect(Object.keys(deals)).toHaveLength(7);
  });

  it("gates members by their regions (or the partner's when they have none)", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { regions: ["Europe"] });
    const { ids, slugs } = await seedServicepassDeals([
      { product_name: "asia", visibility_rules: [rule("include_region", ["Asia"])] },
      { product_name: "nowhere", visibility_rules: [rule("include_region", ["Asia"], 1), rule("exclude_region", ["Asia"], 2)] },
      { product_name: "not europe", visibility_rules: [rule("exclude_region", ["Europe"])] },
    ]);
    const [asia, nowhere, notEurope] = slugs.map((s) => ids[s]);
    const inAsia = await member(p, { regions: ["Asia"] });
    const inEurope = await member(p, { regions: ["Europe"] });
    const noRegion = await member(p);
    expect((await instructions(p, asia, inAsia.id)).status).toBe(200);
    for (const [deal, m] of [[asia, inEurope], [asia, noRegion], [nowhere, inAsia], [notEurope, inEurope], [notEurope, noRegion]] as const) {
      const res = await instructions(p, deal, m.id);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "not_eligible", type: "permission_error", reason: "region" });
      expect(res.body.error.message).toContain("region");
    }
    expect((await instructions(p, notEurope, inAsia.id)).status).toBe(200);
  });
});

describe("user-type dimension", () => {
  it("passes a member when the priority rule includes at least one of their user types", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const { category, ids, slugs } = await seedServicepassDeals([
      { product_name: "A include idea", visibility_rules: [rule("include_user_type", ["Idea stage"])] },
      { product_name: "B exclude sme", visibility_rules: [rule("exclude_user_type", ["SME"])] },
      { product_name: "C include both, SME excluded higher", visibility_rules: [rule("include_user_type", ["Idea stage", "SME"], 1), rule("exclude_user_type", ["SME"], 2)] },
      { product_name: "D tie", visibility_rules: [rule("include_user_type", ["Scale-up"], 4), rule("exclude_user_type", ["Scale-up"], 4)] },
      { product_name: "E open" },
    ]);
    const cases: [TestMemberInput["user_types"], string[]][] = [
      [[], ["B exclude sme", "E open"]],
      [["Idea stage"], ["A include idea", "B exclude sme", "C include both, SME excluded higher", "E open"]],
      [["SME"], ["E open"]],
      [["SME", "Idea stage"], ["A include idea", "B exclude sme", "C include both, SME excluded higher", "E open"]],
      [["Scale-up"], ["B exclude sme", "E open"]],
    ];
    for (const [types, expected] of cases) {
      const m = await member(p, { user_types: types });
      expect(await names(p, category, `&user_id=${m.id}`), JSON.stringify(types)).toEqual(expected);
    }
    // the partner list itself ignores user types
    expect(await names(p, category)).toHaveLength(5);
    const sme = await member(p, { user_types: ["SME"] });
    const res = await instructions(p, ids[slugs[0]], sme.id);
    expect(res.status).toBe(403);
    expect(res.body.error.reason).toBe("user_type");
  });
});

describe("eligibility gates", () => {
  it("needs a shared value per non-empty dimension; defaults are permissive for customer_type, company_size, incorporation", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const dims: [string, string[], string[]][] = [
      ["customer_type", ["New customer"], ["Existing customer"]],
      ["company_stage", ["Seed", "Series A"], ["Idea"]],
      ["company_size", ["11-50"], ["1000+"]],
      ["business_type", ["B2B"], ["B2C"]],
      ["geography", ["DE", "FR"], ["US"]],
      ["incorporation", ["Incorporated"], ["Not incorporated"]],
      ["funding", ["VC-backed"], ["Bootstrapped"]],
    ];
    const { ids, slugs } = await seedServicepassDeals(dims.map(([d, req]) => ({ product_name: d, [`eligibility_${d}`]: req })));
    const defaultMember = await member(p);
    for (const [i, [dim, required, other]] of dims.entries()) {
      const dealId = ids[slugs[i]];
      const permissive = ["customer_type", "company_size", "incorporation"].includes(dim);
      const res = await instructions(p, dealId, defaultMember.id);
      if (permissive) expect(res.status, dim).toBe(200);
      else expect(res.body.error, dim).toMatchObject({ code: "not_eligible", reason: `eligibility:${dim}` });
      const holder = await member(p, { eligibility: { [dim]: [other[0], required[1] ?? required[0]] } });
      expect((await instructions(p, dealId, holder.id)).status, `${dim} holder`).toBe(200);
      const outsider = await member(p, { eligibility: { [dim]: other } });
      const refused = await instructions(p, dealId, outsider.id);
      expect(refused.status, `${dim} outsider`).toBe(403);
      expect(refused.body.error.reason).toBe(`eligibility:${dim}`);
    }
  });

  it("reports the first failing gate: coming_soon, tier, region, user_type, then eligibility", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { regions: ["Europe"], freemium_enabled: true });
    const everything = { visibility_rules: [rule("include_region", ["Asia"]), rule("include_user_type", ["SME"])], eligibility_funding: ["Angel"], tier: "premium" };
    const { ids, slugs } = await seedServicepassDeals([
      { ...everything, status: "coming_soon" },
      { ...everything },
      { ...everything, tier: "free" },
      { ...everything, tier: "free", visibility_rules: [rule("include_user_type", ["SME"])] },
      { ...everything, tier: "free", visibility_rules: [] },
    ]);
    const m = await member(p);
    const reasons = [];
    for (const s of slugs) reasons.push((await instructions(p, ids[s], m.id)).body.error.reason);
    expect(reasons).toEqual(["coming_soon", "tier", "region", "user_type", "eligibility:funding"]);
  });
});

describe("claimable_without_eligibility (relative to the partner)", () => {
  it("is false for coming_soon, restrictive eligibility and targeted regions the partner misses; ignores tier and user types", async () => {
    const specs: ServicepassSpec[] = [
      { product_name: "plain" },
      { product_name: "coming soon", status: "coming_soon" },
      { product_name: "stage", eligibility_company_stage: ["Seed"] },
      { product_name: "business", eligibility_business_type: ["B2B"] },
      { product_name: "geo", eligibility_geography: ["DE"] },
      { product_name: "funding", eligibility_funding: ["Angel"] },
      { product_name: "customer", eligibility_customer_type: ["New customer"] },
      { product_name: "size", eligibility_company_size: ["1-10"] },
      { product_name: "incorporation", eligibility_incorporation: ["Incorporated"] },
      { product_name: "premium", tier: "premium" },
      { product_name: "user type", visibility_rules: [rule("include_user_type", ["SME"])] },
      { product_name: "europe", visibility_rules: [rule("include_region", ["Europe"])] },
      { product_name: "asia", visibility_rules: [rule("include_region", ["Asia"])] },
      { product_name: "no region", visibility_rules: [rule("exclude_region", ["Europe", "Asia", "North America", "South America", "Middle East", "Africa", "Oceania"])] },
    ];
    const { category } = await seedServicepassDeals(specs);
    const european = await seedPartnerWithToken(server.url, "live", { regions: ["Europe"], freemium_enabled: true });
    const asian = await seedPartnerWithToken(server.url, "live", { regions: ["Asia", "Oceania"] });
    const nowhere = await seedPartnerWithToken(server.url, "live", { regions: [] });
    const claimable = async (p: Seeded) => {
      const deals = await byName(p, category);
      return Object.keys(deals).filter((n) => deals[n].claimable_without_eligibility).sort();
    };
    const always = ["customer", "incorporation", "plain", "premium", "size", "user type"];
    expect(await claimable(european)).toEqual([...always, "europe"].sort());
    expect(await claimable(asian)).toEqual([...always, "asia"].sort());
    expect(await claimable(nowhere)).toEqual(always);
  });
});

describe("freemium", () => {
  it("lists premium deals for everyone but gives instructions only to premium members; off: tier is ignored", async () => {
    const { category, ids, slugs } = await seedServicepassDeals([{ product_name: "premium deal", tier: "premium" }, { product_name: "free deal", tier: "free" }]);
    const premiumId = ids[slugs[0]];
    const on = await seedPartnerWithToken(server.url, "live", { freemium_enabled: true });
    const off = await seedPartnerWithToken(server.url, "live", { freemium_enabled: false });
    for (const p of [on, off]) expect(await names(p, category)).toEqual(["free deal", "premium deal"]);

    const freeOn = await member(on, { tier: "free" });
    const premiumOn = await member(on, { tier: "premium" });
    const refused = await instructions(on, premiumId, freeOn.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "not_eligible", reason: "tier" });
    expect((await instructions(on, premiumId, premiumOn.id)).status).toBe(200);
    expect(await names(on, category, `&user_id=${freeOn.id}`)).toEqual(["free deal"]);
    expect(await names(on, category, `&user_id=${premiumOn.id}`)).toEqual(["free deal", "premium deal"]);

    const freeOff = await member(off, { tier: "free" });
    expect((await instructions(off, premiumId, freeOff.id)).status).toBe(200);
    expect(await names(off, category, `&user_id=${freeOff.id}`)).toEqual(["free deal", "premium deal"]);
  });
});

describe("partner-private deals", () => {
  it("are visible to their owner only; region and user-type rules apply to them, partner rules cannot hide them from the owner", async () => {
    const owner = await seedPartnerWithToken(server.url, "test", { regions: ["Europe"] });
    const other = await seedPartnerWithToken(server.url, "test");
    const { db } = await import("@/server/db/client");
    const category = `c-${crypto.randomUUID().slice(0, 8)}`;
    await db.category.create({ data: { slug: category, name: category } });
    const created = await api(server.url, owner.token, "POST", "/v1/partner-deals", {
      product_name: "mine", short_description: "x", redemption: { method: "steps" }, categories: [category], status: "live",
    });
    const id = created.body.id;
    for (const r of [rule("exclude_partner", [owner.partner.id], 9), rule("include_region", ["Asia"]), rule("include_user_type", ["SME"])]) {
      expect((await api(server.url, owner.token, "POST", `/v1/partner-deals/${id}/visibility-rules`, r)).status).toBe(201);
    }
    const [deal] = (await api(server.url, owner.token, "GET", `/v1/deals?category=${category}`)).body.data;
    expect(deal).toMatchObject({ id, deal_type: "partner_private", owner_partner_id: owner.partner.id, available_regions: ["Asia"], claimable_without_eligibility: false });
    expect(await names(other, category)).toEqual([]);
    const sme = await member(owner, { user_types: ["SME"], regions: ["Asia"] });
    const idea = await member(owner, { user_types: ["Idea stage"], regions: ["Asia"] });
    expect((await instructions(owner, id, sme.id)).status).toBe(200);
    expect((await instructions(owner, id, idea.id)).body.error.reason).toBe("user_type");
  });
});
