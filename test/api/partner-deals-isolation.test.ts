// Cross-partner and cross-environment access: partner A's deal, rule, codes and member pointed at
// from partner B (same environment), partner B (other environment) and A's own other environment.
// Every endpoint answers 404 and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartnerWithToken } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

describe("partner deals, rules, codes and deals of another tenant or environment", () => {
  it("answer 404 on every endpoint and stay untouched", async () => {
    const a = await seedPartnerWithToken(server.url, "test");
    const b = await seedPartnerWithToken(server.url, "test");
    const outsiders = {
      "partner B": b.token,
      "partner B live": await getToken(server.url, b.keys.live),
      "partner A live": await getToken(server.url, a.keys.live),
    };
    const deal = (await api(server.url, a.token, "POST", "/v1/partner-deals", { product_name: "A's", short_description: "x", redemption: { method: "unique_code" } })).body;
    const draft = (await api(server.url, a.token, "POST", "/v1/partner-deals", { product_name: "A's draft", short_description: "x", redemption: { method: "steps" } })).body;
    await api(server.url, a.token, "POST", `/v1/partner-deals/${deal.id}/codes`, { codes: ["A-CODE"] });
    expect((await api(server.url, a.token, "PATCH", `/v1/partner-deals/${deal.id}`, { status: "live" })).status).toBe(200);
    const rule = (await api(server.url, a.token, "POST", `/v1/partner-deals/${deal.id}/visibility-rules`, { rule_type: "include_region", rule_value: ["Europe"] })).body;
    const member = await createTestMember({ partnerId: a.partner.id, environment: "test" }, { regions: ["Europe"] });
    const before = await db.deal.findUniqueOrThrow({ where: { id: deal.id }, include: { rules: true, codes: true } });

    const calls: [string, string, unknown?][] = [
      ["GET", `/v1/partner-deals/${deal.id}`],
      ["PATCH", `/v1/partner-deals/${deal.id}`, { product_name: "hijacked" }],
      ["PATCH", `/v1/partner-deals/${deal.id}`, { status: "paused" }],
      ["DELETE", `/v1/partner-deals/${draft.id}`],
      ["GET", `/v1/partner-deals/${deal.id}/visibility-rules`],
      ["POST", `/v1/partner-deals/${deal.id}/visibility-rules`, { rule_type: "include_region", rule_value: ["Asia"] }],
      ["PATCH", `/v1/partner-deals/${deal.id}/visibility-rules/${rule.id}`, { priority: 5 }],
      ["DELETE", `/v1/partner-deals/${deal.id}/visibility-rules/${rule.id}`],
      ["GET", `/v1/partner-deals/${deal.id}/codes`],
      ["POST", `/v1/partner-deals/${deal.id}/codes`, { codes: ["INJECTED"] }],
      ["GET", `/v1/deals/${deal.id}`],
      ["GET", `/v1/deals/${deal.id}/instructions?user_id=${member.id}`],
    ];
    for (const [who, token] of Object.entries(outsiders)) {
      for (const [method, path, body] of calls) {
        const res = await api(server.url, token, method, path, body);
        expect(res.status, `${who}: ${method} ${path}`).toBe(404);
        expect(res.body.error.code, `${who}: ${method} ${path}`).toBe("deal_not_found");
      }
      // the outsider's own lists do not show it
      expect((await api(server.url, token, "GET", "/v1/partner-deals")).body.data.map((d: any) => d.id)).not.toContain(deal.id);
      expect((await api(server.url, token, "GET", "/v1/deals?deal_type=partner_private&limit=100")).body.data.map((d: any) => d.id)).not.toContain(deal.id);
      // and A's member is not theirs
      const lists = await api(server.url, token, "GET", `/v1/deals?user_id=${member.id}`);
      expect(lists.status).toBe(404);
      expect(lists.body.error.code).toBe("user_not_found");
    }
    // a rule id of another deal, even through A's own deal, is not found
    const bDeal = (await api(server.url, b.token, "POST", "/v1/partner-deals", { product_name: "B's", short_description: "x", redemption: { method: "steps" } })).body;
    const bRule = (await api(server.url, b.token, "POST", `/v1/partner-deals/${bDeal.id}/visibility-rules`, { rule_type: "include_region", rule_value: ["Asia"] })).body;
    const crossRule = await api(server.url, a.token, "PATCH", `/v1/partner-deals/${deal.id}/visibility-rules/${bRule.id}`, { priority: 1 });
    expect(crossRule.status).toBe(404);
    expect(crossRule.body.error.code).toBe("visibility_rule_not_found");

    const after = await db.deal.findUniqueOrThrow({ where: { id: deal.id }, include: { rules: true, codes: true } });
    expect(after).toEqual(before);
    expect(await db.deal.count({ where: { id: draft.id } })).toBe(1);
    // the owner still has everything
    expect((await api(server.url, a.token, "GET", `/v1/deals/${deal.id}/instructions?user_id=${member.id}`)).body.promo_code).toBe("A-CODE");
  });

  it("never lets a partner manage servicepass deals through /v1/partner-deals", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const { seedServicepassDeals } = await import("../helpers/seed-deals");
    const { ids, slugs } = await seedServicepassDeals([{}]);
    const id = ids[slugs[0]];
    for (const [method, path, body] of [
      ["GET", `/v1/partner-deals/${id}`],
      ["PATCH", `/v1/partner-deals/${id}`, { status: "paused" }],
      ["DELETE", `/v1/partner-deals/${id}`],
      ["POST", `/v1/partner-deals/${id}/visibility-rules`, { rule_type: "exclude_region", rule_value: ["Asia"] }],
      ["POST", `/v1/partner-deals/${id}/codes`, { codes: ["X"] }],
    ] as [string, string, unknown?][]) {
      expect((await api(server.url, p.token, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await api(server.url, p.token, "GET", `/v1/deals/${id}`)).status).toBe(200);
  });
});
