import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { AppError } from "@/server/errors/app-error";
import { importCatalog } from "@/server/services/deals";
import { seedPartner } from "../helpers/seed";
import { servicepassEntry, uniqueTag } from "../helpers/seed-deals";

const catalogue = JSON.parse(fs.readFileSync(path.resolve("prisma/seed/catalogue.json"), "utf8")) as Record<string, any>[];

describe("importCatalog (catalog:import)", () => {
  it("imports prisma/seed/catalogue.json cleanly, and re-importing updates in place", async () => {
    const first = await importCatalog("operator", catalogue);
    expect(first.deals).toHaveLength(81);
    expect(first.created + first.updated).toBe(81);
    const again = await importCatalog("operator", catalogue);
    expect(again).toMatchObject({ created: 0, updated: 81 });
    expect(again.deals.map((d) => d.id)).toEqual(first.deals.map((d) => d.id));

    const notion = await db.deal.findUniqueOrThrow({ where: { slugScope_slug: { slugScope: "servicepass", slug: "notion" } }, include: { rules: true, categories: { include: { category: true } } } });
    const source = catalogue.find((e) => e.slug === "notion")!;
    expect(notion.dealType).toBe("servicepass");
    expect(notion.ownerPartnerId).toBeNull();
    expect(notion.environment).toBeNull();
    expect(notion.rules.map((r) => [r.ruleType, r.ruleValue, r.priority])).toEqual(source.visibility_rules.map((r: any) => [r.rule_type, r.rule_value, r.priority]));
    expect(notion.categories.map((c) => c.category.slug).sort()).toEqual(source.categories.map((c: any) => c.slug).sort());
    // codes were added once (duplicates ignored on the second import)
    expect(await db.uniqueCode.count({ where: { dealId: notion.id } })).toBe(new Set(source.codes).size);
    expect(await db.visibilityRule.count({ where: { dealId: notion.id } })).toBe(source.visibility_rules.length);
  });

  it("reports every invalid entry with its index and writes nothing", async () => {
    const category = uniqueTag("cat");
    const good = servicepassEntry(category);
    const badMethod = servicepassEntry(category, { redemption: { method: "carrier_pigeon" } });
    const badRule = servicepassEntry(category, { visibility_rules: [{ rule_type: "include_region", rule_value: ["Atlantis"], priority: 1 }] });
    const unknownPartner = servicepassEntry(category, { visibility_rules: [{ rule_type: "include_partner", rule_value: ["00000000-0000-4000-8000-000000000000"], priority: 1 }] });
    const missingName = servicepassEntry(category, { product_name: undefined });
    delete (missingName as Record<string, unknown>).product_name;
    const err = await importCatalog("operator", [good, badMethod, servicepassEntry(category), badRule, unknownPartner, missingName]).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(400);
    expect(err.param).toBe("[1].redemption.method");
    const params = err.errors.map((e: { param: string }) => e.param);
    expect(params).toEqual(
      expect.arrayContaining(["[1].redemption.method", "[3].visibility_rules[0].rule_value[0]", "[4].visibility_rules[0].rule_value[0]", "[5].product_name"]),
    );
    expect(params.some((p: string) => p.startsWith("[0]") || p.startsWith("[2]"))).toBe(false);
    expect(await db.deal.count({ where: { slug: good.slug } })).toBe(0);
    expect(await db.category.count({ where: { slug: category } })).toBe(0);
  });

  it("refuses duplicate slugs in one file; a partner deal's slug is no conflict (slugs are scoped)", async () => {
    const category = uniqueTag("cat");
    const a = servicepassEntry(category);
    const err = await importCatalog("operator", [a, { ...a }]).catch((e) => e);
    expect(err.errors?.map((e: { param: string }) => e.param) ?? [err.param]).toContain("[1].slug");

    // a partner's private deal holds this slug: the servicepass deal is imported beside it, and the
    // private deal is left as it was
    const { partner } = await seedPartner();
    const privateSlug = uniqueTag("private");
    const own = await db.deal.create({
      data: { slug: privateSlug, productName: "Private", shortDescription: "x", dealType: "partner_private", ownerPartnerId: partner.id, environment: "live" },
    });
    const imported = await importCatalog("operator", [servicepassEntry(category, { slug: privateSlug })]);
    expect(imported.created).toBe(1);
    expect(imported.deals[0].id).not.toBe(own.id);
    expect(await db.deal.findUniqueOrThrow({ where: { id: own.id } })).toEqual(own);
  });

  it("is for the operator and super admins only", async () => {
    const { partner } = await seedPartner();
    const err = await importCatalog({ adminId: "x", role: "partner_admin", partnerId: partner.id }, []).catch((e) => e);
    expect(err.status).toBe(403);
  });
});
