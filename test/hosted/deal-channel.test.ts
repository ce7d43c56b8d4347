// api_excluded hides a deal from the API channel only (docs/api.md, The Deal object): the listing, the
// single deal and the instructions services keep it out for "api" and show it for "hosted".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";
import { listDeals, redeemDeal } from "@/server/services/deals";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

describe("deal channel", () => {
  it("api_excluded deals are listed and redeemable in the hosted channel only", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const scope = { partnerId: p.partner.id, environment: "test" as const };
    const member = await createTestMember(scope);
    const { category, ids } = await seedServicepassDeals([{ slug: `visible-${p.partner.id.slice(0, 8)}` }, { slug: `excluded-${p.partner.id.slice(0, 8)}`, api_excluded: true }]);
    const visibleId = ids[`visible-${p.partner.id.slice(0, 8)}`];
    const excludedId = ids[`excluded-${p.partner.id.slice(0, 8)}`];

    const apiList = await listDeals(scope, { category, user_id: member.id });
    expect(apiList.items.map((i) => i.entry.id)).toEqual([visibleId]);
    const hostedList = await listDeals(scope, { category, user_id: member.id }, { channel: "hosted" });
    expect(hostedList.items.map((i) => i.entry.id).sort()).toEqual([visibleId, excludedId].sort());

    // The wire keeps its contract.
    const res = await api(server.url, p.token, "GET", `/v1/deals?category=${category}`);
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual([visibleId]);
    expect((await api(server.url, p.token, "GET", `/v1/deals/${excludedId}`)).status).toBe(404);

    expect(await redeemDeal(scope, excludedId, { user_id: member.id })).toEqual({ ok: false, reason: "deal_not_found" });
    const result = await redeemDeal(scope, excludedId, { user_id: member.id }, { channel: "hosted" });
    if (!result.ok) throw new Error(result.reason);
    const { redemption } = result;
    expect(redemption.method).toBe("url");
    expect(redemption.redeem_url).toContain(encodeURIComponent(member.email));
  });
});
