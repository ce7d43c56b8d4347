// /v1/partner-deals/{id}/visibility-rules[/{rule_id}]: CRUD, rule_value vocabulary per rule_type,
// partner ids answered alike whether they exist or not, and the effect on GET /v1/deals.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { uniqueTag } from "../helpers/seed-deals";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

type Seeded = Awaited<ReturnType<typeof seedPartnerWithToken>>;
async function ownDeal(p: Seeded, extra: Record<string, unknown> = {}) {
  const res = await api(server.url, p.token, "POST", "/v1/partner-deals", { product_name: "Ruled", short_description: "x", redemption: { method: "steps" }, ...extra });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
const rulesPath = (dealId: string, ruleId?: string) => `/v1/partner-deals/${dealId}/visibility-rules${ruleId ? `/${ruleId}` : ""}`;

describe("visibility rules CRUD", () => {
  it("creates, lists, updates and deletes rules of every type", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const other = await seedPartnerWithToken(server.url, "live");
    const dealId = await ownDeal(p);
    const valid: [string, string[]][] = [
      ["include_partner", [other.partner.id]],
      ["exclude_partner", [p.partner.id.toUpperCase()]],
      ["include_partner_type", ["VC fund", "Event/Conference"]],
      ["exclude_partner_type", ["Media/Newsletter/Publisher"]],
      ["include_region", ["North America", "Middle East"]],
      ["exclude_region", ["Oceania"]],
      ["include_user_type", ["Early-stage startup"]],
      ["exclude_user_type", ["Scale-up", "Scale-up"]],
    ];
    const created = [];
    for (const [i, [rule_type, rule_value]] of valid.entries()) {
      const res = await api(server.url, p.token, "POST", rulesPath(dealId), { rule_type, rule_value, priority: i });
      expect(res.status, rule_type).toBe(201);
      expect(Object.keys(res.body)).toEqual(["id", "deal_id", "rule_type", "rule_value", "priority", "created_at", "updated_at"]);
      expect(res.body).toMatchObject({ deal_id: dealId, rule_type, priority: i });
      created.push(res.body);
    }
    expect(created[1].rule_value).toEqual([p.partner.id]); // partner ids normalized to lower case
    expect(created[7].rule_value).toEqual(["Scale-up"]); // duplicates dropped
    const noPriority = await api(server.url, p.token, "POST", rulesPath(dealId), { rule_type: "include_region", rule_value: ["Asia"] });
    expect(noPriority.body.priority).toBe(0);

    const list = await api(server.url, p.token, "GET", rulesPath(dealId));
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: any) => r.id)).toEqual([...created.map((r) => r.id), noPriority.body.id]);
    const page = await api(server.url, p.token, "GET", `${rulesPath(dealId)}?limit=3`);
    expect(page.body.has_more).toBe(true);
    const page2 = await api(server.url, p.token, "GET", `${rulesPath(dealId)}?limit=3&cursor=${page.body.next_cursor}`);
    expect(page2.body.data[0].id).toBe(created[3].id);

    const updated = await api(server.url, p.token, "PATCH", rulesPath(dealId, created[4].id), { priority: 99, rule_value: ["Africa"] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created[4].id, rule_type: "include_region", rule_value: ["Africa"], priority: 99 });
    const retyped = await api(server.url, p.token, "PATCH", rulesPath(dealId, created[4].id), { rule_type: "exclude_region" });
    expect(retyped.body).toMatchObject({ rule_type: "exclude_region", rule_value: ["Africa"] });
    const mismatch = await api(server.url, p.token, "PATCH", rulesPath(dealId, created[4].id), { rule_type: "include_user_type" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.param).toBe("rule_value[0]");

    const del = await api(server.url, p.token, "DELETE", rulesPath(dealId, created[0].id));
    expect(del.body).toEqual({ id: created[0].id, deleted: true });
    expect((await api(server.url, p.token, "DELETE", rulesPath(dealId, created[0].id))).body.error.code).toBe("visibility_rule_not_found");
    expect(await db.visibilityRule.count({ where: { dealId } })).toBe(8);
  });

  it("answers a partner id alike whether a partner has it or not (existence is not revealed)", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const other = await seedPartnerWithToken(server.url, "test");
    const dealId = await ownDeal(p);
    const unknown = await api(server.url, p.token, "POST", rulesPath(dealId), { rule_type: "include_partner", rule_value: [randomUUID()] });
    const existing = await api(server.url, p.token, "POST", rulesPath(dealId), { rule_type: "include_partner", rule_value: [other.partner.id] });
    expect([unknown.status, existing.status]).toEqual([201, 201]);
  });

  it("validates rule_value against the rule_type's vocabulary (exact strings)", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const dealId = await ownDeal(p);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rule_type: "exclude_partner", rule_value: [p.partner.id, "not-a-uuid"] }, "parameter_invalid", "rule_value[1]"],
      [{ rule_type: "include_partner_type", rule_value: ["vc fund"] }, "parameter_invalid", "rule_value[0]"],
      [{ rule_type: "exclude_partner_type", rule_value: ["Europe"] }, "parameter_invalid", "rule_value[0]"],
      [{ rule_type: "include_region", rule_value: ["europe"] }, "parameter_invalid", "rule_value[0]"],
      [{ rule_type: "exclude_region", rule_value: ["FR"] }, "parameter_invalid", "rule_value[0]"],
      [{ rule_type: "include_user_type", rule_value: ["Early stage startup"] }, "parameter_invalid", "rule_value[0]"],
      [{ rule_type: "exclude_user_type", rule_value: ["SME", "Bank"] }, "parameter_invalid", "rule_value[1]"],
      [{ rule_type: "include_region", rule_value: [] }, "parameter_invalid", "rule_value"],
      [{ rule_type: "include_region", rule_value: "Europe" }, "parameter_invalid", "rule_value"],
      [{ rule_type: "include_everyone", rule_value: ["x"] }, "parameter_invalid", "rule_type"],
      [{ rule_value: ["Europe"] }, "parameter_missing", "rule_type"],
      [{ rule_type: "include_region" }, "parameter_missing", "rule_value"],
      [{ rule_type: "include_region", rule_value: ["Europe"], priority: 1.5 }, "parameter_invalid", "priority"],
      [{ rule_type: "include_region", rule_value: ["Europe"], weight: 1 }, "unknown_parameter", "weight"],
    ];
    for (const [body, code, param] of cases) {
      const res = await api(server.url, p.token, "POST", rulesPath(dealId), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ code, param });
    }
    expect(await db.visibilityRule.count({ where: { dealId } })).toBe(0);
  });

  it("changes what GET /v1/deals returns at once (available_regions, user_id lists)", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { regions: ["Europe"] });
    const category = uniqueTag("cat");
    await db.category.create({ data: { slug: category, name: category } });
    const dealId = await ownDeal(p, { categories: [category], status: "live" });
    const show = async () => (await api(server.url, p.token, "GET", `/v1/deals?category=${category}`)).body.data[0];
    expect("available_regions" in (await show())).toBe(false);
    const before = await show();
    const rule = await api(server.url, p.token, "POST", rulesPath(dealId), { rule_type: "include_region", rule_value: ["Asia"], priority: 1 });
    const after = await show();
    expect(after).toMatchObject({ available_regions: ["Asia"], claimable_without_eligibility: false });
    expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    await api(server.url, p.token, "PATCH", rulesPath(dealId, rule.body.id), { rule_value: ["Asia", "Europe"] });
    expect(await show()).toMatchObject({ available_regions: ["Europe", "Asia"], claimable_without_eligibility: true });
    await api(server.url, p.token, "DELETE", rulesPath(dealId, rule.body.id));
    expect("available_regions" in (await show())).toBe(false);
  });
});
