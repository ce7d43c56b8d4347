// Races answer with the resource's own errors and never a false codes_exhausted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { claimUniqueCode } from "@/server/services/deals/codes/claim-code";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createMember, createServicepassDeal } from "../helpers/seed-events-fixtures";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

describe("races", () => {
  it("a rule deleted while it is being updated is visibility_rule_not_found, never resource_not_found", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const deal = await api(server.url, p.token, "POST", "/v1/partner-deals", { product_name: "Race rules", short_description: "x", redemption: { method: "steps" } });
    const path = `/v1/partner-deals/${deal.body.id}/visibility-rules`;
    for (let round = 0; round < 8; round++) {
      const rule = await api(server.url, p.token, "POST", path, { rule_type: "include_region", rule_value: ["Europe"] });
      const [upd, del] = await Promise.all([
        api(server.url, p.token, "PATCH", `${path}/${rule.body.id}`, { priority: round + 1 }),
        api(server.url, p.token, "DELETE", `${path}/${rule.body.id}`),
      ]);
      expect(del.status).toBe(200);
      expect([200, 404]).toContain(upd.status);
      if (upd.status === 404) expect(upd.body.error.code).toBe("visibility_rule_not_found");
    }
  });

  it("as many concurrent claimers as codes: every one gets a code (no false codes_exhausted)", async () => {
    const deal = await createServicepassDeal();
    await db.deal.update({ where: { id: deal.id }, data: { redemptionMethod: "unique_code" } });
    const n = 30;
    await db.uniqueCode.createMany({ data: Array.from({ length: n }, (_, i) => ({ dealId: deal.id, code: `C-${i}-${deal.id}` })) });
    const p = await seedPartnerWithToken(server.url, "live");
    const members = await Promise.all(Array.from({ length: n }, () => createMember({ partnerId: p.partner.id, environment: "live" })));
    const codes = await Promise.all(members.map((m) => claimUniqueCode(deal.id, m.id)));
    expect(codes.every((c) => c !== null)).toBe(true);
    expect(new Set(codes).size).toBe(n);
    const extra = await createMember({ partnerId: p.partner.id, environment: "live" });
    expect(await claimUniqueCode(deal.id, extra.id)).toBeNull();
  });
});
