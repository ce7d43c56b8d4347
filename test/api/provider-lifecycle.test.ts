// The conversion lifecycle of contract section 18, over real HTTP: amount and currency (validated),
// external_id (a second confirmation of the same deal and external_id through another click is a
// duplicate and counts once in confirmed_redemptions and the ROI report), the attribution window
// (click_expired at its edge), and the signed reversal (signature, 30-day window, redemption.reversed
// once under a race, analytics and ROI drop it), with the postback log that never stores a secret.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import type { PartnerScope } from "@/server/scope";
import { signWebhookBody } from "@/server/services/webhooks";
import { getRoiReport } from "@/server/services/events";
import { expectMatchesOpenApi } from "../helpers/openapi-validate";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createMember } from "../helpers/seed-events-fixtures";
import { startProductServer } from "../helpers/product-server";
import { itOnPostgres } from "../helpers/requires-postgres";

process.env.RATE_LIMIT_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_BURST = "1000000";
process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = "1000000";

let server: Awaited<ReturnType<typeof startProductServer>>;
beforeAll(async () => (server = await startProductServer()));
afterAll(async () => server.close());

const DAY = 86_400_000;
const now = () => Math.floor(Date.now() / 1000);

async function setup(dealFields: Record<string, unknown> = {}) {
  const p = await seedPartnerWithToken(server.url, "test");
  const scope: PartnerScope = { partnerId: p.partner.id, environment: "test" };
  const created = await api(server.url, p.token, "POST", "/v1/partner-deals", {
    product_name: "Tracked deal",
    short_description: "x",
    status: "live",
    est_value: 100,
    tracking_enabled: true,
    redemption: { method: "url", redeem_url: "https://provider.example/signup?ref={{click_id}}" },
    ...dealFields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await db.webhookEndpoint.create({
    data: { partnerId: p.partner.id, environment: "test", url: "https://hooks.example/x", eventTypes: ["deal.redeemed", "redemption.reversed"], secretEncrypted: "v1.unused", enabled: true },
  });
  return { ...p, scope, deal: created.body as { id: string; attribution_window_days: number }, secret: created.body.provider_secret as string };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** A new member of the partner and their click id for the deal. */
async function clickOf(c: Setup): Promise<{ memberId: string; clickId: string }> {
  const member = await createMember(c.scope);
  const res = await api(server.url, c.token, "GET", `/v1/deals/${c.deal.id}/instructions?user_id=${member.id}`);
  expect(res.status).toBe(200);
  const clickId = /\/r\/(clk_[A-Za-z0-9_-]+)$/.exec(res.body.redeem_url)?.[1];
  expect(clickId, res.body.redeem_url).toBeTruthy();
  return { memberId: member.id, clickId: clickId! };
}

function post(path: string, body: string, signature: string | null) {
  return api(server.url, null, "POST", path, body, signature === null ? {} : { "Perkway-Signature": signature });
}
function convert(c: Setup, fields: Record<string, unknown>, secret = c.secret) {
  const body = JSON.stringify(fields);
  return post("/v1/provider/conversions", body, signWebhookBody(secret, body, now()));
}
function reverse(c: Setup, redemptionId: string, fields: Record<string, unknown> | null = {}, secret = c.secret) {
  const body = fields === null ? "" : JSON.stringify(fields);
  return post(`/v1/provider/conversions/${redemptionId}/reverse`, body, signWebhookBody(secret, body, now()));
}
const events = (partnerId: string, type: string) => db.webhookEvent.findMany({ where: { partnerId, type } });

describe("conversion amount, currency and external_id", () => {
  it("records amount and currency (currency case-insensitive, stored upper case) and answers them", async () => {
    const c = await setup();
    const { clickId } = await clickOf(c);
    const res = await convert(c, { click_id: clickId, amount: 4900, currency: "eur", external_id: "cust_1" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.redemption).toMatchObject({ confirmed: true, amount: 4900, currency: "EUR", external_id: "cust_1" });
    expect(res.body.redemption).not.toHaveProperty("reversed_at");
    // Without lifecycle fields the record keeps the section 12 shape.
    const plain = await convert(c, { click_id: (await clickOf(c)).clickId });
    expect(Object.keys(plain.body.redemption).sort()).toEqual(["code", "confirmed", "deal_id", "id", "redeemed_at", "source", "user_id"]);
    expectMatchesOpenApi("POST", "/v1/provider/conversions", res);
    const listed = await api(server.url, c.token, "GET", "/v1/redemptions?source=provider");
    expect(listed.body.data.find((r: { id: string }) => r.id === res.body.redemption.id)).toMatchObject({ amount: 4900, currency: "EUR", external_id: "cust_1" });
  });

  it.each([
    [{ amount: 12.5, currency: "USD" }, "amount"],
    [{ amount: -1, currency: "USD" }, "amount"],
    [{ amount: "100", currency: "USD" }, "amount"],
    [{ amount: 100, currency: "XYZ" }, "currency"],
    [{ amount: 100, currency: "US" }, "currency"],
    [{ amount: 100, currency: 840 }, "currency"],
    [{ amount: 100 }, "currency"],
    [{ currency: "USD" }, "amount"],
    [{ external_id: "" }, "external_id"],
    [{ external_id: "x".repeat(201) }, "external_id"],
  ])("refuses %j with 400 naming %s, and records nothing", async (fields, param) => {
    const c = await setup();
    const { clickId, memberId } = await clickOf(c);
    const res = await convert(c, { click_id: clickId, ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", param });
    expect(["parameter_invalid", "parameter_missing"]).toContain(res.body.error.code);
    expect(await db.redemption.count({ where: { memberId } })).toBe(0);
  });

  it("a second confirmation of the same deal and external_id through another click is a duplicate and counts once", async () => {
    const c = await setup();
    const first = await clickOf(c);
    const second = await clickOf(c);
    const one = await convert(c, { click_id: first.clickId, external_id: "cust_42", amount: 1000, currency: "USD" });
    expect(one.body.duplicate).toBe(false);
    const two = await convert(c, { click_id: second.clickId, external_id: "cust_42", amount: 1000, currency: "USD" });
    expect(two.status).toBe(200);
    expect(two.body.duplicate).toBe(true);
    expect(two.body.redemption.id).toBe(one.body.redemption.id);
    // The second member has no confirmed redemption; one deal.redeemed; counted once.
    expect(await db.redemption.count({ where: { memberId: second.memberId, confirmed: true } })).toBe(0);
    expect(await events(c.partner.id, "deal.redeemed")).toHaveLength(1);
    expect((await api(server.url, c.token, "GET", "/v1/analytics?days=1")).body.confirmed_redemptions).toBe(1);
    const roi = await getRoiReport(c.scope, { days: 7 });
    // One redemption record (the funnel's steps need a deal view, which these members never sent).
    expect(roi.overall).toMatchObject({ records: 1 });
    // A different external_id through a third click counts.
    const third = await clickOf(c);
    expect((await convert(c, { click_id: third.clickId, external_id: "cust_43" })).body.duplicate).toBe(false);
    expect((await api(server.url, c.token, "GET", "/v1/analytics?days=1")).body.confirmed_redemptions).toBe(2);
  });

  itOnPostgres("concurrent confirmations of one external_id through different clicks: one wins", async () => {
    const c = await setup();
    const clicks = await Promise.all([clickOf(c), clickOf(c), clickOf(c), clickOf(c)]);
    const results = await Promise.all(clicks.map((k) => convert(c, { click_id: k.clickId, external_id: "cust_race" })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect(await db.redemption.count({ where: { dealId: c.deal.id, confirmed: true } })).toBe(1);
  });
});

describe("attribution window", () => {
  it("partner deals take attribution_window_days (1–365, default 90) on POST, PATCH and GET", async () => {
    const c = await setup();
    expect(c.deal.attribution_window_days).toBe(90);
    const patched = await api(server.url, c.token, "PATCH", `/v1/partner-deals/${c.deal.id}`, { attribution_window_days: 30 });
    expect(patched.status).toBe(200);
    expect(patched.body.attribution_window_days).toBe(30);
    expect((await api(server.url, c.token, "GET", `/v1/partner-deals/${c.deal.id}`)).body.attribution_window_days).toBe(30);
    for (const bad of [0, 366, 1.5, "30"]) {
      const res = await api(server.url, c.token, "PATCH", `/v1/partner-deals/${c.deal.id}`, { attribution_window_days: bad });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "attribution_window_days" });
    }
    const created = await api(server.url, c.token, "POST", "/v1/partner-deals", { product_name: "Short window", short_description: "x", redemption: { method: "steps" }, attribution_window_days: 7 });
    expect(created.status).toBe(201);
    expect(created.body.attribution_window_days).toBe(7);
  });

  it("a click inside the window converts; one just past it is 409 click_expired and records nothing", async () => {
    const c = await setup({ attribution_window_days: 10 });
    const inside = await clickOf(c);
    const outside = await clickOf(c);
    await db.redemptionClick.update({ where: { id: inside.clickId }, data: { createdAt: new Date(Date.now() - 10 * DAY + 60_000) } });
    await db.redemptionClick.update({ where: { id: outside.clickId }, data: { createdAt: new Date(Date.now() - 10 * DAY - 60_000) } });
    expect((await convert(c, { click_id: inside.clickId })).status).toBe(200);
    const expired = await convert(c, { click_id: outside.clickId });
    expect(expired.status).toBe(409);
    expect(expired.body.error).toMatchObject({ type: "invalid_request_error", code: "click_expired", param: "click_id" });
    expect(await db.redemption.count({ where: { memberId: outside.memberId } })).toBe(0);
    // The member's next instructions give a fresh click, which converts.
    const res = await api(server.url, c.token, "GET", `/v1/deals/${c.deal.id}/instructions?user_id=${outside.memberId}`);
    const fresh = /\/r\/(clk_[A-Za-z0-9_-]+)$/.exec(res.body.redeem_url)![1];
    expect(fresh).not.toBe(outside.clickId);
    expect((await convert(c, { click_id: fresh })).status).toBe(200);
  });

  it("a click already converted answers as a duplicate after the window (retries stay safe)", async () => {
    const c = await setup({ attribution_window_days: 1 });
    const k = await clickOf(c);
    expect((await convert(c, { click_id: k.clickId })).status).toBe(200);
    await db.redemptionClick.update({ where: { id: k.clickId }, data: { createdAt: new Date(Date.now() - 5 * DAY) } });
    const again = await convert(c, { click_id: k.clickId });
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toBe(true);
  });
});

describe("reversal", () => {
  it("reverses within 30 days: confirmed false, reversed_at set, redemption.reversed once, analytics and ROI drop it", async () => {
    const c = await setup();
    const k = await clickOf(c);
    const confirmed = await convert(c, { click_id: k.clickId, amount: 2000, currency: "USD", external_id: "cust_r" });
    const id = confirmed.body.redemption.id as string;
    expect((await api(server.url, c.token, "GET", "/v1/analytics?days=1")).body.confirmed_redemptions).toBe(1);

    const res = await reverse(c, id, { reason: "refunded" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.duplicate).toBe(false);
    expect(res.body.redemption).toMatchObject({ id, confirmed: false, source: "provider", amount: 2000 });
    expect(Date.parse(res.body.redemption.reversed_at)).toBeGreaterThan(Date.now() - 60_000);
    expectMatchesOpenApi("POST", "/v1/provider/conversions/{id}/reverse", res);

    const hooks = await events(c.partner.id, "redemption.reversed");
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0].payload as string).data.object).toMatchObject({ id, confirmed: false, reason: "refunded", user_id: k.memberId, deal_id: c.deal.id });
    expect((await api(server.url, c.token, "GET", "/v1/analytics?days=1")).body.confirmed_redemptions).toBe(0);
    const roi = await getRoiReport(c.scope, { days: 7 });
    expect(roi.overall).toMatchObject({ confirmed: 0, redeemed: 0, records: 0, value_confirmed: 0 });
    const listed = await api(server.url, c.token, "GET", "/v1/redemptions");
    expect(listed.body.data[0]).toMatchObject({ id, confirmed: false, reversed_at: res.body.redemption.reversed_at });

    // A repeat changes nothing; an empty body is {} (signed over the empty string).
    const again = await reverse(c, id, null);
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toBe(true);
    expect(await events(c.partner.id, "redemption.reversed")).toHaveLength(1);
  });

  itOnPostgres("two concurrent reversals: one wins, one webhook", async () => {
    const c = await setup();
    const k = await clickOf(c);
    const id = (await convert(c, { click_id: k.clickId })).body.redemption.id as string;
    const results = await Promise.all([reverse(c, id, { reason: "a" }), reverse(c, id, { reason: "b" }), reverse(c, id)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect(await events(c.partner.id, "redemption.reversed")).toHaveLength(1);
  });

  it("after 30 days: 409 reversal_window_closed; the redemption stays confirmed", async () => {
    const c = await setup();
    const k = await clickOf(c);
    const id = (await convert(c, { click_id: k.clickId })).body.redemption.id as string;
    await db.redemption.update({ where: { id }, data: { confirmedAt: new Date(Date.now() - 30 * DAY - 60_000) } });
    const res = await reverse(c, id, { reason: "late" });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "reversal_window_closed" });
    expect((await db.redemption.findUniqueOrThrow({ where: { id } })).confirmed).toBe(true);
    await db.redemption.update({ where: { id }, data: { confirmedAt: new Date(Date.now() - 30 * DAY + 60_000) } });
    expect((await reverse(c, id)).status).toBe(200);
  });

  it("refuses a wrong secret, a tampered body, unknown or unconfirmed redemptions, bad bodies", async () => {
    const c = await setup();
    const other = await setup();
    const k = await clickOf(c);
    const id = (await convert(c, { click_id: k.clickId })).body.redemption.id as string;
    // Another deal's secret (another partner's provider).
    expect((await reverse(c, id, {}, other.secret)).body.error.code).toBe("signature_invalid");
    const body = JSON.stringify({ reason: "x" });
    expect((await post(`/v1/provider/conversions/${id}/reverse`, body + " ", signWebhookBody(c.secret, body, now()))).body.error.code).toBe("signature_invalid");
    expect((await post(`/v1/provider/conversions/${id}/reverse`, body, null)).body.error.code).toBe("signature_invalid");
    const unknown = await reverse(c, "00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("redemption_not_found");
    expect((await reverse(c, "not-a-uuid")).body.error.code).toBe("redemption_not_found");
    // A self-reported (never provider-confirmed) redemption cannot be reversed.
    const m = await clickOf(c);
    await api(server.url, c.token, "POST", "/events/track", { event_type: "deal_redeemed", user_id: m.memberId, deal_id: c.deal.id });
    const selfReported = await db.redemption.findFirstOrThrow({ where: { memberId: m.memberId } });
    expect((await reverse(c, selfReported.id)).body.error.code).toBe("redemption_not_found");
    expect((await reverse(c, id, { reason: 5 })).body.error).toMatchObject({ code: "parameter_invalid", param: "reason" });
    expect((await reverse(c, id, { why: "x" })).body.error).toMatchObject({ code: "unknown_parameter", param: "why" });
    expect((await db.redemption.findUniqueOrThrow({ where: { id } })).confirmed).toBe(true);
  });
});

describe("the postback log", () => {
  it("records accepted, duplicate and refused postbacks with the reason, never a secret or signature", async () => {
    const c = await setup();
    const provider = await db.provider.create({ data: { name: `Prov ${Math.random()}` } });
    await db.deal.update({ where: { id: c.deal.id }, data: { providerId: provider.id } });
    const k = await clickOf(c);
    const body = JSON.stringify({ click_id: k.clickId });
    const badSignature = signWebhookBody("whsec_wrong", body, now());
    await post("/v1/provider/conversions", body, badSignature);
    expect((await convert(c, { click_id: k.clickId, amount: 5, currency: "XYZ" })).status).toBe(400);
    await convert(c, { click_id: k.clickId });
    await convert(c, { click_id: k.clickId });
    const rows = await db.providerPostback.findMany({ where: { dealId: c.deal.id }, orderBy: { receivedAt: "asc" } });
    expect(rows.map((r) => [r.kind, r.outcome, r.status])).toEqual([
      ["conversion", "signature_invalid", 400],
      ["conversion", "parameter_invalid", 400],
      ["conversion", "accepted", 200],
      ["conversion", "duplicate", 200],
    ]);
    expect(rows[0].reason).toMatch(/does not match/);
    expect(rows.every((r) => r.providerId === provider.id && r.clickId === k.clickId)).toBe(true);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(c.secret);
    expect(stored).not.toContain(badSignature.split("v1=")[1]);
    expect(stored).not.toContain("whsec_");
  });
});

describe("a provider secret is no partner credential", () => {
  it("as a bearer token on partner routes: 401, nothing listed", async () => {
    const c = await setup();
    for (const path of ["/v1/deals", "/v1/partner-deals", "/v1/redemptions", `/v1/partner-deals/${c.deal.id}`]) {
      const res = await api(server.url, c.secret, "GET", path);
      expect(res.status, path).toBe(401);
      expect(res.body.error.code).toBe("token_invalid");
    }
  });
});

describe("the SDK's provider helpers", () => {
  it("confirmConversion and reverseConversion sign and send; refusals are ProviderPostbackError with the code", async () => {
    const { confirmConversion, reverseConversion, ProviderPostbackError } = await import("../../packages/sdk/src/provider");
    const c = await setup();
    const k = await clickOf(c);
    const opts = { secret: c.secret, baseUrl: server.url };
    const confirmed = await confirmConversion(opts, { click_id: k.clickId, amount: 990, currency: "usd", external_id: "sdk_1" });
    expect(confirmed).toMatchObject({ duplicate: false, redemption: { confirmed: true, amount: 990, currency: "USD" } });
    const reversed = await reverseConversion(opts, confirmed.redemption.id, "refund");
    expect(reversed).toMatchObject({ duplicate: false, redemption: { confirmed: false } });
    const refused = await confirmConversion({ ...opts, secret: "whsec_wrong" }, { click_id: k.clickId }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderPostbackError);
    expect(refused).toMatchObject({ status: 400, code: "signature_invalid" });
  });
});
