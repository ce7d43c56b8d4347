// GET /v1/deals and GET /v1/deals/{id}: every field, filter, sort and pagination edge, default
// conditions, and freshness of the cache after changes made behind the API's back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals, uniqueTag } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const get = (token: string, path: string) => api(server.url, token, "GET", path);

/** Every page of a query, following next_cursor. */
async function allPages(token: string, path: string, limit: number, startCursor: string | null = null) {
  const sep = path.includes("?") ? "&" : "?";
  const pages: any[][] = [];
  let cursor: string | null = startCursor;
  for (let n = 0; n < 100; n++) {
    const res = await get(token, `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    pages.push(res.body.data);
    if (!res.body.has_more) {
      expect(res.body.next_cursor).toBeNull();
      break;
    }
    expect(typeof res.body.next_cursor).toBe("string");
    cursor = res.body.next_cursor;
  }
  return pages;
}

const DEAL_FIELDS = [
  "id", "product_name", "slug", "logo_url", "product_url", "short_description", "long_description", "perk_description",
  "market_value", "est_value", "categories", "deal_type", "owner_partner_id", "tier", "tags", "badges", "redemption",
  "eligibility_requirements", "eligibility_customer_type", "eligibility_company_stage", "eligibility_company_size",
  "eligibility_business_type", "eligibility_geography", "eligibility_incorporation", "eligibility_funding", "offer_types",
  "approval_required", "approval_time", "status", "start_date", "end_date", "active", "hidden_globally", "api_excluded", "tracking_enabled", "attribution_window_days",
  "available_regions", "claimable_without_eligibility", "created_at", "updated_at",
];

describe("GET /v1/deals — the Deal object", () => {
  it("returns exactly the spec's fields, in snake_case, with a list envelope", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const { category, slugs } = await seedServicepassDeals([
      {
        product_name: "Fieldful",
        logo_url: "https://cdn.example.com/f.svg",
        product_url: "https://fieldful.example.com",
        long_description: "Long text",
        perk_description: "50% off",
        market_value: "$1,000",
        est_value: 1000,
        tier: "premium",
        tags: ["featured", "new"],
        badges: ["Top pick"],
        eligibility_requirements: "Seed or later",
        eligibility_company_stage: ["Seed", "Series A"],
        eligibility_geography: ["DE", "FR"],
        offer_types: ["discount"],
        approval_required: true,
        approval_time: "2 days",
        start_date: "2026-01-01",
        end_date: "2099-12-31",
        redemption: { method: "promo_code", promo_code: "FIELD50", instructions: "<p>Use {{email}}</p>", redeem_url: "https://f.example.com/?u={{user_id}}", contact_email: "deals@f.example.com" },
        visibility_rules: [{ rule_type: "include_region", rule_value: ["Asia", "Europe"], priority: 5 }],
      },
    ]);
    const res = await get(p.token, `/v1/deals?category=${category}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data", "has_more", "next_cursor"]);
    expect(res.body.has_more).toBe(false);
    const [deal] = res.body.data;
    expect(Object.keys(deal)).toEqual(DEAL_FIELDS);
    expect(deal).toMatchObject({
      product_name: "Fieldful",
      slug: slugs[0],
      est_value: 1000,
      categories: [{ slug: category, name: `Category ${category}` }],
      deal_type: "servicepass",
      owner_partner_id: null,
      tier: "premium",
      tags: ["featured", "new"],
      badges: ["Top pick"],
      redemption: { method: "promo_code", promo_code: "FIELD50", instructions: "<p>Use {{email}}</p>", redeem_url: "https://f.example.com/?u={{user_id}}", contact_email: "deals@f.example.com" },
      eligibility_company_stage: ["Seed", "Series A"],
      eligibility_geography: ["DE", "FR"],
      approval_required: true,
      approval_time: "2 days",
      status: "live",
      start_date: "2026-01-01",
      end_date: "2099-12-31",
      active: true,
      hidden_globally: false,
      api_excluded: false,
      available_regions: ["Europe", "Asia"],
      // requires company_stage: a default member cannot redeem it
      claimable_without_eligibility: false,
    });
    expect(deal.categories[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(deal.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const one = await get(p.token, `/v1/deals/${deal.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(deal);
  });

  it("omits available_regions without region rules and never shows unique codes or fills placeholders", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const { category } = await seedServicepassDeals([
      { product_name: "Coded", redemption: { method: "unique_code", promo_code: "SHOULD-NOT-LEAK", instructions: "<p>{{email}}</p>" }, codes: ["SECRET-1", "SECRET-2"] },
    ]);
    const res = await get(p.token, `/v1/deals?category=${category}`);
    const [deal] = res.body.data;
    expect("available_regions" in deal).toBe(false);
    expect(deal.redemption).toEqual({ method: "unique_code", instructions: "<p>{{email}}</p>", promo_code: "", redeem_url: "", contact_email: "" });
    expect(JSON.stringify(res.body)).not.toMatch(/SECRET|SHOULD-NOT-LEAK/);
  });

  it("returns redemption null for a deal without a redemption method", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const { category } = await seedServicepassDeals([{ redemption: null }]);
    const res = await get(p.token, `/v1/deals?category=${category}`);
    expect(res.body.data[0].redemption).toBeNull();
  });
});

describe("GET /v1/deals — default conditions and filters", () => {
  it("lists live and coming_soon by default; never drafts, inactive, hidden, api_excluded or past end_date", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const { category } = await seedServicepassDeals([
      { product_name: "a-live", status: "live" },
      { product_name: "b-soon", status: "coming_soon" },
      { product_name: "c-paused", status: "paused" },
      { product_name: "d-expired", status: "expired", end_date: "2020-01-31" },
      { product_name: "e-draft", status: "draft" },
      { product_name: "f-inactive", active: false },
      { product_name: "g-hidden", hidden_globally: true },
      { product_name: "h-excluded", api_excluded: true },
      { product_name: "i-ended", end_date: "2020-01-01" },
      { product_name: "j-ends-today", end_date: new Date().toISOString().slice(0, 10) },
    ]);
    const names = async (q: string) => (await get(p.token, `/v1/deals?category=${category}&sort=name${q}`)).body.data.map((d: any) => d.product_name);
    expect(await names("")).toEqual(["a-live", "b-soon", "j-ends-today"]);
    expect(await names("&status=paused")).toEqual(["c-paused"]);
    // an expired deal is over by definition: status=expired lists it whatever its end_date
    expect(await names("&status=expired")).toEqual(["d-expired"]);
    expect(await names("&status=live,paused,expired")).toEqual(["a-live", "c-paused", "d-expired", "j-ends-today"]);
    const draft = await get(p.token, `/v1/deals?status=draft`);
    expect(draft.status).toBe(400);
    expect(draft.body.error).toMatchObject({ code: "parameter_invalid", param: "status" });
  });

  it("filters by category, tag, tier, deal_type, q and updated_since", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const { category, ids } = await seedServicepassDeals([
      { slug: uniqueTag("alpha"), product_name: "Alpha Cloud", short_description: "Servers", tags: ["featured"], tier: "free" },
      { slug: uniqueTag("beta"), product_name: "Beta Mail", short_description: "Email for TEAMS", tags: ["new", "popular"], tier: "premium" },
      { slug: uniqueTag("gamma"), product_name: "Gamma", short_description: "cloud storage", tags: [], tier: "free" },
    ]);
    const own = await api(server.url, p.token, "POST", "/v1/partner-deals", {
      product_name: "Own cloud perk",
      short_description: "ours",
      redemption: { method: "url", redeem_url: "https://own.example.com" },
      categories: [category],
      status: "live",
    });
    expect(own.status).toBe(201);
    const names = async (q: string) => (await get(p.token, `/v1/deals?category=${category}&sort=name${q}`)).body.data.map((d: any) => d.product_name);
    expect(await names("")).toEqual(["Alpha Cloud", "Beta Mail", "Gamma", "Own cloud perk"]);
    expect(await names("&tag=featured")).toEqual(["Alpha Cloud"]);
    expect(await names("&tag=popular")).toEqual(["Beta Mail"]);
    expect(await names("&tier=premium")).toEqual(["Beta Mail"]);
    expect(await names("&tier=free")).toEqual(["Alpha Cloud", "Gamma", "Own cloud perk"]);
    expect(await names("&deal_type=partner_private")).toEqual(["Own cloud perk"]);
    expect(await names("&deal_type=servicepass")).toEqual(["Alpha Cloud", "Beta Mail", "Gamma"]);
    expect(await names("&q=CLOUD")).toEqual(["Alpha Cloud", "Gamma", "Own cloud perk"]);
    expect(await names("&q=teams")).toEqual(["Beta Mail"]);
    expect(await names("&q=nothing-like-this")).toEqual([]);
    expect((await get(p.token, `/v1/deals?category=no-such-category-${uniqueTag()}`)).body.data).toEqual([]);

    const later = new Date(Date.now() + 60_000);
    await db.deal.update({ where: { id: Object.values(ids)[2] }, data: { updatedAt: later } });
    expect(await names(`&updated_since=${encodeURIComponent(later.toISOString())}`)).toEqual(["Gamma"]);
    expect(await names(`&updated_since=2000-01-01`)).toHaveLength(4);
    for (const bad of ["tag=shiny", "tier=gold", "deal_type=other", "updated_since=yesterday", "sort=random", "colour=blue"]) {
      const res = await get(p.token, `/v1/deals?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.param).toBe(bad.split("=")[0]);
    }
  });
});

describe("GET /v1/deals — sorts", () => {
  it("orders by featured (default), name, newest and value (nulls last), ties by id", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const { category, ids, slugs } = await seedServicepassDeals([
      { product_name: "delta", est_value: 50 },
      { product_name: "Charlie", est_value: null, tags: ["featured"] },
      { product_name: "bravo", est_value: 500 },
      { product_name: "Alpha", est_value: 50, tags: ["featured", "new"] },
      { product_name: "echo", est_value: null },
    ]);
    const base = Date.parse("2026-06-01T00:00:00.000Z");
    // distinct creation times: delta oldest … echo newest
    for (const [i, slug] of slugs.entries()) await db.deal.update({ where: { id: ids[slug] }, data: { createdAt: new Date(base + i * 1000) } });
    const names = async (q: string) => (await get(p.token, `/v1/deals?category=${category}${q}`)).body.data.map((d: any) => d.product_name);
    expect(await names("")).toEqual(["Alpha", "Charlie", "bravo", "delta", "echo"]);
    expect(await names("&sort=featured")).toEqual(["Alpha", "Charlie", "bravo", "delta", "echo"]);
    expect(await names("&sort=name")).toEqual(["Alpha", "bravo", "Charlie", "delta", "echo"]);
    expect(await names("&sort=newest")).toEqual(["echo", "Alpha", "bravo", "Charlie", "delta"]);
    const byValue = await names("&sort=value");
    expect(byValue[0]).toBe("bravo");
    // equal est_value: by id
    const fifty = [ids[slugs[0]], ids[slugs[3]]].sort();
    expect(byValue.slice(1, 3)).toEqual(fifty.map((id) => (id === ids[slugs[0]] ? "delta" : "Alpha")));
    expect(byValue.slice(3).sort()).toEqual(["Charlie", "echo"]);
  });
});

