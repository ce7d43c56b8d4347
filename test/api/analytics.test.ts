// GET /v1/analytics over real HTTP: every figure on a hand-computed fixture, for several windows
// (with events a minute inside and a minute outside their edges), deleted members, sandbox and
// partner isolation, top_deals ordering and truncation, and the days parameter.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import type { PartnerScope } from "@/server/scope";
import { insertEvents, type NewEvent } from "@/server/services/events";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartnerWithToken } from "../helpers/seed";
import { expectMatchesOpenApi, openApiDocument } from "../helpers/openapi-validate";
import { createMember, createPartnerDeal, createServicepassDeal } from "../helpers/seed-events-fixtures";

process.env.RATE_LIMIT_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_BURST = "1000000";
process.env.AUTH_RATE_LIMIT_PER_IP_PER_MINUTE = "1000000";
process.env.AUTH_RATE_LIMIT_PER_KEY_PER_MINUTE = "1000000";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function partner(environment: "live" | "test" = "test") {
  const p = await seedPartnerWithToken(server.url, environment);
  const scope: PartnerScope = { partnerId: p.partner.id, environment };
  return {
    ...p,
    scope,
    track: (body: unknown) => api(server.url, p.token, "POST", "/events/track", body),
    analytics: (query = "") => api(server.url, p.token, "GET", `/v1/analytics${query}`),
  };
}

