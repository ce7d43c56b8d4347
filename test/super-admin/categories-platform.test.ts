// Super admin → Categories (create, rename, order, merge with deals following) and Platform
// (per-partner figures from the rollups, the platform-wide activity log).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals, uniqueTag } from "../helpers/seed-deals";
import { callerFor, seedSuperAdmin, sessionOf } from "./fixtures";

let server: TestServer;
let sa: Awaited<ReturnType<typeof seedSuperAdmin>>;
beforeAll(async () => {
  server = await startApiServer();
  sa = await seedSuperAdmin();
});
afterAll(async () => server.close());
const su = () => callerFor(sessionOf(sa.actor, sa.email)).superAdmin;

describe("categories", () => {
  it("creates (slug from the name, placed last), renames (slug kept) and refuses a taken slug", async () => {
    const name = `Growth ${uniqueTag("n")}`;
    const created = await su().createCategory({ name });
    const all = await su().listCategories();
    expect(all.at(-1)?.id).toBe(created.id);
    expect(created.slug).toMatch(/^growth-n-/);
    const renamed = await su().renameCategory({ id: created.id, name: "Growth tools" });
    expect(renamed).toMatchObject({ name: "Growth tools", slug: created.slug });
    await expect(su().createCategory({ name: "x", slug: created.slug })).rejects.toMatchObject({ code: "CONFLICT" });
    const actions = (await db.activityLog.findMany({ where: { targetId: created.id }, orderBy: { createdAt: "asc" } })).map((r) => r.action);
    expect(actions).toEqual(["category.created", "category.renamed"]);
  });

  it("moves a category up and down; the ends do not move", async () => {
    const a = await su().createCategory({ name: `Order A ${uniqueTag()}` });
    const b = await su().createCategory({ name: `Order B ${uniqueTag()}` });
    const ids = async () => (await su().listCategories()).map((c) => c.id);
    const before = await ids();
    expect(before.slice(-2)).toEqual([a.id, b.id]);
    await su().moveCategory({ id: b.id, direction: "up" });
    expect((await ids()).slice(-2)).toEqual([b.id, a.id]);
    expect(await su().moveCategory({ id: a.id, direction: "down" })).toEqual({ moved: false });
    await su().moveCategory({ id: b.id, direction: "down" });
    expect((await ids()).slice(-2)).toEqual([a.id, b.id]);
  });

  it("merges: deals follow to the target (deduplicated), the source is gone, the API lists them under the target", async () => {
    const partner = await seedPartnerWithToken(server.url);
    const source = uniqueTag("src");
    const target = uniqueTag("dst");
    const { ids } = await seedServicepassDeals([{ slug: uniqueTag("m1") }, { slug: uniqueTag("m2") }], source);
    const both = await seedServicepassDeals([{ slug: uniqueTag("m3"), categories: [{ slug: source, name: "S" }, { slug: target, name: "T" }] }], target);
    const src = await db.category.findUniqueOrThrow({ where: { slug: source } });
    const dst = await db.category.findUniqueOrThrow({ where: { slug: target } });

    const result = await su().mergeCategories({ sourceId: src.id, targetId: dst.id });
    expect(result.deals_moved).toBe(3);
    expect(await db.category.findUnique({ where: { id: src.id } })).toBeNull();
    const links = await db.dealCategory.findMany({ where: { categoryId: dst.id } });
    expect(links.map((l) => l.dealId).sort()).toEqual([...Object.values(ids), ...Object.values(both.ids)].sort());

    const listed = await api(server.url, partner.token, "GET", `/v1/deals?category=${target}`);
    expect(listed.body.data).toHaveLength(3);
    expect((await api(server.url, partner.token, "GET", `/v1/deals?category=${source}`)).body.data).toHaveLength(0);
    await expect(su().mergeCategories({ sourceId: dst.id, targetId: dst.id })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("platform", () => {
  it("counts members, views and redemptions of the last 30 days per partner and environment", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const { ids } = await seedServicepassDeals([{ slug: uniqueTag("pf") }]);
    const dealId = Object.values(ids)[0];
    const member = await api(server.url, p.token, "POST", "/v1/users", { email: "m@example.com" });
    const old = new Date(Date.now() - 6 * 86_400_000).toISOString();
    const tracked = await api(server.url, p.token, "POST", "/events/track", {
      events: [
        { event_type: "deal_detail_viewed", user_id: member.body.id, deal_id: dealId, occurred_at: old },
        { event_type: "deal_detail_viewed", user_id: member.body.id, deal_id: dealId, occurred_at: old },
        { event_type: "deal_redeemed", user_id: member.body.id, deal_id: dealId, occurred_at: old },
      ],
    });
    expect(tracked.status).toBe(202);
    const figures = await su().partnerFigures();
    const row = figures.partners.find((r) => r.id === p.partner.id);
    expect(row?.live).toEqual({ members: 1, views: 2, redemptions: 1 });
    expect(row?.test).toEqual({ members: 0, views: 0, redemptions: 0 });
  });

  it("lists every partner's and the platform-level activity, newest first, with paging and filters", async () => {
    const p = await seedPartnerWithToken(server.url);
    await su().setPartnerActive({ partnerId: p.partner.id, active: false });
    await su().createCategory({ name: `Log ${uniqueTag()}` });
    const page = await su().activity({ limit: 50 });
    const times = page.data.map((e) => new Date(e.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.data.some((e) => e.partner_id === null && e.action === "category.created")).toBe(true);
    expect(page.data.some((e) => e.partner_id === p.partner.id && e.action === "partner.deactivated")).toBe(true);
    const partnerOnly = await su().activity({ partnerId: p.partner.id });
    expect(partnerOnly.data.map((e) => [e.action, e.partner_name])).toEqual([["partner.deactivated", p.partner.name]]);
    const platformOnly = await su().activity({ partnerId: null, limit: 100 });
    expect(platformOnly.data.every((e) => e.partner_id === null)).toBe(true);
    const first = await su().activity({ limit: 1, direction: "forward" }); // as useInfiniteQuery sends it
    const second = await su().activity({ limit: 1, cursor: first.next_cursor! });
    expect(second.data[0].id).not.toBe(first.data[0].id);
    expect(new Date(second.data[0].created_at) <= new Date(first.data[0].created_at)).toBe(true);
  });
});
