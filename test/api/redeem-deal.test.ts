// redeemDeal: a refusal is data (the /v1 handler and the hosted app each turn it into their own
// answer), never an exception to switch over; only a member who is not the caller's is thrown, as
// the bad parameter it is, and the deal's refusal still wins over it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redeemDeal } from "@/server/services/deals";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

describe("redeemDeal", () => {
  it("returns the redemption, or the reason it is refused", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const scope = { partnerId: p.partner.id, environment: "live" as const };
    const m = await createTestMember(scope);
    const { ids, slugs } = await seedServicepassDeals([{}, { status: "coming_soon" }, { status: "paused" }, { status: "expired" }, { status: "draft" }]);
    const [live, soon, paused, expired, draft] = slugs.map((s) => ids[s]);

    const ok = await redeemDeal(scope, live, { user_id: m.id });
    expect(ok.ok).toBe(true);
    expect(ok.ok && ok.redemption.method).toBeTruthy();
    expect(await redeemDeal(scope, soon, { user_id: m.id })).toEqual({ ok: false, reason: "not_eligible", denial: "coming_soon" });
    expect(await redeemDeal(scope, paused, { user_id: m.id })).toEqual({ ok: false, reason: "not_redeemable", status: "paused", cause: "status" });
    expect(await redeemDeal(scope, expired, { user_id: m.id })).toEqual({ ok: false, reason: "not_redeemable", status: "expired", cause: "status" });
    for (const id of [draft, "nope"]) expect(await redeemDeal(scope, id, { user_id: m.id })).toEqual({ ok: false, reason: "deal_not_found" });

    const nobody = "00000000-0000-4000-8000-000000000000";
    await expect(redeemDeal(scope, live, { user_id: nobody })).rejects.toMatchObject({ code: "user_not_found" });
    expect(await redeemDeal(scope, "nope", { user_id: nobody })).toEqual({ ok: false, reason: "deal_not_found" });
  });
});
