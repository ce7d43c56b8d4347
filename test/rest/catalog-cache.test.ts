// The catalogue cache (src/server/services/deals/catalogue/catalog-cache.ts):
// - a reload after a change applies only the changed deals (the change journal) and gives exactly the
//   snapshot a full load gives: same entries, same Deal DTOs, same four sort orders;
// - memory stays bounded while a partner's view sits idle through a loop of edits (at most two
//   shared snapshots alive), and the sanitized-HTML memo stays under its byte bound.
import { describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import type { DealSort } from "@/server/schemas/deal.schema";
import { catalogCacheStats, loadSharedCatalogForTest, orderOf, type SharedCatalog } from "@/server/services/deals/catalogue/catalog-cache";
import { dealDtoOf } from "@/server/services/deals/catalogue/catalog-entry";
import { listDeals } from "@/server/services/deals";
import { sanitizeInstructions, sanitizeMemoStats, SANITIZE_MEMO_MAX_BYTES } from "@/server/services/deals/redemption/redemption-html";
import { seedPartner } from "../helpers/seed";
import { seedServicepassDeals } from "../helpers/seed-deals";

const SORTS: DealSort[] = ["featured", "name", "newest", "value"];

function describeSnapshot(s: SharedCatalog) {
  return {
    version: s.version,
    deals: Object.fromEntries(s.entries.map((e) => [e.id, JSON.stringify(dealDtoOf(e, false))])),
    orders: Object.fromEntries(SORTS.map((sort) => [sort, [...orderOf(s, sort)].map((i) => s.entries[i].id)])),
  };
}

describe("incremental catalogue reload", () => {
  it("applies only the changed deals and agrees with a full load (edits, renames, removals, additions)", async () => {
    const { ids } = await seedServicepassDeals([{ product_name: "Alpha" }, { product_name: "Bravo", est_value: 10 }, { product_name: "Charlie" }, { product_name: "Delta" }, { product_name: "Echo" }]);
    const [alpha, bravo, charlie, delta] = Object.values(ids);
    let previous = await loadSharedCatalogForTest(null);
    for (const sort of SORTS) orderOf(previous, sort); // orders computed, so the delta must carry them over

    // A rename that moves the deal in the name order, a value change, a removal (draft), an addition.
    await db.deal.update({ where: { id: alpha }, data: { productName: "Zulu" } });
    await db.deal.update({ where: { id: bravo }, data: { estValue: 999_999 } });
    await db.deal.update({ where: { id: charlie }, data: { status: "draft" } });
    await db.visibilityRule.create({ data: { dealId: delta, ruleType: "include_region", ruleValue: ["Europe"], priority: 0 } });
    const journal = await db.catalogChange.findMany({ where: { key: "shared", version: { gt: previous.version }, dealId: { in: [alpha, bravo, charlie, delta] } } });
    expect(new Set(journal.map((j) => j.dealId))).toEqual(new Set([alpha, bravo, charlie, delta]));

    // Other test files change the shared catalogue concurrently: compare snapshots of the same
    // version (up to ten tries, then compared anyway).
    let incremental = await loadSharedCatalogForTest(previous);
    let full = await loadSharedCatalogForTest(null);
    for (let attempt = 1; incremental.version !== full.version && attempt < 10; attempt++) {
      previous = incremental;
      incremental = await loadSharedCatalogForTest(previous);
      full = await loadSharedCatalogForTest(null);
    }
    const a = describeSnapshot(incremental);
    const b = describeSnapshot(full);
    expect(a.version).toBe(b.version);
    expect(Object.keys(a.deals).sort()).toEqual(Object.keys(b.deals).sort());
    expect(a.deals).toEqual(b.deals);
    expect(a.orders).toEqual(b.orders);
    expect(a.deals[charlie]).toBeUndefined();
    expect(JSON.parse(a.deals[alpha]).product_name).toBe("Zulu");
    expect(JSON.parse(a.deals[delta]).available_regions).toEqual(["Europe"]);
    // Unchanged deals keep their entry objects (nothing rebuilt that did not change): the fifth deal
    // seeded above is one, whatever other files do.
    const unchanged = previous.entries.find((e) => ![alpha, bravo, charlie, delta].includes(e.id) && incremental.byId.has(e.id));
    expect(unchanged).toBeDefined();
    expect(incremental.entries[incremental.byId.get(unchanged!.id)!]).toBe(unchanged);
  }, 60_000);
});

describe("partner views after a shared change", () => {
  it("reuse the partner's own rows, and still see a partner change made after the shared one", async () => {
    const { ids, category } = await seedServicepassDeals([{ product_name: "Gated" }, { product_name: "Open" }]);
    const [gated, open] = Object.values(ids);
    await db.visibilityRule.create({ data: { dealId: gated, ruleType: "exclude_partner_type", ruleValue: ["University"], priority: 0 } });
    const { partner } = await seedPartner({ type: "Accelerator" });
    const scope = { partnerId: partner.id, environment: "live" as const };
    const names = async () => (await listDeals(scope, { category })).items.map((i) => i.entry.search).join(" | ");

    expect(await names()).toMatch(/gated/i);
    // A shared change only: the view is rebuilt from the previous one's partner rows.
    await db.deal.update({ where: { id: open }, data: { shortDescription: "first edit" } });
    expect(await names()).toMatch(/first edit/);
    expect(await names()).toMatch(/gated/i);
    // The partner changes (its counter moves): its rows are read again, and the rule now hides the deal.
    await db.partner.update({ where: { id: partner.id }, data: { type: "University" } });
    expect(await names()).not.toMatch(/gated/i);
    // Another shared change after it keeps the new partner rows, not older ones.
    await db.deal.update({ where: { id: open }, data: { shortDescription: "second edit" } });
    const after = await names();
    expect(after).toMatch(/second edit/);
    expect(after).not.toMatch(/gated/i);
  }, 60_000);
});

describe("bounded memory", () => {
  it("an idle partner view does not keep old catalogue snapshots alive through a loop of edits", async () => {
    const { ids, category } = await seedServicepassDeals([{ product_name: "Looping" }]);
    const idle = { partnerId: (await seedPartner()).partner.id, environment: "live" as const };
    const busy = { partnerId: (await seedPartner()).partner.id, environment: "live" as const };
    await listDeals(idle, { category });
    for (let i = 0; i < 12; i++) {
      await db.deal.update({ where: { id: Object.values(ids)[0] }, data: { shortDescription: `edit ${i}` } });
      const page = await listDeals(busy, { category });
      expect(page.items[0].entry.search).toContain(`edit ${i}`);
      expect(catalogCacheStats().snapshots).toBeLessThanOrEqual(2);
    }
    // The idle view is rebuilt on its next request and sees the last edit.
    expect((await listDeals(idle, { category })).items[0].entry.search).toContain("edit 11");
  }, 120_000);

  it("the sanitized-HTML memo is bounded by bytes, not entries", () => {
    const big = "<p>" + "x".repeat(20_000) + "</p>";
    for (let i = 0; i < 2_000; i++) sanitizeInstructions(`${big}<p>${i}</p>`);
    const stats = sanitizeMemoStats();
    expect(stats.bytes).toBeLessThanOrEqual(SANITIZE_MEMO_MAX_BYTES);
    expect(stats.entries).toBeGreaterThan(10);
    // Still a memo: the last input is a hit, and the output is what sanitize-html gives.
    expect(sanitizeInstructions(`${big}<p>1999</p>`)).toBe(`${big}<p>1999</p>`);
  });
});
