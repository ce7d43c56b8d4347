// verified_at on servicepass deals (contract section 19): catalog:import and the super admin's import
// carry it, "Mark verified" sets it to now, and the catalogue's not_verified filter lists the deals
// never verified or verified more than 90 days ago, oldest first.
import { describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { parseCatalogFile } from "@/server/services/deals/catalogue/catalog-csv";
import { createPartnerDeal, importCatalog } from "@/server/services/deals";
import { partnerDealCreateSchema } from "@/server/schemas/deal.schema";
import { catalogEntriesToCsv } from "@/server/trpc/views/catalog-export";
import { uniqueTag } from "../helpers/seed-deals";
import { callerFor, seedPartnerAdmin, seedSuperAdmin, sessionOf } from "./fixtures";

const DAY = 86_400_000;

function entry(tag: string, extra: Record<string, unknown> = {}) {
  const slug = uniqueTag(tag);
  return { slug, product_name: `Verified ${slug}`, short_description: `Checked deal ${tag}`, status: "draft", ...extra };
}

async function superAdmin() {
  const sa = await seedSuperAdmin();
  return callerFor(sessionOf(sa.actor, sa.email)).superAdmin;
}

describe("verified_at in the catalogue import", () => {
  it("catalog:import sets it, a later entry without it keeps it, null clears it; the entry and CSV export show it", async () => {
    const tag = uniqueTag("vimp");
    const at = "2026-03-04T05:06:07.000Z";
    const e = entry(tag, { verified_at: at });
    const [{ id }] = (await importCatalog("operator", [e])).deals;
    expect((await db.deal.findUniqueOrThrow({ where: { id } })).verifiedAt?.toISOString()).toBe(at);

    const withoutIt: Record<string, unknown> = { ...e };
    delete withoutIt.verified_at;
    await importCatalog("operator", [{ ...withoutIt, product_name: "Renamed" }]);
    const kept = await db.deal.findUniqueOrThrow({ where: { id } });
    expect([kept.productName, kept.verifiedAt?.toISOString()]).toEqual(["Renamed", at]);

    const su = await superAdmin();
    expect((await su.getCatalogDeal({ id })).entry.verified_at).toBe(at);
    const csv = await su.exportCatalog({ format: "csv" });
    const row = (parseCatalogFile("csv", csv.content) as Record<string, unknown>[]).find((r) => r.slug === e.slug);
    expect(row?.verified_at).toBe(at);

    await importCatalog("operator", [{ ...e, verified_at: null }]);
    expect((await db.deal.findUniqueOrThrow({ where: { id } })).verifiedAt).toBeNull();
  });

  it("the super admin's file import reads the CSV column; a value that is not a timestamp is reported by field", async () => {
    const su = await superAdmin();
    const good = entry("vcsv", { verified_at: "2026-01-02T00:00:00Z" });
    const bad = entry("vcsv", { verified_at: "last tuesday" });
    const text = catalogEntriesToCsv([good, bad]);
    const preview = await su.previewCatalogImport({ format: "csv", text });
    expect(preview.rows[0].errors).toEqual([]);
    expect(preview.rows[1].errors.map((x: { param: string }) => x.param)).toContain("verified_at");
    await su.importCatalog({ format: "csv", text });
    const stored = await db.deal.findFirstOrThrow({ where: { slug: good.slug, dealType: "servicepass" } });
    expect(stored.verifiedAt?.toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(await db.deal.count({ where: { slug: bad.slug } })).toBe(0);
  });
});

describe("Mark verified", () => {
  it("sets verified_at to now without touching updated_at, and logs it", async () => {
    const su = await superAdmin();
    const created = await su.createCatalogDeal({ entry: entry("vmark") });
    expect(created.verified_at).toBeNull();
    const before = await db.deal.findUniqueOrThrow({ where: { id: created.id } });
    const t0 = Date.now();
    const result = await su.markCatalogDealVerified({ id: created.id });
    const after = await db.deal.findUniqueOrThrow({ where: { id: created.id } });
    expect(after.verifiedAt?.toISOString()).toBe(result.verified_at);
    expect(after.verifiedAt!.getTime()).toBeGreaterThanOrEqual(t0 - 1000);
    expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
    expect((await su.getCatalogDeal({ id: created.id })).entry.verified_at).toBe(result.verified_at);
    const log = await db.activityLog.findFirstOrThrow({ where: { targetId: created.id, action: "catalogue.deal_verified" } });
    expect(log.changes).toEqual({ before: { verified_at: null }, after: { verified_at: result.verified_at } });
  });

  it("is the super admin's only: a partner admin is FORBIDDEN, a partner's own deal or a bad id NOT_FOUND / BAD_REQUEST", async () => {
    const su = await superAdmin();
    const created = await su.createCatalogDeal({ entry: entry("vauth") });
    const pa = await seedPartnerAdmin();
    await expect(callerFor(sessionOf(pa.actor, pa.email)).superAdmin.markCatalogDealVerified({ id: created.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(null).superAdmin.markCatalogDealVerified({ id: created.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const own = await createPartnerDeal({ partnerId: pa.partner.partner.id, environment: "live" }, partnerDealCreateSchema.parse({ product_name: "Mine", short_description: "x", redemption: { method: "steps" } }));
    await expect(su.markCatalogDealVerified({ id: own.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(su.markCatalogDealVerified({ id: "nope" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await db.deal.findUniqueOrThrow({ where: { id: created.id } })).verifiedAt).toBeNull();
    expect((await db.deal.findUniqueOrThrow({ where: { id: own.id } })).verifiedAt).toBeNull();
  });
});

describe("Not verified for 90 days", () => {
  it("lists deals never verified or verified over 90 days ago, oldest first, with verified_at in each row", async () => {
    const su = await superAdmin();
    const tag = uniqueTag("v90");
    const now = Date.now();
    const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const never = entry(tag);
    const old = entry(tag, { verified_at: iso(200) });
    const stale = entry(tag, { verified_at: iso(91) });
    const fresh = entry(tag, { verified_at: iso(89) });
    const today = entry(tag, { verified_at: iso(0) });
    await importCatalog("operator", [fresh, stale, never, today, old]);

    const listed = await su.listCatalogDeals({ q: tag, flag: "not_verified" });
    expect(listed.data.map((d) => d.slug)).toEqual([never.slug, old.slug, stale.slug]);
    expect(listed.total).toBe(3);
    expect(listed.data.map((d) => d.verified_at)).toEqual([null, iso(200), iso(91)]);

    const all = await su.listCatalogDeals({ q: tag });
    expect(all.total).toBe(5);
    expect(all.data.find((d) => d.slug === today.slug)?.verified_at).toBe(iso(0));

    // Marking one verified takes it off the list.
    await su.markCatalogDealVerified({ id: listed.data[1].id });
    expect((await su.listCatalogDeals({ q: tag, flag: "not_verified" })).data.map((d) => d.slug)).toEqual([never.slug, stale.slug]);
  });
});