describe("GET /v1/analytics — hand-computed fixture", () => {
  let p: Awaited<ReturnType<typeof partner>>;
  let A: { id: string; productName: string }, B: typeof A, C: typeof A, D: typeof A;

  beforeAll(async () => {
    p = await partner("test");
    // Names chosen to exercise the product_name tie-break, which ignores case (beta < Gamma).
    [A, B, C] = [await createServicepassDeal("Alpha"), await createServicepassDeal("beta"), await createServicepassDeal("Gamma")];
    D = await createPartnerDeal(p.scope, "Delta");
    const [m1, m2, m3, m4, m5, m6] = [
      await createMember(p.scope), await createMember(p.scope), await createMember(p.scope),
      await createMember(p.scope), await createMember(p.scope), await createMember(p.scope),
    ];
    const ev = (event_type: string, user: { id: string } | null, deal: { id: string } | null, age: number, extra: object = {}) => ({
      event_type,
      ...(user ? { user_id: user.id } : {}),
      ...(deal ? { deal_id: deal.id } : {}),
      occurred_at: ago(age),
      ...extra,
    });
    // Through the API (at most 7 days old), numbered as in the expectations below.
    const r = await p.track({
      events: [
        ev("deal_detail_viewed", m1, A, 1 * HOUR), // 1
        ev("deal_redeemed", m1, A, 2 * HOUR), // 2
        ev("deal_detail_viewed", m2, B, 3 * HOUR), // 3
        ev("instructions_viewed", m3, C, 4 * HOUR), // 4: counts in no figure but active_users
        ev("deal_list_viewed", m3, null, 5 * HOUR, { deal_ids: [A.id, B.id, C.id] }), // 5
        ev("deal_list_viewed", null, null, 6 * HOUR), // 6
        ev("upgrade_cta_clicked", m3, null, 10 * HOUR), // 7
        ev("deal_redeemed", m4, D, 20 * HOUR), // 8 (m4 is deleted below)
        ev("deal_detail_viewed", m1, A, 30 * HOUR), // 9
        ev("deal_redeemed", m1, B, 2 * DAY - MIN), // 10: a minute inside days=2
        ev("deal_detail_viewed", m6, C, 2 * DAY + MIN), // 11: a minute outside days=2 (m6's only event)
        ev("deal_detail_viewed", m2, B, 50 * HOUR), // 12
        ev("upgrade_cta_clicked", null, null, 100 * HOUR), // 13
        ev("deal_detail_viewed", m1, D, 6 * DAY), // 14
      ],
    });
    expect(r.body).toEqual({ received: 14, duplicates: 0 });
    // Older history through the service (the API refuses occurred_at older than 7 days).
    const old = (eventType: NewEvent["eventType"], member: { id: string }, deal: { id: string }, age: number): NewEvent => ({
      eventType, memberId: member.id, dealId: deal.id, dealIds: [], clientEventId: null, metadata: null, occurredAt: new Date(Date.now() - age),
    });
    await insertEvents(p.scope, [
      old("deal_detail_viewed", m1, A, 20 * DAY), // 15
      old("deal_redeemed", m3, C, 30 * DAY - HOUR), // 16
      old("deal_detail_viewed", m3, C, 30 * DAY + HOUR), // 17
      old("deal_detail_viewed", m2, B, 200 * DAY), // 18
      old("deal_detail_viewed", m1, A, 365 * DAY - MIN), // 19: a minute inside days=365
      old("deal_detail_viewed", m5, A, 365 * DAY + MIN), // 20: a minute outside days=365 (m5's only event)
    ]);
    await db.member.delete({ where: { id: m4.id } });
  });

  const top = (rows: [{ id: string; productName: string }, number, number][]) =>
    rows.map(([d, views, redemptions]) => ({ deal_id: d.id, product_name: d.productName, views, redemptions }));
  const summary = (active: number, dlv: number, ddv: number, dr: number, cta: number) => ({
    total_users: 5, // m1, m2, m3, m5, m6 (m4 deleted)
    active_users: active,
    total_deal_views: ddv,
    total_redemptions: dr,
    confirmed_redemptions: 0,
    upgrade_cta_clicks: cta,
    event_counts: { deal_list_viewed: dlv, deal_detail_viewed: ddv, deal_redeemed: dr },
  });

  it("days=1: the last 24 hours", async () => {
    const r = await p.analytics("?days=1");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...summary(4, 2, 2, 2, 1), top_deals: top([[A, 1, 1], [B, 1, 0], [D, 0, 1]]) });
  });

  it("days=2: includes the event a minute inside the edge, not the one a minute outside", async () => {
    const r = await p.analytics("?days=2");
    expect(r.body).toEqual({ ...summary(4, 2, 3, 3, 1), top_deals: top([[A, 2, 1], [B, 1, 1], [D, 0, 1]]) });
  });

  it("days=3: equal views and redemptions are ordered by product_name, ignoring case", async () => {
    const r = await p.analytics("?days=3");
    expect(r.body).toEqual({ ...summary(5, 2, 5, 3, 1), top_deals: top([[A, 2, 1], [B, 2, 1], [C, 1, 0], [D, 0, 1]]) });
  });

  it("days=7", async () => {
    const r = await p.analytics("?days=7");
    expect(r.body).toEqual({ ...summary(5, 2, 6, 3, 2), top_deals: top([[A, 2, 1], [B, 2, 1], [D, 1, 1], [C, 1, 0]]) });
  });

  it("days=30, also the default", async () => {
    const expected = { ...summary(5, 2, 7, 4, 2), top_deals: top([[A, 3, 1], [B, 2, 1], [D, 1, 1], [C, 1, 1]]) };
    expect((await p.analytics("?days=30")).body).toEqual(expected);
    expect((await p.analytics()).body).toEqual(expected);
  });

  it("days=31", async () => {
    const r = await p.analytics("?days=31");
    expect(r.body).toEqual({ ...summary(5, 2, 8, 4, 2), top_deals: top([[A, 3, 1], [B, 2, 1], [C, 2, 1], [D, 1, 1]]) });
  });

  it("days=365: a minute inside the edge counts, a minute outside does not (events and active_users)", async () => {
    const r = await p.analytics("?days=365");
    expect(r.body).toEqual({ ...summary(5, 2, 10, 4, 2), top_deals: top([[A, 4, 1], [B, 3, 1], [C, 2, 1], [D, 1, 1]]) });
  });

  it("answers with exactly the contract's fields", async () => {
    const r = await p.analytics("?days=7");
    expect(Object.keys(r.body).sort()).toEqual(
      ["active_users", "event_counts", "top_deals", "total_deal_views", "confirmed_redemptions", "total_redemptions", "total_users", "upgrade_cta_clicks"].sort(),
    );
    expect(Object.keys(r.body.event_counts).sort()).toEqual(["deal_detail_viewed", "deal_list_viewed", "deal_redeemed"]);
    expect(Object.keys(r.body.top_deals[0]).sort()).toEqual(["deal_id", "product_name", "redemptions", "views"]);
  });

  it("isolates the sandbox from live and partners from each other", async () => {
    // The same partner's live environment and another partner, both on the shared deal A.
    const liveScope: PartnerScope = { partnerId: p.scope.partnerId, environment: "live" };
    const liveToken = await getToken(server.url, p.keys.live);
    const liveMember = await createMember(liveScope);
    const t = await api(server.url, liveToken, "POST", "/events/track", { event_type: "deal_detail_viewed", user_id: liveMember.id, deal_id: A.id });
    expect(t.status).toBe(202);
    const other = await partner("test");
    const otherMember = await createMember(other.scope);
    await other.track({ events: [{ event_type: "deal_redeemed", user_id: otherMember.id, deal_id: A.id }, { event_type: "upgrade_cta_clicked" }] });

    expect((await p.analytics("?days=1")).body).toEqual({ ...summary(4, 2, 2, 2, 1), top_deals: top([[A, 1, 1], [B, 1, 0], [D, 0, 1]]) });
    const liveSummary = (await api(server.url, liveToken, "GET", "/v1/analytics?days=1")).body;
    expect(liveSummary).toEqual({
      total_users: 1, active_users: 1, total_deal_views: 1, total_redemptions: 0, confirmed_redemptions: 0, upgrade_cta_clicks: 0,
      event_counts: { deal_list_viewed: 0, deal_detail_viewed: 1, deal_redeemed: 0 },
      top_deals: top([[A, 1, 0]]),
    });
    expect((await other.analytics("?days=1")).body).toEqual({
      total_users: 1, active_users: 1, total_deal_views: 0, total_redemptions: 1, confirmed_redemptions: 0, upgrade_cta_clicks: 1,
      event_counts: { deal_list_viewed: 0, deal_detail_viewed: 0, deal_redeemed: 1 },
      top_deals: top([[A, 0, 1]]),
    });
    // A partner with nothing at all.
    const empty = await seedPartnerWithToken(server.url, "live");
    expect((await api(server.url, empty.token, "GET", "/v1/analytics")).body).toEqual({
      total_users: 0, active_users: 0, total_deal_views: 0, total_redemptions: 0, confirmed_redemptions: 0, upgrade_cta_clicks: 0,
      event_counts: { deal_list_viewed: 0, deal_detail_viewed: 0, deal_redeemed: 0 },
      top_deals: [],
    });
  });
});