describe("GET /v1/deals — pagination", () => {
  it("validates limit and cursor", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    for (const limit of ["0", "101", "-1", "abc", "1.5", ""]) {
      const res = await get(p.token, `/v1/deals?limit=${limit}`);
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "limit" });
    }
    expect((await get(p.token, "/v1/deals?limit=1")).status).toBe(200);
    expect((await get(p.token, "/v1/deals?limit=100")).status).toBe(200);
    // An empty filter is no slug (an empty status or sort is 400 too), not "no deal matches".
    const emptyCategory = await get(p.token, "/v1/deals?category=");
    expect(emptyCategory.status).toBe(400);
    expect(emptyCategory.body.error).toMatchObject({ code: "parameter_invalid", param: "category" });
    const forged = Buffer.from(JSON.stringify({ s: "featured", k: [0, "x"] })).toString("base64url");
    for (const cursor of ["garbage!", "bm90LWpzb24", forged]) {
      const res = await get(p.token, `/v1/deals?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "cursor" });
    }
    const { category } = await seedServicepassDeals([{}, {}]);
    const first = await get(p.token, `/v1/deals?category=${category}&limit=1&sort=name`);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect((await get(p.token, `/v1/deals?category=${category}&limit=1&sort=name&cursor=${first.body.next_cursor}`)).status).toBe(200);
    const mismatch = await get(p.token, `/v1/deals?category=${category}&limit=1&sort=value&cursor=${first.body.next_cursor}`);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.param).toBe("cursor");
  });

  it("walks every page once, in order, for each sort, mixing shared and own deals", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const specs = Array.from({ length: 11 }, (_, i) => ({ product_name: `P${String(i).padStart(2, "0")}`, est_value: i % 3 === 0 ? null : i * 10, tags: i % 4 === 0 ? ["featured"] : [] }));
    const { category } = await seedServicepassDeals(specs);
    for (const n of [0, 1, 2]) {
      const r = await api(server.url, p.token, "POST", "/v1/partner-deals", {
        product_name: `Own ${n}`, short_description: "x", redemption: { method: "steps" }, categories: [category], status: "live", est_value: n * 7,
      });
      expect(r.status).toBe(201);
    }
    for (const sort of ["featured", "name", "newest", "value"]) {
      const whole = (await get(p.token, `/v1/deals?category=${category}&sort=${sort}&limit=100`)).body.data.map((d: any) => d.id);
      expect(whole).toHaveLength(14);
      for (const limit of [1, 4, 13, 14]) {
        const pages = await allPages(p.token, `/v1/deals?category=${category}&sort=${sort}`, limit);
        expect(pages.flat().map((d: any) => d.id), `${sort} limit ${limit}`).toEqual(whole);
        expect(pages.every((page, i) => page.length === limit || i === pages.length - 1)).toBe(true);
      }
    }
  });

  it("keeps the order stable while deals are added, removed and renamed between pages", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const { category, ids, slugs } = await seedServicepassDeals(["A", "C", "E", "G", "I"].map((n) => ({ product_name: n })));
    const page1 = await get(p.token, `/v1/deals?category=${category}&sort=name&limit=2`);
    expect(page1.body.data.map((d: any) => d.product_name)).toEqual(["A", "C"]);
    // behind the cursor: a new deal before it, a new one after it, page-1 deal removed, E renamed past G
    await seedServicepassDeals([{ product_name: "B" }, { product_name: "F" }], category);
    await db.deal.delete({ where: { id: ids[slugs[0]] } });
    await db.deal.update({ where: { id: ids[slugs[2]] }, data: { productName: "H" } });
    const rest = await allPages(p.token, `/v1/deals?category=${category}&sort=name`, 2, page1.body.next_cursor);
    expect(rest.flat().map((d: any) => d.product_name)).toEqual(["F", "G", "H", "I"]);
  });
});

describe("GET /v1/deals/{id}", () => {
  it("404s anything the list would not show, with deal_not_found", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const other = await seedPartnerWithToken(server.url, "live");
    const { ids, slugs } = await seedServicepassDeals([
      { status: "draft" },
      { api_excluded: true },
      { visibility_rules: [{ rule_type: "exclude_partner", rule_value: [p.partner.id], priority: 1 }] },
      { status: "paused" },
    ]);
    const otherDeal = await api(server.url, other.token, "POST", "/v1/partner-deals", { product_name: "Theirs", short_description: "x", redemption: { method: "steps" }, status: "live" });
    const ownDraft = await api(server.url, p.token, "POST", "/v1/partner-deals", { product_name: "Mine", short_description: "x", redemption: { method: "steps" } });
    for (const id of [ids[slugs[0]], ids[slugs[1]], ids[slugs[2]], otherDeal.body.id, ownDraft.body.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await get(p.token, `/v1/deals/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe("deal_not_found");
    }
    // paused: listable (status=paused), so retrievable
    expect((await get(p.token, `/v1/deals/${ids[slugs[3]]}`)).status).toBe(200);
    expect((await get(other.token, `/v1/deals/${ids[slugs[2]]}`)).status).toBe(200);
  });
});

