// /v1/partner-deals: create (required fields, slug, defaults, categories, idempotency), read, list,
// update, the full status machine, completeness checks for going live, and deleting drafts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartnerWithToken } from "../helpers/seed";
import { uniqueTag } from "../helpers/seed-deals";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

type Seeded = Awaited<ReturnType<typeof seedPartnerWithToken>>;
const complete = { product_name: "Complete deal", short_description: "All set", redemption: { method: "url", redeem_url: "https://vendor.example.com/go" } };
const create = (p: Seeded, body: unknown, headers: Record<string, string> = {}) => api(server.url, p.token, "POST", "/v1/partner-deals", body, headers);
const patch = (p: Seeded, id: string, body: unknown) => api(server.url, p.token, "PATCH", `/v1/partner-deals/${id}`, body);

describe("POST /v1/partner-deals", () => {
  it("creates a draft partner_private deal owned by the caller, with a generated unique slug", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const name = `Acme Cloud Crédits ${randomUUID().slice(0, 6)}`;
    const first = await create(p, { product_name: name, short_description: "Credits", redemption: { method: "steps" } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ deal_type: "partner_private", owner_partner_id: p.partner.id, status: "draft", tier: "free", redemption: { method: "steps", instructions: "", promo_code: "", redeem_url: "", contact_email: "" } });
    const expectedSlug = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-");
    expect(first.body.slug).toBe(expectedSlug);
    const second = await create(p, { product_name: name, short_description: "Again", redemption: { method: "steps" } });
    expect(second.status).toBe(201);
    expect(second.body.slug).not.toBe(first.body.slug);
    expect(second.body.slug.startsWith(expectedSlug)).toBe(true);
    const fetched = await api(server.url, p.token, "GET", `/v1/partner-deals/${first.body.id}`);
    expect(fetched.body).toEqual(first.body);
  });

  it("takes every writable field, categories by slug and eligibility flat or nested", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { regions: ["Europe"] });
    const cat = uniqueTag("cat");
    await db.category.create({ data: { slug: cat, name: "Design tools" } });
    const body = {
      product_name: "Full",
      slug: uniqueTag("full"),
      logo_url: "/logos/full.svg",
      product_url: "https://full.example.com",
      short_description: "Short",
      long_description: "Long",
      perk_description: "Free month",
      market_value: "$99",
      est_value: 99.5,
      categories: [cat],
      tier: "premium",
      tags: ["exclusive", "exclusive", "limited_time"],
      badges: ["Hot"],
      redemption: { method: "promo_code", promo_code: "FULL10", instructions: "<p>Use it</p>", redeem_url: "https://full.example.com/redeem", contact_email: "help@full.example.com" },
      eligibility_requirements: "Startups",
      eligibility_company_stage: ["Seed"],
      eligibility: { geography: ["de"], funding: ["Angel"] },
      offer_types: ["discount"],
      approval_required: true,
      approval_time: "1 day",
      start_date: "2026-12-01",
      end_date: "2027-12-01",
      deal_type: "partner_private",
    };
    const res = await create(p, body);
    expect(res.status).toBe(201);
    const { eligibility: _nested, ...flat } = body;
    expect(res.body).toMatchObject({
      ...flat,
      deal_type: "partner_private",
      tags: ["exclusive", "limited_time"],
      categories: [{ slug: cat, name: "Design tools" }],
      eligibility_company_stage: ["Seed"],
      eligibility_geography: ["DE"],
      eligibility_funding: ["Angel"],
      eligibility_customer_type: [],
      status: "draft",
      active: true,
      hidden_globally: false,
      api_excluded: false,
      claimable_without_eligibility: false,
    });
    expect("eligibility" in res.body).toBe(false);
  });

  it("rejects missing required fields, unknown fields, bad values and unknown categories with 400", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const cases: [unknown, string, string][] = [
      [{ short_description: "x", redemption: { method: "url" } }, "parameter_missing", "product_name"],
      [{ product_name: "x", redemption: { method: "url" } }, "parameter_missing", "short_description"],
      [{ product_name: "x", short_description: "x" }, "parameter_missing", "redemption"],
      [{ product_name: "x", short_description: "x", redemption: {} }, "parameter_missing", "redemption.method"],
      [{ ...complete, redemption: { method: "fax" } }, "parameter_invalid", "redemption.method"],
      [{ ...complete, colour: "red" }, "unknown_parameter", "colour"],
      [{ ...complete, owner_partner_id: randomUUID() }, "unknown_parameter", "owner_partner_id"],
      [{ ...complete, api_excluded: true }, "unknown_parameter", "api_excluded"],
      [{ ...complete, deal_type: "servicepass" }, "parameter_invalid", "deal_type"],
      [{ ...complete, tags: ["shiny"] }, "parameter_invalid", "tags[0]"],
      [{ ...complete, tier: "gold" }, "parameter_invalid", "tier"],
      [{ ...complete, slug: "Not A Slug" }, "parameter_invalid", "slug"],
      [{ ...complete, end_date: "2026-02-30" }, "parameter_invalid", "end_date"],
      [{ ...complete, start_date: "2027-01-02", end_date: "2027-01-01" }, "parameter_invalid", "end_date"],
      [{ ...complete, eligibility_company_stage: ["Series Z"] }, "parameter_invalid", "eligibility_company_stage[0]"],
      [{ ...complete, eligibility_geography: ["XX"] }, "parameter_invalid", "eligibility_geography[0]"],
      [{ ...complete, eligibility_funding: ["Angel"], eligibility: { funding: ["Angel"] } }, "parameter_invalid", "eligibility.funding"],
      [{ ...complete, est_value: -1 }, "parameter_invalid", "est_value"],
      [{ ...complete, product_url: "javascript:alert(1)" }, "parameter_invalid", "product_url"],
      [{ ...complete, categories: ["no-such-category-" + randomUUID()] }, "parameter_invalid", "categories[0]"],
    ];
    for (const [body, code, param] of cases) {
      const res = await create(p, body);
      expect(res.status, param).toBe(400);
      expect(res.body.error, param).toMatchObject({ code, param });
    }
    expect(await db.deal.count({ where: { ownerPartnerId: p.partner.id } })).toBe(0);
  });

  it("409s a slug another of the partner's deals has in this environment; other partners' slugs are no conflict (nor revealed)", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const other = await seedPartnerWithToken(server.url, "test");
    const slug = uniqueTag("taken");
    expect((await create(other, { ...complete, slug })).status).toBe(201);
    const mine = await create(p, { ...complete, slug });
    expect(mine.status).toBe(201);
    expect(mine.body.slug).toBe(slug);
    const res = await create(p, { ...complete, slug });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "slug_taken", param: "slug" });
    // generated slugs are scoped too: the same product name gives each partner its plain slug
    const name = `Scoped ${slug}`;
    const a = await create(p, { ...complete, product_name: name });
    const b = await create(other, { ...complete, product_name: name });
    expect(a.body.slug).toBe(b.body.slug);
  });

  it("honours Idempotency-Key", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const key = randomUUID();
    const body = { ...complete, product_name: `Idem ${key}` };
    const a = await create(p, body, { "Idempotency-Key": key });
    const b = await create(p, body, { "Idempotency-Key": key });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body).toEqual(a.body);
    expect(await db.deal.count({ where: { ownerPartnerId: p.partner.id } })).toBe(1);
    const c = await create(p, { ...body, short_description: "different" }, { "Idempotency-Key": key });
    expect(c.status).toBe(409);
    expect(c.body.error.code).toBe("idempotency_key_reused");
  });
});

