// Issue 53.2: every analytics figure, recomputed from the events this test sends over real HTTP
// (POST /events/track, GET /v1/deals/{id}/instructions, the tracked link /r/{click_id} and the
// provider's signed POST /v1/provider/conversions), for a fresh partner, in both environments, over
// two ranges: GET /v1/analytics, and the portal's tRPC procedures the analytics page and the ROI
// report show (summary, daily chart, funnel, ROI). Definitions: docs/portal.md, "Analytics figures".
//   - a chart's total equals the key figure of the same range (same window, same event types);
//   - a funnel is built from nested sets (member × deal pairs), so no step exceeds the one before;
//   - "Redemption records" (records) and total_redemptions (deal_redeemed events) are told apart.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminSession } from "@/server/auth/get-admin-session";
import { EVENT_TYPES, type EventType } from "@/server/domain/enums";
import type { Environment, PartnerScope } from "@/server/scope";
import { createAdmin } from "@/server/services/admins";
import { drainEventsBehind } from "@/server/services/events";
import { signWebhookBody } from "@/server/services/webhooks";
import { createCaller } from "@/server/trpc/routers/_app";
import { db } from "../helpers/db";
import { startProductServer } from "../helpers/product-server";
import { createMember, createPartnerDeal } from "../helpers/seed-events-fixtures";
import { api, getToken, seedPartner } from "../helpers/seed";

process.env.RATE_LIMIT_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_BURST = "1000000";
process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = "1000000";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const RANGES = [1, 7] as const;
const STARTED: EventType[] = ["instructions_viewed", "redeem_url_clicked", "promo_code_copied", "unique_code_claimed"];

/** What this test sent (or the server recorded for it), with the time it happened. */
type Sent = { type: EventType; member: string | null; deal: string | null; deals: string[]; at: number };
type Rec = { member: string; deal: string; at: number; confirmed: boolean };

type Env = {
  env: Environment;
  scope: PartnerScope;
  token: string;
  caller: ReturnType<typeof createCaller>;
  members: string[];
  deals: string[];
  estValue: Record<string, number>;
  sent: Sent[];
  records: Rec[];
};

let server: Awaited<ReturnType<typeof startProductServer>>;
const envs: Env[] = [];

/** GET with a Host header (the tracked link lives on the partner's hosted host). */
function getWithHost(host: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server.url);
    const req = http.request({ host: "127.0.0.1", port, path, method: "GET", headers: { host } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode!));
    });
    req.on("error", reject);
    req.end();
  });
}

async function setUp(partner: Awaited<ReturnType<typeof seedPartner>>, adminId: string, email: string, env: Environment): Promise<Env> {
  const scope: PartnerScope = { partnerId: partner.partner.id, environment: env };
  const session: AdminSession = { actor: { adminId, role: "partner_admin", partnerId: partner.partner.id }, email, name: null, environment: env, scope, readOnly: false };
  const token = await getToken(server.url, partner.keys[env]);
  const members = (await Promise.all([0, 1, 2, 3].map(() => createMember(scope)))).map((m) => m.id);
  const plain = await createPartnerDeal(scope, `Plain ${env} ${randomUUID().slice(0, 6)}`);
  await db.deal.update({ where: { id: plain.id }, data: { estValue: 100 } });
  // A tracked deal: its provider confirms redemptions (contract sections 12 and 18).
  const tracked = await api(server.url, token, "POST", "/v1/partner-deals", {
    product_name: `Tracked ${env} ${randomUUID().slice(0, 6)}`,
    short_description: "x",
    status: "live",
    est_value: 250,
    tracking_enabled: true,
    redemption: { method: "url", redeem_url: "https://provider.example/go?ref={{click_id}}" },
  });
  expect(tracked.status, JSON.stringify(tracked.body)).toBe(201);
  const e: Env = {
    env,
    scope,
    token,
    caller: createCaller({ admin: session, headers: new Headers() }),
    members,
    deals: [plain.id, tracked.body.id],
    estValue: { [plain.id]: 100, [tracked.body.id]: 250 },
    sent: [],
    records: [],
  };
  return Object.assign(e, { secret: tracked.body.provider_secret as string });
}