describe("GET /v1/analytics — top_deals", () => {
  it("keeps the 10 best by views, then redemptions, then product_name, and leaves out deals with neither", async () => {
    const p = await partner("test");
    const m = await createMember(p.scope);
    const tag = randomUUID().slice(0, 6);
    // 12 deals: views/redemptions chosen so that every tie-break is used.
    const spec: [string, number, number][] = [
      [`k ${tag}`, 5, 0], [`b ${tag}`, 3, 2], [`a ${tag}`, 3, 2], [`C ${tag}`, 3, 1], [`d ${tag}`, 2, 9],
      [`e ${tag}`, 1, 0], [`f ${tag}`, 0, 4], [`g ${tag}`, 0, 3], [`h ${tag}`, 0, 1], [`i ${tag}`, 0, 1],
      [`j ${tag}`, 0, 1], [`l ${tag}`, 0, 0],
    ];
    const deals: { id: string }[] = [];
    for (const [name] of spec) deals.push(await createServicepassDeal(name));
    const events: object[] = [];
    spec.forEach(([, views, redemptions], i) => {
      for (let k = 0; k < views; k++) events.push({ event_type: "deal_detail_viewed", user_id: m.id, deal_id: deals[i].id });
      for (let k = 0; k < redemptions; k++) events.push({ event_type: "deal_redeemed", user_id: m.id, deal_id: deals[i].id });
    });
    // Other event types on the last deal: it has no views or redemptions, so it never shows.
    events.push({ event_type: "instructions_viewed", user_id: m.id, deal_id: deals[11].id });
    events.push({ event_type: "promo_code_copied", user_id: m.id, deal_id: deals[11].id });
    expect((await p.track({ events })).status).toBe(202);
    const r = await p.analytics("?days=1");
    const order = [0, 2, 1, 3, 4, 5, 6, 7, 8, 9]; // k; a before b (name); C; d; e; f; g; h before i before j (cut)
    expect(r.body.top_deals).toEqual(order.map((i) => ({ deal_id: deals[i].id, product_name: spec[i][0], views: spec[i][1], redemptions: spec[i][2] })));
    expect(r.body.total_deal_views).toBe(spec.reduce((s, x) => s + x[1], 0));
    expect(r.body.total_redemptions).toBe(spec.reduce((s, x) => s + x[2], 0));
  });
});

describe("GET /v1/analytics — days parameter", () => {
  it("accepts integers 1..365 and refuses anything else with 400 param days", async () => {
    const p = await partner("test");
    for (const ok of ["1", "365", "007"]) expect((await p.analytics(`?days=${ok}`)).status, ok).toBe(200);
    for (const bad of ["0", "366", "-1", "1.5", "abc", "", "1e2", " 5", "1000"]) {
      const r = await p.analytics(`?days=${encodeURIComponent(bad)}`);
      expect([r.status, r.body.error?.code, r.body.error?.param], `days=${bad}`).toEqual([400, "parameter_invalid", "days"]);
    }
    const twice = await p.analytics("?days=1&days=2");
    expect([twice.status, twice.body.error.param]).toEqual([400, "days"]);
    const unknown = await p.analytics("?day=3");
    expect([unknown.status, unknown.body.error.code, unknown.body.error.param]).toEqual([400, "unknown_parameter", "day"]);
  });

  it("requires a bearer token", async () => {
    const r = await api(server.url, null, "GET", "/v1/analytics");
    expect(r.status).toBe(401);
  });
});

describe("GET /v1/analytics — OpenAPI document", () => {
  it("documents the endpoint, and real 200/400 responses match it", async () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths["/v1/analytics"]?.get).toBeDefined();
    const p = await partner("test");
    const m = await createMember(p.scope);
    const d = await createServicepassDeal();
    await p.track({ event_type: "deal_redeemed", user_id: m.id, deal_id: d.id });
    const ok = await p.analytics("?days=7");
    expect(ok.body.top_deals).toHaveLength(1);
    expectMatchesOpenApi("GET", "/v1/analytics?days=7", ok);
    expectMatchesOpenApi("GET", "/v1/analytics?days=0", await p.analytics("?days=0"));
  });
});