describe("status machine", () => {
  const STATUSES = ["draft", "live", "coming_soon", "paused", "expired"] as const;
  const ALLOWED: Record<string, string[]> = {
    draft: ["live", "coming_soon"],
    coming_soon: ["live", "paused", "expired"],
    live: ["paused", "expired"],
    paused: ["live", "expired"],
    expired: [],
  };
  /** A complete deal brought to `status` through allowed transitions only. */
  async function dealIn(p: Seeded, status: (typeof STATUSES)[number]): Promise<string> {
    const start = status === "coming_soon" ? "coming_soon" : status === "draft" ? "draft" : "live";
    const res = await create(p, { ...complete, status: start });
    expect(res.status).toBe(201);
    if (status === "paused" || status === "expired") expect((await patch(p, res.body.id, { status })).status).toBe(200);
    return res.body.id;
  }

  it("allows exactly the contract's transitions and 409s every other one", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const id = await dealIn(p, from);
        const res = await patch(p, id, { status: to });
        const label = `${from} → ${to}`;
        if (ALLOWED[from].includes(to) || from === to) {
          expect(res.status, label).toBe(200);
          expect(res.body.status, label).toBe(to);
        } else {
          expect(res.status, label).toBe(409);
          expect(res.body.error, label).toMatchObject({ code: "invalid_status_transition", param: "status", from, to });
          const stored = await db.deal.findUniqueOrThrow({ where: { id } });
          expect(stored.status, label).toBe(from);
        }
      }
    }
  });

  it("creates as draft, live or coming_soon only", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    for (const status of ["paused", "expired"]) {
      const res = await create(p, { ...complete, status });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("invalid_status_transition");
    }
    expect((await create(p, { ...complete, status: "live" })).body.status).toBe("live");
  });

  it("needs complete redemption details to go live (422 deal_incomplete)", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const cases: [Record<string, unknown>, string][] = [
      [{ method: "url" }, "redemption.redeem_url"],
      [{ method: "promo_code", redeem_url: "https://x.example.com" }, "redemption.promo_code"],
      [{ method: "unique_code" }, "codes"],
    ];
    for (const [redemption, param] of cases) {
      const draft = await create(p, { product_name: "Incomplete", short_description: "x", redemption });
      const res = await patch(p, draft.body.id, { status: "live" });
      expect(res.status, param).toBe(422);
      expect(res.body.error, param).toMatchObject({ code: "deal_incomplete", param, type: "invalid_request_error" });
      expect((await create(p, { product_name: "Incomplete", short_description: "x", redemption, status: "live" })).status).toBe(422);
    }
    const coded = await create(p, { product_name: "Coded", short_description: "x", redemption: { method: "unique_code" } });
    await api(server.url, p.token, "POST", `/v1/partner-deals/${coded.body.id}/codes`, { codes: ["Z1"] });
    expect((await patch(p, coded.body.id, { status: "live" })).status).toBe(200);
    for (const method of ["steps", "form", "inquiry"]) {
      expect((await create(p, { product_name: method, short_description: "x", redemption: { method }, status: "live" })).status, method).toBe(201);
    }
    // completing the details in the same PATCH is enough
    const url = await create(p, { product_name: "Later", short_description: "x", redemption: { method: "url" } });
    const fixed = await patch(p, url.body.id, { status: "live", redemption: { redeem_url: "https://later.example.com" } });
    expect(fixed.status).toBe(200);
    // and a live deal cannot be made incomplete
    const broken = await patch(p, url.body.id, { redemption: { redeem_url: "" } });
    expect(broken.status).toBe(422);
  });
});

