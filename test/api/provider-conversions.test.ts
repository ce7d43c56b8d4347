// Provider-confirmed redemption (docs/provider-conversions.md), over real HTTP: a tracked deal's instructions point
// at /r/{click_id}; following it records redeem_url_clicked and redirects to the redeem_url with
// that click id; the provider's signed POST /v1/provider/conversions records the redemption with
// source provider, once per click also under concurrent duplicate postbacks, and queues deal.redeemed
// with confirmed: true once. Refused: tampered body, wrong secret, old timestamp, missing signature,
// unknown clicks, another partner's or environment's click signed with one's own secret.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import type { PartnerScope } from "@/server/scope";
import { signWebhookBody } from "@/server/services/webhooks";
import { drainEventsBehind, getRoiReport } from "@/server/services/events";
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

const REDEEM = "https://provider.example/signup?ref={{click_id}}&u={{user_id}}";

async function setup(environment: "live" | "test" = "test") {
  const p = await seedPartnerWithToken(server.url, environment);
  const scope: PartnerScope = { partnerId: p.partner.id, environment };
  const member = await createMember(scope);
  const created = await api(server.url, p.token, "POST", "/v1/partner-deals", {
    product_name: "Tracked deal",
    short_description: "x",
    status: "live",
    est_value: 250,
    tracking_enabled: true,
    redemption: { method: "url", redeem_url: REDEEM },
  });
  expect(created.status).toBe(201);
  expect(created.body.tracking_enabled).toBe(true);
  expect(created.body.provider_secret).toMatch(/^whsec_/);
  const webhook = await db.webhookEndpoint.create({
    data: { partnerId: p.partner.id, environment, url: "https://hooks.example/x", eventTypes: ["deal.redeemed"], secretEncrypted: "v1.unused", enabled: true },
  });
  return { ...p, scope, member, deal: created.body as { id: string; provider_secret: string }, secret: created.body.provider_secret as string, webhook };
}

/** The member's tracked link from the /v1 instructions, and its click id. */
async function instructions(c: Awaited<ReturnType<typeof setup>>) {
  const res = await api(server.url, c.token, "GET", `/v1/deals/${c.deal.id}/instructions?user_id=${c.member.id}`);
  expect(res.status).toBe(200);
  // The partner's hosted host (APP_DOMAIN of the test environment).
  const m = /^https?:\/\/(([a-z0-9-]+)\.[^/]+)\/r\/(clk_[A-Za-z0-9_-]+)$/.exec(res.body.redeem_url);
  expect(m, res.body.redeem_url).not.toBeNull();
  return { url: res.body.redeem_url as string, host: m![1], subdomain: m![2], clickId: m![3] };
}

function postConversion(body: string, signature: string | null) {
  return api(server.url, null, "POST", "/v1/provider/conversions", body, signature === null ? {} : { "Perkway-Signature": signature });
}
const now = () => Math.floor(Date.now() / 1000);
const signed = (secret: string, clickId: string, t = now()) => {
  const body = JSON.stringify({ click_id: clickId });
  return { body, signature: signWebhookBody(secret, body, t) };
};

