// The provider area of contract section 18 through its tRPC procedures (the portal's context seam)
// and real HTTP for what reaches /v1: a provider user sees its deals; a change request changes the
// live deal only on the super admin's approval (the change reaches /v1/deals), a rejection leaves it
// and both email the provider with the note; 100,000 codes upload in batches with counts only; the
// tracking console's request is accepted by the real endpoint and the postback is listed; results
// count partners and name only those who allowed it; a claim at the low mark emails the provider.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAdminCredentials } from "@/server/services/admins";
import { claimWithCodePoolWebhooks } from "@/server/services/webhooks";
import { db } from "../helpers/db";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createMember } from "../helpers/seed-events-fixtures";
import { startProductServer } from "../helpers/product-server";
import { seedProviderWithDeal, uniq } from "./provider-fixtures";

process.env.RATE_LIMIT_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_BURST = "1000000";
process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = "1000000";

let server: Awaited<ReturnType<typeof startProductServer>>;
beforeAll(async () => (server = await startProductServer()));
afterAll(async () => server.close());

const setup = () => seedProviderWithDeal();

describe("provider accounts and users", () => {
  it("a provider user signs in with role provider and sees only its own deals", async () => {
    const s = await setup();
    expect(await verifyAdminCredentials(s.email, "correct horse battery staple")).toMatchObject({ role: "provider" });
    const deals = await s.providerCaller.provider.deals();
    expect(deals.map((d) => d.id)).toEqual([s.dealId]);
    expect(deals[0]).toMatchObject({ codes: { total: 0, available: 0 }, pending_change_request_id: null });
    expect(await s.providerCaller.me()).toMatchObject({ role: "provider", partnerId: null });
    const listed = (await s.superCaller.providers.list()).find((p) => p.id === s.provider.provider_id);
    expect(listed).toMatchObject({ deals: [{ id: s.dealId }], users: [{ email: s.email, invited: false }] });
  });

  it("the super admin invites a provider user: an account without a password and an emailed link", async () => {
    const s = await setup();
    const email = `invitee-${uniq()}@cloud.example`;
    const invited = await s.superCaller.providers.invite({ provider_id: s.provider.provider_id, email });
    expect(invited.set_password_url).toMatch(/set-password\?token=/);
    expect(await db.admin.findUniqueOrThrow({ where: { email } })).toMatchObject({ role: "provider", providerId: s.provider.provider_id, passwordSetAt: null });
    expect(await db.emailMessage.count({ where: { toAddress: email, kind: "admin_invitation" } })).toBe(1);
  });
});