/** POST /events/track as a batch; notes each event and the redemption record it makes (once per member and deal). */
async function track(e: Env, events: { type: EventType; member?: string; deal?: string; deals?: string[]; at: number }[]) {
  const body = events.map((x) => ({
    event_type: x.type,
    ...(x.member ? { user_id: x.member } : {}),
    ...(x.deal ? { deal_id: x.deal } : {}),
    ...(x.deals ? { deal_ids: x.deals } : {}),
    occurred_at: new Date(x.at).toISOString(),
  }));
  const res = await api(server.url, e.token, "POST", "/events/track", { events: body });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  for (const x of events) {
    e.sent.push({ type: x.type, member: x.member ?? null, deal: x.deal ?? null, deals: x.deals ?? [], at: x.at });
    if ((x.type === "deal_redeemed" || x.type === "unique_code_claimed") && x.member && x.deal) addRecord(e, x.member, x.deal, x.at, false);
  }
}

function addRecord(e: Env, member: string, deal: string, at: number, confirmed: boolean) {
  const r = e.records.find((x) => x.member === member && x.deal === deal);
  if (!r) e.records.push({ member, deal, at, confirmed });
  else if (confirmed) r.confirmed = true;
}

/** The provider path: /v1 instructions → the member follows /r/{click_id} → the provider confirms. */
async function providerRedemption(e: Env & { secret?: string }, member: string, deal: string) {
  const ins = await api(server.url, e.token, "GET", `/v1/deals/${deal}/instructions?user_id=${member}`);
  expect(ins.status).toBe(200);
  const m = /^https?:\/\/([^/]+)\/r\/(clk_[A-Za-z0-9_-]+)$/.exec(ins.body.redeem_url);
  expect(m, ins.body.redeem_url).not.toBeNull();
  expect(await getWithHost(m![1], `/r/${m![2]}`)).toBe(302);
  await drainEventsBehind();
  const clickedAt = Date.now();
  e.sent.push({ type: "redeem_url_clicked", member, deal, deals: [], at: clickedAt });
  const body = JSON.stringify({ click_id: m![2] });
  const res = await api(server.url, null, "POST", "/v1/provider/conversions", body, { "Perkway-Signature": signWebhookBody(e.secret!, body, Math.floor(Date.now() / 1000)) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  addRecord(e, member, deal, new Date(res.body.redemption.redeemed_at).getTime(), true);
}

beforeAll(async () => {
  server = await startProductServer();
  const partner = await seedPartner();
  const email = `admin-${randomUUID().slice(0, 8)}@perkway.test`;
  const admin = await createAdmin("operator", { email, role: "partner_admin", partner_id: partner.partner.id });
  const now = Date.now();
  // Inside the 7-day window but before its first UTC midnight (unless the test runs in the last half
  // hour of a UTC day), yesterday for the 1-day window, and today.
  const old = now - 7 * DAY + 30 * 60_000;
  const mid = now - 3 * DAY;
  const recent = now - 2 * HOUR;

  // Sandbox: the mix — repeats of "Mark as redeemed", views without a redemption, a claimed
  // code without any deal_redeemed, a redemption reported by the backend without a view, a
  // provider-confirmed one.
  const t = await setUp(partner, admin.admin_id, email, "test");
  const [m0, m1, m2, m3] = t.members;
  const [d0, d1] = t.deals;
  await track(t, [
    { type: "deal_list_viewed", member: m0, deals: [d0, d1], at: old },
    { type: "deal_detail_viewed", member: m0, deal: d0, at: old },
    { type: "instructions_viewed", member: m0, deal: d0, at: old },
    { type: "deal_redeemed", member: m0, deal: d0, at: old },
    { type: "deal_redeemed", member: m0, deal: d0, at: recent },
    { type: "deal_list_viewed", member: m1, deals: [d0], at: mid },
    { type: "deal_list_viewed", at: mid, deals: [d0, d1] },
    { type: "deal_detail_viewed", member: m1, deal: d0, at: mid },
    { type: "deal_detail_viewed", member: m1, deal: d0, at: recent },
    { type: "instructions_viewed", member: m1, deal: d0, at: recent },
    { type: "upgrade_cta_clicked", member: m1, at: mid },
    { type: "unique_code_claimed", member: m1, deal: d1, at: mid },
    { type: "deal_detail_viewed", member: m2, deal: d1, at: recent },
    { type: "deal_redeemed", member: m3, deal: d0, at: recent },
    { type: "deal_redeemed", member: m3, deal: d0, at: recent },
  ]);
  await providerRedemption(t, m2, d1);
  envs.push(t);

  // Live: members who claimed codes and clicked, and nobody pressed "Mark as redeemed" (the issue's
  // "Redemptions 2" beside "Marked redeemed 0").
  const l = await setUp(partner, admin.admin_id, email, "live");
  const [l0, l1] = l.members;
  const [e0] = l.deals;
  await track(l, [
    { type: "deal_list_viewed", member: l0, deals: [e0], at: recent },
    { type: "deal_detail_viewed", member: l0, deal: e0, at: recent },
    { type: "redeem_url_clicked", member: l0, deal: e0, at: recent },
    { type: "unique_code_claimed", member: l0, deal: e0, at: recent },
    { type: "unique_code_claimed", member: l1, deal: e0, at: old },
  ]);
  envs.push(l);
}, 120_000);
afterAll(async () => server?.close());

/** Every figure, computed from what was sent, for the window [now - days×24 h, ∞). */
function expected(e: Env, days: number, now: number) {
  const start = now - days * DAY;
  const inWindow = e.sent.filter((s) => s.at >= start);
  const count = (t: EventType) => inWindow.filter((s) => s.type === t).length;
  const counts = Object.fromEntries(EVENT_TYPES.map((t) => [t, count(t)])) as Record<EventType, number>;
  const records = e.records.filter((r) => r.at >= start && r.at < now);
  // The funnel: member × deal pairs, each step a subset of the one before.
  const pairs = new Map<string, { deal: string; viewed: boolean; started: boolean }>();
  for (const s of inWindow) {
    if (!s.member || !s.deal) continue;
    const k = `${s.member}:${s.deal}`;
    const p = pairs.get(k) ?? { deal: s.deal, viewed: false, started: false };
    if (s.type === "deal_detail_viewed") p.viewed = true;
    if (STARTED.includes(s.type)) p.started = true;
    pairs.set(k, p);
  }
  const funnelOf = (deal: string | null) => {
    const f = { viewed: 0, started: 0, redeemed: 0, confirmed: 0 };
    for (const [k, p] of pairs) {
      if (deal && p.deal !== deal) continue;
      if (!p.viewed) continue;
      f.viewed++;
      if (!p.started) continue;
      f.started++;
      const r = records.find((x) => `${x.member}:${x.deal}` === k);
      if (!r) continue;
      f.redeemed++;
      if (r.confirmed) f.confirmed++;
    }
    return f;
  };
  const listed = (deal: string) => inWindow.filter((s) => s.type === "deal_list_viewed" && s.deals.includes(deal)).length;
  const perDeal = e.deals.map((d) => ({
    deal_id: d,
    views: inWindow.filter((s) => s.type === "deal_detail_viewed" && s.deal === d).length,
    redemptions: inWindow.filter((s) => s.type === "deal_redeemed" && s.deal === d).length,
    records: records.filter((r) => r.deal === d).length,
    listed: listed(d),
    ...funnelOf(d),
  }));
  const value = (confirmed: boolean) => records.filter((r) => r.confirmed === confirmed).reduce((s, r) => s + e.estValue[r.deal], 0);
  return {
    counts,
    active: new Set(inWindow.filter((s) => s.member).map((s) => s.member)).size,
    records,
    perDeal,
    funnel: funnelOf(null),
    listed: e.deals.reduce((s, d) => s + listed(d), 0),
    valueConfirmed: value(true),
    valueSelf: value(false),
  };
}

describe.each(["test", "live"] as const)("analytics figures agree with the events sent (%s)", (env) => {
  const e = () => envs.find((x) => x.env === env)!;

  it.each(RANGES)("GET /v1/analytics?days=%i counts exactly what was sent", async (days) => {
    const res = await api(server.url, e().token, "GET", `/v1/analytics?days=${days}`);
    const x = expected(e(), days, Date.now());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total_users: 4,
      active_users: x.active,
      total_deal_views: x.counts.deal_detail_viewed,
      total_redemptions: x.counts.deal_redeemed,
      upgrade_cta_clicks: x.counts.upgrade_cta_clicked,
      confirmed_redemptions: x.records.filter((r) => r.confirmed).length,
      event_counts: { deal_list_viewed: x.counts.deal_list_viewed, deal_detail_viewed: x.counts.deal_detail_viewed, deal_redeemed: x.counts.deal_redeemed },
    });
    const top = x.perDeal.filter((d) => d.views || d.redemptions).map((d) => ({ deal_id: d.deal_id, views: d.views, redemptions: d.redemptions }));
    expect(res.body.top_deals.map((d: { deal_id: string; views: number; redemptions: number }) => ({ deal_id: d.deal_id, views: d.views, redemptions: d.redemptions }))).toEqual(
      expect.arrayContaining(top),
    );
    expect(res.body.top_deals).toHaveLength(top.length);
  });

  it.each(RANGES)("the portal's key figures over %i days are the API's, plus the redemption records", async (days) => {
    const [summary, v1] = await Promise.all([e().caller.analytics.summary({ days }), api(server.url, e().token, "GET", `/v1/analytics?days=${days}`)]);
    const x = expected(e(), days, Date.now());
    for (const k of ["total_users", "active_users", "total_deal_views", "total_redemptions", "upgrade_cta_clicks", "confirmed_redemptions"] as const) expect(summary[k]).toBe(v1.body[k]);
    expect(summary.redemptions_recorded).toBe(x.records.length);
    for (const d of summary.top_deals) expect(d.redemptions_recorded).toBe(x.perDeal.find((p) => p.deal_id === d.deal_id)!.records);
  });

  it.each(RANGES)("the chart's totals over %i days equal the key figures of the same range, type by type", async (days) => {
    const [daily, summary] = await Promise.all([e().caller.analytics.daily({ days }), e().caller.analytics.summary({ days })]);
    const x = expected(e(), days, Date.now());
    const total = (t: EventType) => daily.series[t].reduce((s, n) => s + n, 0);
    for (const t of EVENT_TYPES) expect(total(t), t).toBe(x.counts[t]);
    expect(total("deal_detail_viewed")).toBe(summary.total_deal_views);
    expect(total("deal_redeemed")).toBe(summary.total_redemptions);
    expect(total("upgrade_cta_clicked")).toBe(summary.upgrade_cta_clicks);
    // UTC days, oldest first, from the window's first day to today.
    expect(daily.days[0]).toBe(new Date(Date.now() - days * DAY).toISOString().slice(0, 10));
    expect(daily.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
  });

  it.each(RANGES)("the funnel over %i days is nested: each step a subset of the one before", async (days) => {
    const funnel = await e().caller.analytics.funnel({ days });
    const x = expected(e(), days, Date.now());
    expect(funnel.map((s) => [s.step, s.count])).toEqual([
      ["viewed", x.funnel.viewed],
      ["started", x.funnel.started],
      ["redeemed", x.funnel.redeemed],
      ["confirmed", x.funnel.confirmed],
    ]);
    expect(funnel[0].rate_from_previous).toBeNull();
    for (const s of funnel.slice(1)) expect(s.rate_from_previous ?? 0).toBeLessThanOrEqual(1);
  });

  it.each(RANGES)("the ROI report over %i days: the same funnel, records, listings and value in dollars", async (days) => {
    const [roi, summary, funnel] = await Promise.all([e().caller.analytics.roi({ days }), e().caller.analytics.summary({ days }), e().caller.analytics.funnel({ days })]);
    const x = expected(e(), days, Date.now());
    expect(roi.currency).toBe("USD");
    expect(roi.overall).toMatchObject({ ...x.funnel, records: x.records.length, listed: x.listed, value_confirmed: x.valueConfirmed, value_self_reported: x.valueSelf });
    expect(roi.overall.records).toBe(summary.redemptions_recorded);
    expect(funnel.map((s) => s.count)).toEqual([roi.overall.viewed, roi.overall.started, roi.overall.redeemed, roi.overall.confirmed]);
    for (const d of x.perDeal) {
      const row = roi.deals.find((r) => r.deal_id === d.deal_id);
      const want = { listed: d.listed, viewed: d.viewed, started: d.started, redeemed: d.redeemed, confirmed: d.confirmed, records: d.records };
      if (Object.values(want).every((n) => n === 0)) expect(row).toBeUndefined();
      else expect(row).toMatchObject(want);
    }
    for (const row of roi.deals) {
      expect(row.started).toBeLessThanOrEqual(row.viewed);
      expect(row.redeemed).toBeLessThanOrEqual(row.started);
      expect(row.confirmed).toBeLessThanOrEqual(row.redeemed);
    }
  });
});
