// "Hide from my members": a partner hides a shared deal → gone from its GET /v1/deals (both
// environments) and GET /v1/deals/{id}, explained as "Hidden by you" in its catalogue and the member
// preview, untouched for other partners; "Show again" brings it back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSharedDealHidden } from "@/server/services/deals/listing/hide-shared-deal";
import { listPartnerCatalogue } from "@/server/services/deals/listing/list-partner-catalogue";
import { previewMemberDeals } from "@/server/services/deals/listing/preview-member-deals";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals } from "../helpers/seed-deals";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const actor = { actor: { type: "cli" as const } };

describe("hiding a shared deal from one partner's members", () => {
  it("drops it from that partner's listings only, with the reason, until shown again", async () => {
    const { category, ids, slugs } = await seedServicepassDeals([{}, {}]);
    const [hiddenId, keptId] = [ids[slugs[0]], ids[slugs[1]]];
    const a = await seedPartnerWithToken(server.url, "test");
    const aLive = await getToken(server.url, a.keys.live);
    const b = await seedPartnerWithToken(server.url, "test");
    const listed = async (token: string) => (await api(server.url, token, "GET", `/v1/deals?category=${category}`)).body.data.map((d: { id: string }) => d.id).sort();

    expect(await listed(a.token)).toEqual([hiddenId, keptId].sort());
    await setSharedDealHidden({ partnerId: a.partner.id, environment: "test" }, hiddenId, true, actor);
    await setSharedDealHidden({ partnerId: a.partner.id, environment: "test" }, hiddenId, true, actor); // idempotent
    expect(await listed(a.token)).toEqual([keptId]);
    expect(await listed(aLive)).toEqual([keptId]);
    expect((await api(server.url, a.token, "GET", `/v1/deals/${hiddenId}`)).status).toBe(404);
    expect(await listed(b.token)).toEqual([hiddenId, keptId].sort());

    const scope = { partnerId: a.partner.id, environment: "test" as const };
    const catalogue = await listPartnerCatalogue(scope, { q: undefined, category, visibility: "all", page: 1, page_size: 25 });
    const row = catalogue.rows.find((r) => r.id === hiddenId)!;
    expect(row).toMatchObject({ visible: false, hidden_by_you: true });
    expect(row.hidden_by.map((r) => r.code)).toEqual(["hidden_by_partner"]);
    expect(row.hidden_by[0].text).toMatch(/^Hidden by you/);
    const preview = await previewMemberDeals(scope, {
      member: { kind: "described", profile: { tier: "free", user_types: [], regions: [], eligibility: {} } },
      category,
      show: "hidden",
      page: 1,
      page_size: 25,
    } as Parameters<typeof previewMemberDeals>[1]);
    expect(preview.rows.map((r) => r.id)).toEqual([hiddenId]);
    expect(preview.rows[0].hidden_by.map((r) => r.code)).toContain("hidden_by_partner");

    await setSharedDealHidden(scope, hiddenId, false, actor);
    expect(await listed(a.token)).toEqual([hiddenId, keptId].sort());
  });

  it("refuses deals that are not shared: another partner's private deal is not found", async () => {
    const a = await seedPartnerWithToken(server.url, "test");
    const b = await seedPartnerWithToken(server.url, "test");
    const own = await api(server.url, b.token, "POST", "/v1/partner-deals", { product_name: "B's", short_description: "x", redemption: { method: "url", redeem_url: "https://b.example" }, status: "live" });
    await expect(setSharedDealHidden({ partnerId: a.partner.id, environment: "test" }, own.body.id, true, actor)).rejects.toMatchObject({ code: "deal_not_found" });
    await expect(setSharedDealHidden({ partnerId: a.partner.id, environment: "test" }, "not-a-uuid", true, actor)).rejects.toMatchObject({ code: "deal_not_found" });
  });
});