describe("change requests", () => {
  it("approve: the live deal changes through the catalogue service, /v1 shows it, the provider is emailed with the note", async () => {
    const s = await setup();
    const partner = await seedPartnerWithToken(server.url, "live");
    const before = await api(server.url, partner.token, "GET", `/v1/deals/${s.dealId}`);
    expect(before.status).toBe(200);
    const request = await s.providerCaller.provider.requestChange({
      deal_id: s.dealId,
      changes: { product_name: "Cloud credits 2.0", short_description: before.body.short_description, end_date: "2031-12-31" },
    });
    // Only the fields that differ are kept, with the live values beside them.
    expect(request.diff).toEqual([
      { field: "product_name", before: before.body.product_name, after: "Cloud credits 2.0" },
      { field: "end_date", before: null, after: "2031-12-31" },
    ]);
    expect((await api(server.url, partner.token, "GET", `/v1/deals/${s.dealId}`)).body.product_name).toBe(before.body.product_name);
    const pending = await s.superCaller.providers.changeRequests({ status: "pending" });
    expect(pending.map((r) => r.id)).toContain(request.id);

    const decided = await s.superCaller.providers.decide({ id: request.id, decision: "approved", note: "Looks good" });
    expect(decided).toMatchObject({ status: "approved", note: "Looks good" });
    const after = await api(server.url, partner.token, "GET", `/v1/deals/${s.dealId}`);
    expect(after.body).toMatchObject({ product_name: "Cloud credits 2.0", end_date: "2031-12-31" });
    const mail = await db.emailMessage.findFirstOrThrow({ where: { toAddress: s.email, kind: "provider_notice" } });
    expect(mail.subject).toMatch(/Approved/);
    expect(mail.text).toContain("Looks good");
    // Decided once: a second decision is refused.
    await expect(s.superCaller.providers.decide({ id: request.id, decision: "rejected" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("reject: the live deal stays, the provider is emailed the note; a provider cannot decide", async () => {
    const s = await setup();
    const live = await db.deal.findUniqueOrThrow({ where: { id: s.dealId } });
    const request = await s.providerCaller.provider.requestChange({ deal_id: s.dealId, changes: { redemption: { method: "promo_code", promo_code: "CLOUD50" } } });
    await expect(s.providerCaller.providers.decide({ id: request.id, decision: "approved" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await s.superCaller.providers.decide({ id: request.id, decision: "rejected", note: "Promo codes must be unique codes" });
    const still = await db.deal.findUniqueOrThrow({ where: { id: s.dealId } });
    expect({ m: still.redemptionMethod, p: still.redemptionPromoCode, n: still.productName }).toEqual({ m: live.redemptionMethod, p: live.redemptionPromoCode, n: live.productName });
    const mail = await db.emailMessage.findFirstOrThrow({ where: { toAddress: s.email, kind: "provider_notice" } });
    expect(mail.subject).toMatch(/Not approved/);
    expect(mail.text).toContain("Promo codes must be unique codes");
    expect((await s.providerCaller.provider.changeRequests())[0]).toMatchObject({ id: request.id, status: "rejected" });
  });

  it("refuses an empty change, unknown fields and another provider's deal", async () => {
    const s = await setup();
    const other = await setup();
    const live = await s.providerCaller.provider.deal({ deal_id: s.dealId });
    await expect(s.providerCaller.provider.requestChange({ deal_id: s.dealId, changes: { product_name: live.fields.product_name } })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(s.providerCaller.provider.requestChange({ deal_id: s.dealId, changes: { status: "paused" } as never })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(s.providerCaller.provider.requestChange({ deal_id: other.dealId, changes: { product_name: "Mine now" } })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("code uploads", () => {
  it("100,000 codes in ten batches: counts only, duplicates skipped, codes never shown back", { timeout: 120_000 }, async () => {
    const s = await setup();
    const codes = Array.from({ length: 100_000 }, (_, i) => `CODE-${uniq()}-${i}`);
    const started = Date.now();
    let added = 0;
    for (let i = 0; i < codes.length; i += 10_000) {
      const r = await s.providerCaller.provider.uploadCodes({ deal_id: s.dealId, codes: codes.slice(i, i + 10_000) });
      added += r.added;
      expect(r.total).toBe(i + 10_000);
    }
    const elapsed = Date.now() - started;
    expect(added).toBe(100_000);
    console.log(`uploaded 100,000 codes in ${elapsed} ms`);
    // A re-upload (with a duplicate inside the batch) adds nothing.
    const again = await s.providerCaller.provider.uploadCodes({ deal_id: s.dealId, codes: [codes[0], codes[0], codes[1]] });
    expect(again).toMatchObject({ received: 3, duplicates_in_batch: 1, already_in_pool: 2, added: 0, total: 100_000, available: 100_000 });
    const deals = await s.providerCaller.provider.deals();
    expect(deals[0].codes).toEqual({ total: 100_000, available: 100_000 });
    expect(JSON.stringify(deals)).not.toContain(codes[0]);
    await expect(s.providerCaller.provider.uploadCodes({ deal_id: s.dealId, codes: Array(10_001).fill("X") })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("a claim that reaches the low mark emails the provider's users once", async () => {
    const s = await setup();
    await s.providerCaller.provider.uploadCodes({ deal_id: s.dealId, codes: ["A1", "A2", "A3"] });
    await s.providerCaller.provider.setLowStockThreshold({ deal_id: s.dealId, threshold: 2 });
    const claim = () =>
      claimWithCodePoolWebhooks(s.dealId, (tx) =>
        tx.$queryRaw<{ id: string }[]>`UPDATE unique_codes SET claimed_at = now() WHERE id = (SELECT id FROM unique_codes WHERE deal_id = ${s.dealId}::uuid AND claimed_at IS NULL LIMIT 1) RETURNING id`,
      );
    await claim();
    const mails = await db.emailMessage.findMany({ where: { toAddress: s.email, kind: "provider_notice" } });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/2 codes left/);
    await claim(); // 1 left: no new email
    expect(await db.emailMessage.count({ where: { toAddress: s.email, kind: "provider_notice" } })).toBe(1);
  });
});

describe("tracking console, postbacks and results", () => {
  it("the console's request is accepted by POST /v1/provider/conversions; the postback is listed; results count it", async () => {
    const s = await setup();
    const { provider_secret } = await s.superCaller.superAdmin.setCatalogDealTracking({ id: s.dealId, enabled: true }).then((r) => r as { provider_secret: string });
    expect(provider_secret).toMatch(/^whsec_/);
    const rotated = await s.providerCaller.provider.rotateSecret({ deal_id: s.dealId });
    expect(rotated.provider_secret).toMatch(/^whsec_/);
    expect(rotated.provider_secret).not.toBe(provider_secret);

    // Two partners' members click; one partner allows its name.
    const named = await seedPartnerWithToken(server.url, "live", { name: `Named Fund ${uniq()}` });
    const hidden = await seedPartnerWithToken(server.url, "live", { name: `Quiet Fund ${uniq()}` });
    await db.partner.update({ where: { id: named.partner.id }, data: { shareNameWithProviders: true } });
    const clicks: string[] = [];
    for (const p of [named, hidden]) {
      const member = await createMember({ partnerId: p.partner.id, environment: "live" });
      const res = await api(server.url, p.token, "GET", `/v1/deals/${s.dealId}/instructions?user_id=${member.id}`);
      clicks.push(/\/r\/(clk_[A-Za-z0-9_-]+)$/.exec(res.body.redeem_url)![1]);
      await api(server.url, p.token, "POST", "/events/track", { event_type: "redeem_url_clicked", user_id: member.id, deal_id: s.dealId });
    }
    const consoleReq = await s.providerCaller.provider.console({ deal_id: s.dealId, click_id: clicks[0] });
    expect(consoleReq.click).toEqual({ found: true, deal_matches: true, converted: false, expired: false });
    expect(consoleReq.curl).toContain(consoleReq.signature_header);
    const sent = await api(server.url, null, "POST", "/v1/provider/conversions", consoleReq.body, { "Perkway-Signature": consoleReq.signature_header });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const withValue = JSON.stringify({ click_id: clicks[1], amount: 1500, currency: "USD" });
    const { signWebhookBody } = await import("@/server/services/webhooks");
    expect((await api(server.url, null, "POST", "/v1/provider/conversions", withValue, { "Perkway-Signature": signWebhookBody(provider_secret, withValue, Math.floor(Date.now() / 1000)) })).status).toBe(400);
    expect((await api(server.url, null, "POST", "/v1/provider/conversions", withValue, { "Perkway-Signature": signWebhookBody(rotated.provider_secret, withValue, Math.floor(Date.now() / 1000)) })).status).toBe(200);

    const postbacks = await s.providerCaller.provider.postbacks({ deal_id: s.dealId });
    expect(postbacks.map((p) => p.outcome)).toEqual(["accepted", "signature_invalid", "accepted"]);
    expect(JSON.stringify(postbacks)).not.toContain("whsec_");

    const results = await s.providerCaller.provider.results({ months: 3 });
    expect(results.totals).toMatchObject({ clicks: 2, confirmed: 2, conversion_rate: 1, value: { USD: 1500 }, partners: 2 });
    expect(results.deals).toEqual([expect.objectContaining({ deal_id: s.dealId, partners: 2, partner_names: [named.partner.name] })]);
    const csv = await s.providerCaller.provider.exportResults({ months: 3 });
    expect(csv.content.split("\r\n")[0]).toBe("deal_id,deal_name,month,clicks,confirmed,conversion_rate,partners,value_USD");
    expect(csv.content).toContain(`${s.dealId},`);
    expect(csv.content).not.toContain(hidden.partner.name);
    const text = JSON.stringify(results);
    expect(text).not.toContain(hidden.partner.name);
    expect(text).not.toMatch(/@example\.com/);
  });
});

describe("attribution window of servicepass deals", () => {
  it("the catalogue editor and import set attribution_window_days (1–365); the import refuses others", async () => {
    const s = await setup();
    const { entry } = await s.superCaller.superAdmin.getCatalogDeal({ id: s.dealId });
    expect(entry.attribution_window_days).toBe(90);
    await s.superCaller.superAdmin.updateCatalogDeal({ id: s.dealId, entry: { ...entry, attribution_window_days: 30 } });
    expect((await db.deal.findUniqueOrThrow({ where: { id: s.dealId } })).attributionWindowDays).toBe(30);
    await expect(s.superCaller.superAdmin.updateCatalogDeal({ id: s.dealId, entry: { ...entry, attribution_window_days: 0 } })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const { importCatalog } = await import("@/server/services/deals");
    const slug = `win-${uniq()}`;
    const imported = await importCatalog("operator", [{ slug, product_name: "Window", short_description: "x", attribution_window_days: 14 }]);
    expect((await db.deal.findUniqueOrThrow({ where: { id: imported.deals[0].id } })).attributionWindowDays).toBe(14);
    await expect(importCatalog("operator", [{ slug: `win-${uniq()}`, product_name: "Window", short_description: "x", attribution_window_days: 366 }])).rejects.toMatchObject({ param: expect.stringContaining("attribution_window_days") });
  });
});