// A write from another process (here: straight to the database) reaches this process's caches by the
// change feed's NOTIFY, milliseconds after its commit: each check polls until it has (5 s at most).
const soon = { timeout: 5_000 };
describe("cache freshness: changes made anywhere show within moments", () => {
  it("follows deal, rule, category and partner changes written directly to the database", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { type: "Bank", regions: ["Europe"] });
    const { category, ids, slugs } = await seedServicepassDeals([{ product_name: "Watched" }]);
    const id = ids[slugs[0]];
    const list = async () => (await get(p.token, `/v1/deals?category=${category}`)).body.data;
    expect((await list()).map((d: any) => d.product_name)).toEqual(["Watched"]);

    await db.deal.update({ where: { id }, data: { productName: "Renamed" } });
    await expect.poll(async () => (await list())[0]?.product_name, soon).toBe("Renamed");

    const rule = await db.visibilityRule.create({ data: { dealId: id, ruleType: "exclude_partner_type", ruleValue: ["Bank"], priority: 1 } });
    await expect.poll(list, soon).toEqual([]);
    expect((await get(p.token, `/v1/deals/${id}`)).status).toBe(404);

    await db.partner.update({ where: { id: p.partner.id }, data: { type: "VC_fund" } });
    await expect.poll(list, soon).toHaveLength(1);

    await db.visibilityRule.update({ where: { id: rule.id }, data: { ruleType: "include_region", ruleValue: ["Asia"] } });
    await expect.poll(async () => (await list())[0]?.available_regions, soon).toEqual(["Asia"]);
    const [deal] = await list();
    expect(deal.claimable_without_eligibility).toBe(false);
    await db.partner.update({ where: { id: p.partner.id }, data: { regions: ["Asia"] } });
    await expect.poll(async () => (await list())[0]?.claimable_without_eligibility, soon).toBe(true);

    await db.category.update({ where: { slug: category }, data: { name: "Renamed category" } });
    await expect.poll(async () => (await list())[0]?.categories[0].name, soon).toBe("Renamed category");

    await db.deal.update({ where: { id }, data: { status: "draft" } });
    await expect.poll(list, soon).toEqual([]);
  });

  it("shows an own deal once published, only to its owner and only in its environment", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const category = uniqueTag("cat");
    await db.category.create({ data: { slug: category, name: "c" } });
    const created = await api(server.url, p.token, "POST", "/v1/partner-deals", { product_name: "Soon", short_description: "x", redemption: { method: "steps" }, categories: [category] });
    expect(created.body.status).toBe("draft");
    const list = async (token: string) => (await get(token, `/v1/deals?category=${category}`)).body.data.map((d: any) => d.id);
    expect(await list(p.token)).toEqual([]);
    await api(server.url, p.token, "PATCH", `/v1/partner-deals/${created.body.id}`, { status: "live" });
    expect(await list(p.token)).toEqual([created.body.id]);
    const sandbox = await seedPartnerWithToken(server.url, "test");
    const sameSandbox = await api(server.url, null, "POST", "/v1/authentications", p.keys.test);
    expect(await list(sameSandbox.body.jwt_token)).toEqual([]);
    expect(await list(sandbox.token)).toEqual([]);
  });
});

describe("GET /v1/deals?user_id", () => {
  it("404s a member of another partner or environment, and a bad id", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const other = await seedPartnerWithToken(server.url, "live");
    const theirs = await createTestMember({ partnerId: other.partner.id, environment: "live" });
    const mySandbox = await createTestMember({ partnerId: p.partner.id, environment: "test" });
    for (const q of [`user_id=${theirs.id}`, `user_id=${mySandbox.id}`, "user_id=nope", "external_user_id=nobody"]) {
      const res = await get(p.token, `/v1/deals?${q}`);
      expect(res.status, q).toBe(404);
      expect(res.body.error.code).toBe("user_not_found");
    }
    const mine = await createTestMember({ partnerId: p.partner.id, environment: "live" });
    expect((await get(p.token, `/v1/deals?user_id=${mine.id}`)).status).toBe(200);
  });
});