/** GET with a Host header (fetch cannot set one): status and Location. */
function getWithHost(host: string, path: string): Promise<{ status: number; location: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server.url);
    const req = http.request({ host: "127.0.0.1", port, path, method: "GET", headers: { host } }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const dealRedeemedEvents = (partnerId: string) =>
  db.webhookEvent.findMany({ where: { partnerId, type: "deal.redeemed" } });

describe("tracked links and provider conversions", () => {
  it("click → redirect → signed conversion → redemption with source provider; deal.redeemed with confirmed once", async () => {
    const c = await setup();
    const link = await instructions(c);
    // The same click id on every later call (one click per member and deal).
    expect((await instructions(c)).clickId).toBe(link.clickId);

    // The partner's host: /r/{click_id} records the click and redirects with that id.
    const hop = await getWithHost(link.host, `/r/${link.clickId}`);
    expect(hop.status).toBe(302);
    expect(hop.location).toBe(`https://provider.example/signup?ref=${link.clickId}&u=${c.member.id}`);
    // The path fallback and the widget's path work the same.
    expect((await fetch(`${server.url}/p/${link.subdomain}/r/${link.clickId}`, { redirect: "manual" })).status).toBe(302);
    expect((await fetch(`${server.url}/embed/${link.subdomain}/r/${link.clickId}`, { redirect: "manual" })).status).toBe(302);
    // The click events are written behind the 302 (write-events-behind.ts): wait for them.
    await drainEventsBehind();
    const clicks = await db.event.findMany({ where: { partnerId: c.partner.id, eventType: "redeem_url_clicked" } });
    expect(clicks).toHaveLength(3);
    expect(clicks.every((e) => e.memberId === c.member.id && e.dealId === c.deal.id)).toBe(true);

    const { body, signature } = signed(c.secret, link.clickId);
    const res = await postConversion(body, signature);
    expect(res.status).toBe(200);
    expect(res.body.duplicate).toBe(false);
    expect(res.body.redemption).toMatchObject({ user_id: c.member.id, deal_id: c.deal.id, source: "provider", confirmed: true, code: null });
    expectMatchesOpenApi("POST", "/v1/provider/conversions", res);

    const again = await postConversion(body, signature);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ redemption: res.body.redemption, duplicate: true });

    const listed = await api(server.url, c.token, "GET", "/v1/redemptions?source=provider");
    expect(listed.body.data).toEqual([res.body.redemption]);
    const events = await dealRedeemedEvents(c.partner.id);
    expect(events).toHaveLength(1);
    const payload = JSON.parse(events[0].payload as string);
    expect(payload.data.object).toMatchObject({ user_id: c.member.id, deal_id: c.deal.id, confirmed: true, click_id: link.clickId, redemption_id: res.body.redemption.id });
    const summary = await api(server.url, c.token, "GET", "/v1/analytics?days=1");
    expect(summary.body.confirmed_redemptions).toBe(1);

    // The portal's ROI report: the funnel of the deal and the value delivered, confirmed apart.
    await api(server.url, c.token, "POST", "/events/track", { events: [
      { event_type: "deal_list_viewed", user_id: c.member.id, deal_ids: [c.deal.id] },
      { event_type: "deal_detail_viewed", user_id: c.member.id, deal_id: c.deal.id },
    ] });
    const roi = await getRoiReport(c.scope, { days: 7 });
    expect(roi.grain).toBe("day");
    expect(roi.deals).toEqual([
      expect.objectContaining({ deal_id: c.deal.id, tracking_enabled: true, est_value: 250, listed: 1, viewed: 1, clicked: 3, redeemed: 1, confirmed: 1, value_confirmed: 250, value_self_reported: 0 }),
    ]);
    expect(roi.overall).toMatchObject({ listed: 1, viewed: 1, clicked: 3, redeemed: 1, confirmed: 1, value_confirmed: 250 });
    expect(roi.periods).toHaveLength(1);
    expect(roi.periods[0]).toMatchObject({ redeemed: 1, confirmed: 1, value_confirmed: 250, value_self_reported: 0 });
  });

  itOnPostgres("ten concurrent duplicate postbacks record one redemption and one webhook", async () => {
    const c = await setup();
    const { clickId } = await instructions(c);
    const { body, signature } = signed(c.secret, clickId);
    const results = await Promise.all(Array.from({ length: 10 }, () => postConversion(body, signature)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.redemption.id)).size).toBe(1);
    expect(await db.redemption.count({ where: { memberId: c.member.id, dealId: c.deal.id } })).toBe(1);
    expect(await dealRedeemedEvents(c.partner.id)).toHaveLength(1);
    expect(await db.webhookDelivery.count({ where: { endpointId: c.webhook.id } })).toBe(1);
  });

  it("confirms an earlier self-reported redemption: source becomes provider, redeemed_at stays", async () => {
    const c = await setup();
    const { clickId } = await instructions(c);
    await api(server.url, c.token, "POST", "/events/track", { event_type: "deal_redeemed", user_id: c.member.id, deal_id: c.deal.id });
    const before = (await api(server.url, c.token, "GET", "/v1/redemptions")).body.data[0];
    expect(before).toMatchObject({ source: "partner", confirmed: false });
    const { body, signature } = signed(c.secret, clickId);
    const res = await postConversion(body, signature);
    expect(res.body.redemption).toEqual({ ...before, source: "provider", confirmed: true });
    // One deal.redeemed for the event, one (confirmed) for the provider.
    const events = (await dealRedeemedEvents(c.partner.id)).map((e) => JSON.parse(e.payload as string).data.object.confirmed ?? false);
    expect(events.sort()).toEqual([false, true]);
  });

  it("refuses a tampered body, a wrong secret, an old or future timestamp, a missing or malformed signature", async () => {
    const c = await setup();
    const { clickId } = await instructions(c);
    const good = signed(c.secret, clickId);
    const refused = async (body: string, signature: string | null) => {
      const res = await postConversion(body, signature);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "signature_invalid" });
      expect(res.body.error.request_id).toMatch(/^req_/);
    };
    await refused(JSON.stringify({ click_id: clickId }) + " ", good.signature); // tampered bytes
    await refused(JSON.stringify({ click_id: clickId }), signWebhookBody("whsec_wrong", good.body, now()));
    await refused(good.body, signWebhookBody(c.secret, good.body, now() - 301));
    await refused(good.body, signWebhookBody(c.secret, good.body, now() + 301));
    await refused(good.body, null);
    await refused(good.body, "v1=abc");
    // The webhook secret of the same partner is not the provider secret.
    expect(await db.redemption.count({ where: { memberId: c.member.id } })).toBe(0);
    // After a rotation the old secret stops at once; the new one works.
    const rotated = await api(server.url, c.token, "POST", `/v1/partner-deals/${c.deal.id}/rotate-provider-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.provider_secret).toMatch(/^whsec_/);
    expect(rotated.body.provider_secret).not.toBe(c.secret);
    await refused(good.body, signWebhookBody(c.secret, good.body, now()));
    const ok = signed(rotated.body.provider_secret, clickId);
    expect((await postConversion(ok.body, ok.signature)).status).toBe(200);
    expect(await dealRedeemedEvents(c.partner.id)).toHaveLength(1);
  });

  it("refuses unknown clicks (404), another partner's and another environment's click (400), and bad bodies", async () => {
    const a = await setup();
    const b = await setup();
    const bLink = await instructions(b);
    const unknown = signed(a.secret, "clk_doesnotexist0000000000");
    const res = await postConversion(unknown.body, unknown.signature);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "click_not_found", param: "click_id" });
    // Partner A's provider signs partner B's click with A's secret.
    const foreign = signed(a.secret, bLink.clickId);
    expect((await postConversion(foreign.body, foreign.signature)).body.error.code).toBe("signature_invalid");
    // The same partner's live deal secret on its test deal's click.
    const liveDeal = await api(server.url, (await seedLive(a)).token, "POST", "/v1/partner-deals", {
      product_name: "Live tracked", short_description: "x", status: "live", tracking_enabled: true, redemption: { method: "url", redeem_url: REDEEM },
    });
    const aLink = await instructions(a);
    const crossEnv = signed(liveDeal.body.provider_secret, aLink.clickId);
    expect((await postConversion(crossEnv.body, crossEnv.signature)).body.error.code).toBe("signature_invalid");
    expect(await db.redemption.count({ where: { dealId: { in: [a.deal.id, b.deal.id] } } })).toBe(0);
    // Bodies: unknown field, not JSON, wrong content type.
    const extra = JSON.stringify({ click_id: aLink.clickId, x: 1 });
    expect((await postConversion(extra, signWebhookBody(a.secret, extra, now()))).body.error.code).toBe("unknown_parameter");
    expect((await postConversion("{", null)).body.error.code).toBe("body_invalid");
    const wrongType = await fetch(`${server.url}/v1/provider/conversions`, { method: "POST", headers: { "content-type": "text/plain" }, body: "x" });
    expect(wrongType.status).toBe(415);
    // Not UTF-8, nested past the depth limit, not an object: each a 400 with the error body.
    const post = (body: BodyInit) => fetch(`${server.url}/v1/provider/conversions`, { method: "POST", headers: { "content-type": "application/json" }, body });
    for (const body of [new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]), "[".repeat(100) + "]".repeat(100), "[1]"]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("body_invalid");
    }
  });

  it("the redirect: unknown or foreign click ids get a friendly 404 page, bad percent-encoding 400, never 5xx", async () => {
    const a = await setup();
    const b = await setup();
    const bLink = await instructions(b);
    const aLink = await instructions(a);
    const aSub = aLink.subdomain;
    for (const path of [`/p/${aSub}/r/clk_unknown00000000000000`, `/p/${aSub}/r/${bLink.clickId}`, `/p/${aSub}/r/nope`, `/p/nosuchpartner/r/${bLink.clickId}`]) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toContain("lead anywhere");
    }
    const bad = await fetch(`${server.url}/p/${aSub}/r/%E0%A4%A`, { redirect: "manual" });
    expect(bad.status).toBe(400);
    expect((await getWithHost(aLink.host, `/r/${bLink.clickId}`)).status).toBe(404);
    await drainEventsBehind();
    expect(await db.event.count({ where: { partnerId: { in: [a.partner.id, b.partner.id] }, eventType: "redeem_url_clicked" } })).toBe(0);
  });

  it("tracking off: a plain redeem_url ({{click_id}} empty), no provider secret, rotate is 409", async () => {
    const c = await setup();
    const off = await api(server.url, c.token, "PATCH", `/v1/partner-deals/${c.deal.id}`, { tracking_enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.tracking_enabled).toBe(false);
    expect(off.body.provider_secret).toBeUndefined();
    const res = await api(server.url, c.token, "GET", `/v1/deals/${c.deal.id}/instructions?user_id=${c.member.id}`);
    expect(res.body.redeem_url).toBe(`https://provider.example/signup?ref=&u=${c.member.id}`);
    const rotate = await api(server.url, c.token, "POST", `/v1/partner-deals/${c.deal.id}/rotate-provider-secret`);
    expect(rotate.status).toBe(409);
    expect(rotate.body.error.code).toBe("tracking_not_enabled");
    const on = await api(server.url, c.token, "PATCH", `/v1/partner-deals/${c.deal.id}`, { tracking_enabled: true });
    expect(on.body.provider_secret).toMatch(/^whsec_/);
    expect(on.body.provider_secret).not.toBe(c.secret);
  });
});

/** A token of the same partner's other (live) environment. */
async function seedLive(c: Awaited<ReturnType<typeof setup>>) {
  const { getToken } = await import("../helpers/seed");
  return { token: await getToken(server.url, c.keys.live) };
}
