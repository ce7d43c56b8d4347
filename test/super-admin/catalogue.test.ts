// Super admin → Catalogue: create/edit servicepass deals with the import's validation, api_excluded
// leaving GET /v1/deals, file import preview and import of the valid rows, export round trip.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { parseCatalogFile } from "@/server/services/deals/catalogue/catalog-csv";
import { catalogEntriesToCsv } from "@/server/trpc/views/catalog-export";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { uniqueTag } from "../helpers/seed-deals";
import { callerFor, seedSuperAdmin, sessionOf } from "./fixtures";

let server: TestServer;
let sa: Awaited<ReturnType<typeof seedSuperAdmin>>;
beforeAll(async () => {
  server = await startApiServer();
  sa = await seedSuperAdmin();
});
afterAll(async () => server.close());
const su = () => callerFor(sessionOf(sa.actor, sa.email)).superAdmin;

function entry(category: string, extra: Record<string, unknown> = {}) {
  const slug = uniqueTag("cat-deal");
  return {
    slug,
    product_name: `Deal ${slug}`,
    short_description: "Credits for startups",
    status: "live",
    categories: [{ slug: category, name: `Cat ${category}` }],
    redemption: { method: "url", redeem_url: "https://example.com/r" },
    ...extra,
  };
}

describe("create and edit servicepass deals", () => {
  it("creates a deal, edits it to api_excluded: it leaves GET /v1/deals and comes back when cleared", async () => {
    const category = uniqueTag("c");
    const partner = await seedPartnerWithToken(server.url);
    const listed = async () => (await api(server.url, partner.token, "GET", `/v1/deals?category=${category}`)).body.data.map((d: { slug: string }) => d.slug);

    const created = await su().createCatalogDeal({ entry: entry(category, { visibility_rules: [{ rule_type: "exclude_region", rule_value: ["Africa"], priority: 1 }] }) });
    expect(created.visibility_rules).toEqual([{ rule_type: "exclude_region", rule_value: ["Africa"], priority: 1 }]);
    expect(await listed()).toEqual([created.slug]);
    // servicepass rules carry no partner scope
    expect((await db.visibilityRule.findFirstOrThrow({ where: { dealId: created.id } })).partnerId).toBeNull();

    const { id, ...rest } = created;
    const excluded = await su().updateCatalogDeal({ id, entry: { ...rest, api_excluded: true } });
    expect(excluded.api_excluded).toBe(true);
    expect(await listed()).toEqual([]);
    const detail = await api(server.url, partner.token, "GET", `/v1/deals/${id}`);
    expect(detail.status).toBe(404);

    await su().updateCatalogDeal({ id, entry: { ...rest, api_excluded: false, hidden_globally: true } });
    expect(await listed()).toEqual([]);
    await su().updateCatalogDeal({ id, entry: { ...rest, hidden_globally: false } });
    expect(await listed()).toEqual([created.slug]);

    const actions = (await db.activityLog.findMany({ where: { targetId: id }, orderBy: { createdAt: "asc" } })).map((r) => [r.action, r.partnerId]);
    expect(actions[0]).toEqual(["catalogue.deal_created", null]);
    expect(actions.slice(1).every(([a]) => a === "catalogue.deal_updated")).toBe(true);
    const firstUpdate = await db.activityLog.findFirstOrThrow({ where: { targetId: id, action: "catalogue.deal_updated" }, orderBy: { createdAt: "asc" } });
    expect(firstUpdate.changes).toEqual({ before: { api_excluded: false }, after: { api_excluded: true } });
  });

  it("reports every invalid field by name, as the import does", async () => {
    const err = await su()
      .createCatalogDeal({ entry: { slug: "Bad Slug", product_name: "", short_description: "x", status: "nope", visibility_rules: [{ rule_type: "include_region", rule_value: ["Atlantis"] }] } })
      .catch((e) => e);
    expect(err.code).toBe("BAD_REQUEST");
    const params = (err.cause?.errors ?? []).map((e: { param: string }) => e.param);
    expect(params).toEqual(expect.arrayContaining(["slug", "product_name", "status", "visibility_rules[0].rule_value[0]"]));
  });

  it("a slug already in the catalogue is 409 slug_taken", async () => {
    const e = entry(uniqueTag("c"));
    await su().createCatalogDeal({ entry: e });
    await expect(su().createCatalogDeal({ entry: { ...e, product_name: "Other" } })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("a partner's private deal is not reachable (NOT_FOUND)", async () => {
    const partner = await seedPartnerWithToken(server.url);
    const own = await api(server.url, partner.token, "POST", "/v1/partner-deals", { product_name: "Mine", short_description: "x", redemption: { method: "steps" } });
    expect(own.status).toBe(201);
    await expect(su().getCatalogDeal({ id: own.body.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(su().updateCatalogDeal({ id: own.body.id, entry: entry(uniqueTag("c")) })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("adds codes to the pool and shows counts, never the codes", async () => {
    const created = await su().createCatalogDeal({ entry: entry(uniqueTag("c"), { redemption: { method: "unique_code" }, codes: ["A1", "A2", "A2"] }) });
    const got = await su().getCatalogDeal({ id: created.id });
    expect(got.codes).toEqual({ total: 2, claimed: 0, available: 2 });
    expect(JSON.stringify(got)).not.toContain('"A1"');
  });

  it("lists and filters the catalogue (flag, status, category, search)", async () => {
    const category = uniqueTag("c");
    const a = await su().createCatalogDeal({ entry: entry(category, { api_excluded: true }) });
    const b = await su().createCatalogDeal({ entry: entry(category, { status: "paused" }) });
    const all = await su().listCatalogDeals({ category });
    expect(all.total).toBe(2);
    expect((await su().listCatalogDeals({ category, flag: "api_excluded" })).data.map((d) => d.id)).toEqual([a.id]);
    expect((await su().listCatalogDeals({ category, status: "paused" })).data.map((d) => d.id)).toEqual([b.id]);
    expect((await su().listCatalogDeals({ q: b.slug })).data.map((d) => d.id)).toEqual([b.id]);
  });
});

describe("import from a file", () => {
  function csvOf(rows: Record<string, string>[]) {
    const cols = ["slug", "product_name", "short_description", "status", "categories", "tags", "api_excluded", "redemption.method", "redemption.redeem_url"];
    return [cols.join(","), ...rows.map((r) => cols.map((c) => JSON.stringify(r[c] ?? "")).join(","))].join("\n");
  }

  it("previews per-row errors, imports the valid rows with catalog:import, lists the skipped ones", async () => {
    const category = uniqueTag("imp");
    const rows = Array.from({ length: 10 }, (_, i) => ({
      slug: `${category}-${i}`,
      product_name: `Imported ${i}`,
      short_description: "From CSV",
      status: "live",
      categories: `${category}|Imported;${category}-b|Other`,
      tags: "new;featured",
      api_excluded: i === 0 ? "true" : "",
      "redemption.method": "url",
      "redemption.redeem_url": "https://example.com",
    }));
    rows[3].status = "sideways";
    rows[7]["redemption.method"] = "carrier-pigeon";
    const text = csvOf(rows);

    const preview = await su().previewCatalogImport({ format: "csv", text });
    expect(preview).toMatchObject({ total: 10, valid: 8, invalid: 2 });
    expect(preview.rows.filter((r) => r.errors.length).map((r) => [r.index, r.errors.map((e) => e.param)])).toEqual([
      [3, ["status"]],
      [7, ["redemption.method"]],
    ]);
    expect(await db.deal.count({ where: { slug: { startsWith: `${category}-` } } })).toBe(0);

    const result = await su().importCatalog({ format: "csv", text });
    expect(result.created).toBe(8);
    expect(result.skipped.map((r) => r.index)).toEqual([3, 7]);
    const stored = await db.deal.findUniqueOrThrow({ where: { slugScope_slug: { slugScope: "servicepass", slug: `${category}-0` } }, include: { categories: { include: { category: true } } } });
    expect(stored.apiExcluded).toBe(true);
    expect(stored.tags).toEqual(["new", "featured"]);
    expect(stored.categories.map((c) => c.category.slug).sort()).toEqual([category, `${category}-b`]);
    const log = await db.activityLog.findFirstOrThrow({ where: { action: "catalogue.imported", actorId: sa.actor.adminId } });
    expect(log.partnerId).toBeNull();

    // A second import of the same file updates instead of creating.
    const again = await su().previewCatalogImport({ format: "csv", text });
    expect(again.rows[0].action).toBe("update");
  });

  it("JSON files use catalog:import's format; an unreadable file is a 400", async () => {
    const category = uniqueTag("json");
    const preview = await su().previewCatalogImport({ format: "json", text: JSON.stringify([entry(category), { slug: "x" }]) });
    expect(preview).toMatchObject({ valid: 1, invalid: 1 });
    await expect(su().previewCatalogImport({ format: "json", text: "{nope" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("export", () => {
  it("exports entries that parse back (CSV and JSON) to the same catalogue entries", async () => {
    const category = uniqueTag("exp");
    await su().createCatalogDeal({
      entry: entry(category, {
        tags: ["new"],
        badges: ["Top; pick"],
        est_value: 1200,
        eligibility_company_stage: ["Seed", "Series A"],
        visibility_rules: [{ rule_type: "include_partner_type", rule_value: ["VC fund"], priority: 0 }],
        hidden_globally: true,
      }),
    });
    const json = await su().exportCatalog({ format: "json" });
    const csv = await su().exportCatalog({ format: "csv" });
    expect(json.filename).toMatch(/\.json$/);
    const fromJson = (parseCatalogFile("json", json.content) as { slug: string }[]).filter((e) => e.slug.startsWith("cat-deal") && JSON.stringify(e).includes(category));
    const fromCsv = (parseCatalogFile("csv", csv.content) as { slug: string }[]).filter((e) => JSON.stringify(e).includes(category));
    expect(fromJson).toHaveLength(1);
    expect(fromCsv).toHaveLength(1);
    const preview = await su().previewCatalogImport({ format: "csv", text: catalogEntriesToCsv(fromJson as Record<string, unknown>[]) });
    expect(preview.rows[0]).toMatchObject({ action: "update", errors: [] });
    const csvEntry = fromCsv[0] as Record<string, unknown>;
    expect(csvEntry).toMatchObject({ badges: ["Top; pick"], est_value: 1200, hidden_globally: true, eligibility_company_stage: ["Seed", "Series A"] });
    expect(csvEntry.visibility_rules).toEqual([{ rule_type: "include_partner_type", rule_value: ["VC fund"], priority: 0 }]);
  });
});