describe("GET/PATCH/DELETE /v1/partner-deals/{id} and the list", () => {
  it("updates named fields only; redemption field by field; categories as a whole", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const [c1, c2] = [uniqueTag("cat"), uniqueTag("cat")];
    await db.category.createMany({ data: [{ slug: c1, name: "One" }, { slug: c2, name: "Two" }] });
    const created = await create(p, { ...complete, categories: [c1], redemption: { method: "url", redeem_url: "https://a.example.com", instructions: "<p>a</p>" } });
    const before = created.body;
    await new Promise((r) => setTimeout(r, 5));
    const res = await patch(p, before.id, { product_name: "Renamed", redemption: { instructions: "<p>b</p>" }, categories: [{ slug: c2 }], perk_description: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      product_name: "Renamed",
      short_description: before.short_description,
      redemption: { method: "url", redeem_url: "https://a.example.com", instructions: "<p>b</p>" },
      categories: [{ slug: c2, name: "Two" }],
      perk_description: null,
      slug: before.slug,
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect((await patch(p, before.id, {})).body).toEqual(res.body);
    const bad = await patch(p, before.id, { product_name: "" });
    expect(bad.status).toBe(400);
  });

  it("deletes drafts only", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const draft = await create(p, complete);
    const del = await api(server.url, p.token, "DELETE", `/v1/partner-deals/${draft.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: draft.body.id, deleted: true });
    expect((await api(server.url, p.token, "GET", `/v1/partner-deals/${draft.body.id}`)).status).toBe(404);
    expect((await api(server.url, p.token, "DELETE", `/v1/partner-deals/${draft.body.id}`)).status).toBe(404);
    const live = await create(p, { ...complete, status: "live" });
    const refused = await api(server.url, p.token, "DELETE", `/v1/partner-deals/${live.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("deal_not_draft");
    expect((await api(server.url, p.token, "GET", `/v1/partner-deals/${live.body.id}`)).status).toBe(200);
  });

  it("lists own deals of the environment, drafts included, newest first, with status filter and pages", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const ids: string[] = [];
    for (const status of ["draft", "live", "draft", "coming_soon", "live"]) ids.push((await create(p, { ...complete, status })).body.id);
    const liveToken = await getToken(server.url, p.keys.live);
    await api(server.url, liveToken, "POST", "/v1/partner-deals", complete);
    const other = await seedPartnerWithToken(server.url, "test");
    await create(other, complete);

    const all = await api(server.url, p.token, "GET", "/v1/partner-deals");
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: any) => d.id)).toEqual([...ids].reverse());
    const drafts = await api(server.url, p.token, "GET", "/v1/partner-deals?status=draft");
    expect(drafts.body.data.map((d: any) => d.id)).toEqual([ids[2], ids[0]]);
    const some = await api(server.url, p.token, "GET", "/v1/partner-deals?status=live,coming_soon");
    expect(some.body.data).toHaveLength(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await api(server.url, p.token, "GET", `/v1/partner-deals?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((d: any) => d.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    for (const q of ["status=archived", "limit=0", "cursor=bad!"]) expect((await api(server.url, p.token, "GET", `/v1/partner-deals?${q}`)).status, q).toBe(400);
  });
});
