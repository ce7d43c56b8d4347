// Issue 53.6: the super admin's tracking switch of a servicepass deal is saved with "Save deal"
// (updateCatalogDeal's tracking_enabled), turning tracking on keeps the deal's existing provider secret
// (a provider's signatures keep working after an off/on), and only rotation replaces it.
// Issue 52.10 (contract section 19, "Decided 2026-12-02 (section 18)"): each row of the provider's
// postback list names what the provider sent: the click_id, the external_id when given, or the
// redemption id of a reversal, beside the outcome and reason.
// Through the portal's tRPC procedures and real HTTP to /v1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWebhookBody } from "@/server/services/webhooks";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createMember } from "../helpers/seed-events-fixtures";
import { startProductServer } from "../helpers/product-server";
import { seedProviderWithDeal } from "./provider-fixtures";

process.env.RATE_LIMIT_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_BURST = "1000000";
process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = "1000000";

let server: Awaited<ReturnType<typeof startProductServer>>;
beforeAll(async () => (server = await startProductServer()));
afterAll(async () => server.close());

async function setup() {
  const { superCaller, providerCaller, dealId } = await seedProviderWithDeal("trk");
  const partner = await seedPartnerWithToken(server.url, "live");
  /** "Save deal" with the form's entry as loaded, and the switch's value (undefined: untouched). */
  const saveDeal = async (tracking_enabled?: boolean) => {
    const { entry: current } = await superCaller.superAdmin.getCatalogDeal({ id: dealId });
    return superCaller.superAdmin.updateCatalogDeal({ id: dealId, entry: current as Record<string, unknown>, ...(tracking_enabled === undefined ? {} : { tracking_enabled }) });
  };
  const newClick = async () => {
    const member = await createMember({ partnerId: partner.partner.id, environment: "live" });
    const res = await api(server.url, partner.token, "GET", `/v1/deals/${dealId}/instructions?user_id=${member.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return /\/r\/(clk_[A-Za-z0-9_-]+)$/.exec(res.body.redeem_url)![1];
  };
  return { superCaller, providerCaller, dealId, saveDeal, newClick };
}

function signedPost(path: string, fields: Record<string, unknown>, secret: string) {
  const body = JSON.stringify(fields);
  return api(server.url, null, "POST", path, body, { "Perkway-Signature": signWebhookBody(secret, body, Math.floor(Date.now() / 1000)) });
}

describe("the super admin's tracking switch", () => {
  it("is saved with Save deal; turning on again keeps the provider's secret; only rotation replaces it", async () => {
    const s = await setup();
    const untouched = await s.saveDeal();
    expect(untouched.provider_secret).toBeNull();
    expect((await s.superCaller.superAdmin.getCatalogDeal({ id: s.dealId })).tracking_enabled).toBe(false);

    // First switch-on, saved with the deal: the deal never had a secret, so one is made and shown once.
    const on = await s.saveDeal(true);
    expect(on.provider_secret).toMatch(/^whsec_/);
    const secret = on.provider_secret!;
    expect((await s.superCaller.superAdmin.getCatalogDeal({ id: s.dealId })).tracking_enabled).toBe(true);
    expect((await signedPost("/v1/provider/conversions", { click_id: await s.newClick() }, secret)).status).toBe(200);

    // Off: the provider's confirmations are refused (a click made while it was on).
    const earlier = await s.newClick();
    expect((await s.saveDeal(false)).provider_secret).toBeNull();
    expect((await s.superCaller.superAdmin.getCatalogDeal({ id: s.dealId })).tracking_enabled).toBe(false);
    const whileOff = await signedPost("/v1/provider/conversions", { click_id: earlier }, secret);
    expect(whileOff.body.error?.code).toBe("signature_invalid");

    // On again: no new secret; the provider's existing one works again.
    expect((await s.saveDeal(true)).provider_secret).toBeNull();
    const again = await signedPost("/v1/provider/conversions", { click_id: await s.newClick() }, secret);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // The direct switch (CLI and older callers) keeps it too.
    await s.superCaller.superAdmin.setCatalogDealTracking({ id: s.dealId, enabled: false });
    expect((await s.superCaller.superAdmin.setCatalogDealTracking({ id: s.dealId, enabled: true })).provider_secret).toBeNull();
    expect((await signedPost("/v1/provider/conversions", { click_id: await s.newClick() }, secret)).status).toBe(200);

    // Rotation, its own action, replaces it: the old secret stops.
    const rotated = await s.superCaller.superAdmin.setCatalogDealTracking({ id: s.dealId, rotate: true });
    expect(rotated.provider_secret).toMatch(/^whsec_/);
    expect(rotated.provider_secret).not.toBe(secret);
    expect((await signedPost("/v1/provider/conversions", { click_id: await s.newClick() }, secret)).body.error?.code).toBe("signature_invalid");
    expect((await signedPost("/v1/provider/conversions", { click_id: await s.newClick() }, rotated.provider_secret!)).status).toBe(200);
  }, 120_000); // a dozen round trips: a busy shared machine takes longer than the default
});

describe("the provider's postback list", () => {
  it("names the click_id, the external_id when given, or the redemption id of a reversal, beside outcome and reason", async () => {
    const s = await setup();
    const secret = (await s.saveDeal(true)).provider_secret!;
    const [first, second, third] = [await s.newClick(), await s.newClick(), await s.newClick()];

    const accepted = await signedPost("/v1/provider/conversions", { click_id: first, external_id: "cust_42", amount: 900, currency: "EUR" }, secret);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const redemptionId = accepted.body.redemption.id as string;
    expect((await signedPost("/v1/provider/conversions", { click_id: second, external_id: "cust_43", amount: 900, currency: "EURO" }, secret)).status).toBe(400);
    expect((await signedPost("/v1/provider/conversions", { click_id: third }, "whsec_not_the_secret")).status).toBe(400);
    expect((await signedPost(`/v1/provider/conversions/${redemptionId}/reverse`, { reason: "refund" }, "whsec_not_the_secret")).status).toBe(400);
    expect((await signedPost(`/v1/provider/conversions/${redemptionId}/reverse`, { reason: "refund" }, secret)).status).toBe(200);

    const rows = await s.providerCaller.provider.postbacks({ deal_id: s.dealId });
    const shape = rows.map((r) => ({ kind: r.kind, click_id: r.click_id, external_id: r.external_id, redemption_id: r.redemption_id, outcome: r.outcome, reason: r.reason === null ? null : "…" }));
    // Received within the same milliseconds, rows may tie on received_at: compared as a set.
    expect(shape).toHaveLength(5);
    expect(shape).toEqual(expect.arrayContaining([
      { kind: "reversal", click_id: null, external_id: null, redemption_id: redemptionId, outcome: "accepted", reason: null },
      { kind: "reversal", click_id: null, external_id: null, redemption_id: redemptionId, outcome: "signature_invalid", reason: "…" },
      { kind: "conversion", click_id: third, external_id: null, redemption_id: null, outcome: "signature_invalid", reason: "…" },
      { kind: "conversion", click_id: second, external_id: "cust_43", redemption_id: null, outcome: "parameter_invalid", reason: "…" },
      { kind: "conversion", click_id: first, external_id: "cust_42", redemption_id: null, outcome: "accepted", reason: null },
    ]));
  });
});
