// Portal analytics over tRPC (analytics.*): the KPI summary equals GET /v1/analytics over HTTP for
// every range; per-day series (read from the rollups) equal counts from raw events of the same window;
// the funnel is nested; onboarding; signed out, no scope and cross-tenant (issue 53.2's agreement of
// every figure with the events sent: analytics-agreement.test.ts).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import type { AdminSession } from "@/server/auth/get-admin-session";
import { db } from "../helpers/db";
import { EVENT_TYPES } from "@/server/domain/enums";
import type { Environment, PartnerScope } from "@/server/scope";
import { createAdmin } from "@/server/services/admins";
import { rebuildEventRollups } from "@/server/services/events";
import { createCaller } from "@/server/trpc/routers/_app";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { createMember, createPartnerDeal, createServicepassDeal } from "../helpers/seed-events-fixtures";
import { api, getToken, seedPartner } from "../helpers/seed";

const ENV: Environment = "test";
const DAY = 86_400_000;

async function seedAdminPartner() {
  const p = await seedPartner();
  const email = `admin-${randomUUID().slice(0, 8)}@perkway.test`;
  const created = await createAdmin("operator", { email, role: "partner_admin", partner_id: p.partner.id });
  const scope: PartnerScope = { partnerId: p.partner.id, environment: ENV };
  const session: AdminSession = {
    actor: { adminId: created.admin_id, role: "partner_admin", partnerId: p.partner.id },
    email,
    name: null,
    environment: ENV,
    scope,
    readOnly: false,
  };
  return { ...p, scope, caller: createCaller({ admin: session, headers: new Headers() }) };
}

async function trpcError(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
  throw new Error("expected a TRPCError");
}

/** Raw counts per (UTC day, type) from the events table since `from`: what the rollup-based series must equal. */
async function rawDaily(scope: PartnerScope, from: string) {
  const rows = await db.$queryRawUnsafe<{ day: string; event_type: string; n: number }[]>(
    `SELECT to_char(date_trunc('day', occurred_at, 'UTC'), 'YYYY-MM-DD') AS day, event_type::text AS event_type, count(*)::int AS n
     FROM events WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND occurred_at >= $3::timestamptz GROUP BY 1, 2`,
    scope.partnerId,
    scope.environment,
    from,
  );
  return rows;
}

let server: TestServer;
let a: Awaited<ReturnType<typeof seedAdminPartner>>;
let b: Awaited<ReturnType<typeof seedAdminPartner>>;
let tokenA: string;
let tokenB: string;
const now = Date.now();

beforeAll(async () => {
  server = await startApiServer();
  [a, b] = await Promise.all([seedAdminPartner(), seedAdminPartner()]);
  [tokenA, tokenB] = await Promise.all([getToken(server.url, a.keys.test), getToken(server.url, b.keys.test)]);
  const members = await Promise.all(Array.from({ length: 6 }, () => createMember(a.scope)));
  const deals = [await createServicepassDeal(), await createPartnerDeal(a.scope), await createPartnerDeal(a.scope)];

  // History older than /events/track accepts (up to 120 days back), written straight into events and
  // then rolled up by the rebuild service, as operators and the benchmark do. Every timestamp sits
  // about half a day off the window boundaries (now - N days), so tests read stable numbers.
  const history: string[] = [];
  const types = ["deal_list_viewed", "deal_detail_viewed", "instructions_viewed", "deal_redeemed", "upgrade_cta_clicked", "promo_code_copied"] as const;
  for (let d = 8; d < 120; d += 3) {
    for (let k = 0; k < 1 + (d % 4); k++) {
      const type = types[(d + k) % types.length];
      const at = new Date(now - d * DAY - DAY / 2 + k * 60_000).toISOString();
      const member = members[(d + k) % members.length].id;
      const deal = type === "upgrade_cta_clicked" || type === "deal_list_viewed" ? null : deals[(d * k) % deals.length].id;
      history.push(`('${randomUUID()}', '${a.scope.partnerId}', 'test', '${type}', '${member}', ${deal ? `'${deal}'` : "NULL"}, '${at}')`);
    }
  }
  await db.$executeRawUnsafe(`INSERT INTO events (id, partner_id, environment, event_type, member_id, deal_id, occurred_at) VALUES ${history.join(",")}`);
  await rebuildEventRollups(a.scope);

  // Recent events through the real writer (POST /events/track), which maintains the rollups itself.
  const recent = [];
  for (let d = 0; d < 6; d++) {
    for (const [i, type] of (["deal_list_viewed", "deal_detail_viewed", "deal_detail_viewed", "instructions_viewed", "deal_redeemed", "upgrade_cta_clicked"] as const).entries()) {
      if ((d + i) % 3 === 0 && d > 0) continue;
      const e: Record<string, unknown> = { event_type: type, user_id: members[(d + i) % members.length].id, occurred_at: new Date(now - d * DAY - (d ? DAY / 2 : 60_000)).toISOString() };
      if (type === "deal_list_viewed") e.deal_ids = deals.map((x) => x.id);
      else if (type !== "upgrade_cta_clicked") e.deal_id = deals[(d + i) % deals.length].id;
      recent.push(e);
    }
  }
  const res = await api(server.url, tokenA, "POST", "/events/track", { events: recent });
  expect(res.status).toBe(202);
  // Partner B gets one event of its own: it must never show up in A's figures, nor A's in B's.
  const memberB = await createMember(b.scope);
  const resB = await api(server.url, tokenB, "POST", "/events/track", { event_type: "upgrade_cta_clicked", user_id: memberB.id });
  expect(resB.status).toBe(202);
}, 60_000);
afterAll(async () => server?.close());

/** The /v1 summary inside the portal's (which adds the window's redemption records: redemption-figures.test.ts). */
function v1Part(s: Awaited<ReturnType<typeof a.caller.analytics.summary>>) {
  const { redemptions_recorded: _r, codes_claimed_recorded: _c, ...rest } = s;
  return { ...rest, top_deals: s.top_deals.map(({ redemptions_recorded: _d, ...d }) => d) };
}

describe("analytics.summary", () => {
  it.each([7, 30, 90, 365])("equals GET /v1/analytics?days=%i over HTTP", async (days) => {
    const [viaTrpc, viaHttp] = await Promise.all([a.caller.analytics.summary({ days }), api(server.url, tokenA, "GET", `/v1/analytics?days=${days}`)]);
    expect(viaHttp.status).toBe(200);
    expect(v1Part(viaTrpc)).toEqual(viaHttp.body);
    expect(viaTrpc.total_deal_views).toBeGreaterThan(0);
  });

  it("defaults to 30 days like /v1 and refuses a range outside 1..365", async () => {
    const [viaTrpc, viaHttp] = await Promise.all([a.caller.analytics.summary({}), api(server.url, tokenA, "GET", "/v1/analytics")]);
    expect(v1Part(viaTrpc)).toEqual(viaHttp.body);
    expect((await trpcError(a.caller.analytics.summary({ days: 366 }))).code).toBe("BAD_REQUEST");
    expect((await trpcError(a.caller.analytics.summary({ days: 0 }))).code).toBe("BAD_REQUEST");
  });
});

describe("analytics.daily", () => {
  it.each([7, 90, 365])("per-day counts for %i days equal counts from raw events of the key figures' window", async (days) => {
    const out = await a.caller.analytics.daily({ days });
    // The window's first (partial) UTC day to today: days + 1 points unless the window starts at midnight.
    expect(out.days.length).toBeGreaterThanOrEqual(days);
    expect(out.days.length).toBeLessThanOrEqual(days + 1);
    expect(out.days[0]).toBe(out.from.slice(0, 10));
    expect(out.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const expected = new Map<string, number>();
    for (const r of await rawDaily(a.scope, out.from)) expected.set(`${r.day} ${r.event_type}`, r.n);
    const actual = new Map<string, number>();
    out.days.forEach((day, i) => {
      for (const t of EVENT_TYPES) if (out.series[t][i]) actual.set(`${day} ${t}`, out.series[t][i]);
    });
    expect(actual).toEqual(expected);
    expect(actual.size).toBeGreaterThan(0);
  });

  it("reads the rollups, not raw events (an event inserted without its rollup does not show)", async () => {
    // A sandbox partner of its own: one raw row behind the writer's back.
    const c = await seedAdminPartner();
    const m = await createMember(c.scope);
    await db.$executeRawUnsafe(
      `INSERT INTO events (id, partner_id, environment, event_type, member_id, occurred_at) VALUES ($1::uuid, $2::uuid, 'test', 'upgrade_cta_clicked', $3::uuid, now())`,
      randomUUID(),
      c.scope.partnerId,
      m.id,
    );
    const before = await c.caller.analytics.daily({ days: 7 });
    expect(before.series.upgrade_cta_clicked.reduce((s, n) => s + n, 0)).toBe(0);
    await rebuildEventRollups(c.scope);
    const after = await c.caller.analytics.daily({ days: 7 });
    expect(after.series.upgrade_cta_clicked.at(-1)).toBe(1);
  });
});

describe("analytics.funnel", () => {
  it.each([7, 30, 365])("is nested over the last %i×24 hours: opened → started → redeemed → confirmed, each at most the one before", async (days) => {
    const funnel = await a.caller.analytics.funnel({ days });
    expect(funnel.map((s) => s.step)).toEqual(["viewed", "started", "redeemed", "confirmed"]);
    const [{ pairs }] = await db.$queryRawUnsafe<{ pairs: number }[]>(
      `SELECT count(DISTINCT (member_id, deal_id))::int AS pairs FROM events
       WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND occurred_at >= $3::timestamptz AND event_type = 'deal_detail_viewed' AND member_id IS NOT NULL`,
      a.scope.partnerId,
      a.scope.environment,
      new Date(Date.now() - days * DAY).toISOString(),
    );
    expect(funnel[0].count).toBe(pairs);
    expect(funnel[0].rate_from_previous).toBeNull();
    for (let i = 1; i < funnel.length; i++) {
      expect(funnel[i].count).toBeLessThanOrEqual(funnel[i - 1].count);
      // A step after an empty one has no rate (null), never a division by zero.
      const previous = funnel[i - 1].count;
      expect(funnel[i].rate_from_previous === null).toBe(previous === 0);
      expect(funnel[i].rate_from_previous ?? 0).toBeCloseTo(previous ? funnel[i].count / previous : 0);
    }
  });
});

describe("analytics.eventTypes", () => {
  it.each([7, 30, 365])("events equal the key figures' counts and unique members equal distinct members of raw events over %i days", async (days) => {
    const [out, summary] = await Promise.all([a.caller.analytics.eventTypes({ days }), a.caller.analytics.summary({ days })]);
    const since = new Date(Date.now() - days * DAY).toISOString();
    const raw = await db.$queryRawUnsafe<{ event_type: string; n: number }[]>(
      `SELECT event_type::text AS event_type, count(DISTINCT member_id)::int AS n FROM events
       WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND occurred_at >= $3::timestamptz GROUP BY 1`,
      a.scope.partnerId,
      a.scope.environment,
      since,
    );
    const uniques = Object.fromEntries(raw.map((r) => [r.event_type, r.n]));
    expect(out.types.map((t) => t.event_type)).toEqual([...EVENT_TYPES]);
    for (const t of out.types) expect(t.unique_members).toBe(uniques[t.event_type] ?? 0);
    for (const [t, n] of Object.entries(summary.event_counts)) expect(out.types.find((x) => x.event_type === t)?.events).toBe(n);
    const [all] = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(DISTINCT member_id)::int AS n FROM events WHERE partner_id = $1::uuid AND environment = $2::"Environment" AND occurred_at >= $3::timestamptz`,
      a.scope.partnerId,
      a.scope.environment,
      since,
    );
    expect(out.unique_members).toBe(all.n);
    expect(out.unique_members).toBeGreaterThan(0);
    // Fewer members than events where members repeat an event.
    const detail = out.types.find((t) => t.event_type === "deal_detail_viewed")!;
    expect(detail.unique_members).toBeLessThanOrEqual(detail.events);
  });

  it("never counts another partner's or the other environment's members", async () => {
    const [mine, theirs] = await Promise.all([b.caller.analytics.eventTypes({ days: 7 }), createCaller({ admin: await liveSession(a), headers: new Headers() }).analytics.eventTypes({ days: 365 })]);
    expect(mine.unique_members).toBe(1);
    expect(mine.types.find((t) => t.event_type === "upgrade_cta_clicked")).toEqual({ event_type: "upgrade_cta_clicked", events: 1, unique_members: 1 });
    expect(theirs.unique_members).toBe(0);
  });
});

describe("analytics.overview and onboarding", () => {
  it("gives the 30-day summary (= /v1), its daily trend and the checklist", async () => {
    const [overview, viaHttp] = await Promise.all([a.caller.analytics.overview(), api(server.url, tokenA, "GET", "/v1/analytics?days=30")]);
    expect(v1Part(overview.summary)).toEqual(viaHttp.body);
    expect(overview.daily.days.length).toBeGreaterThanOrEqual(30);
    expect(overview.onboarding).toMatchObject({ keysCreated: true, firstApiCall: true, firstMember: true, firstDealViewed: true, firstRedemption: true });
  });

  it("shows a fresh partner what is left to do", async () => {
    const c = await seedAdminPartner();
    expect(await c.caller.analytics.onboarding()).toEqual({ keysCreated: true, firstApiCall: false, lastApiCallAt: null, firstMember: false, firstDealViewed: false, firstRedemption: false });
    // A key pair used to authenticate counts as the first API call.
    const usedAt = new Date();
    await db.apiKeyPair.updateMany({ where: { partnerId: c.partner.id, environment: ENV }, data: { lastUsedAt: usedAt } });
    expect(await c.caller.analytics.onboarding()).toMatchObject({ firstApiCall: true, lastApiCallAt: usedAt.toISOString() });
    const d = await seedAdminPartner();
    await createMember(d.scope);
    const after = await d.caller.analytics.onboarding();
    expect(after.firstMember).toBe(true);
    expect(after.firstDealViewed).toBe(false);
    // One truth with the API keys page: members and events made without a key (portal import, hosted
    // app) are no API call while the keys page says the pair was never used.
    expect(after.firstApiCall).toBe(false);
    expect((await d.caller.apiKeys.list()).environments.find((e) => e.environment === ENV)?.current?.last_used_at).toBeNull();
    // Live is its own environment: nothing done there yet.
    expect((await createCaller({ admin: await liveSession(d), headers: new Headers() }).analytics.onboarding()).firstMember).toBe(false);
  });
});

describe("analytics authorization", () => {
  it("refuses signed-out callers on every procedure", async () => {
    const anon = createCaller({ admin: null, headers: new Headers() });
    for (const call of [anon.analytics.summary({}), anon.analytics.daily({}), anon.analytics.funnel({}), anon.analytics.onboarding(), anon.analytics.overview(), anon.analytics.eventTypes({})]) {
      expect((await trpcError(call)).code).toBe("UNAUTHORIZED");
    }
  });

  it("refuses a super admin who is not viewing a partner (no partner scope)", async () => {
    const email = `sa-${randomUUID().slice(0, 8)}@perkway.test`;
    const created = await createAdmin("operator", { email, role: "super_admin" });
    const caller = createCaller({
      admin: { actor: { adminId: created.admin_id, role: "super_admin", partnerId: null }, email, name: null, environment: ENV, scope: null, readOnly: true },
      headers: new Headers(),
    });
    expect((await trpcError(caller.analytics.summary({}))).code).toBe("FORBIDDEN");
  });

  it("keeps each partner's figures to itself", async () => {
    const [sa, sb, viaHttpB, dailyB] = await Promise.all([
      a.caller.analytics.summary({ days: 7 }),
      b.caller.analytics.summary({ days: 7 }),
      api(server.url, tokenB, "GET", "/v1/analytics?days=7"),
      b.caller.analytics.daily({ days: 7 }),
    ]);
    expect(v1Part(sb)).toEqual(viaHttpB.body);
    expect(sb.redemptions_recorded).toBe(0);
    expect(sb.upgrade_cta_clicks).toBe(1);
    expect(sb.total_deal_views).toBe(0);
    expect(sb.total_users).toBe(1);
    expect(sa.total_users).toBe(6);
    const totalB = EVENT_TYPES.reduce((s, t) => s + dailyB.series[t].reduce((x, y) => x + y, 0), 0);
    expect(totalB).toBe(1);
    // A's sandbox figures are not its live figures either.
    const liveCaller = createCaller({ admin: await liveSession(a), headers: new Headers() });
    const live = await liveCaller.analytics.summary({ days: 7 });
    expect(live.total_deal_views).toBe(0);
    expect(live.total_users).toBe(0);
  });
});

async function liveSession(p: typeof a): Promise<AdminSession> {
  const admin = await db.admin.findFirstOrThrow({ where: { partnerId: p.partner.id } });
  return {
    actor: { adminId: admin.id, role: "partner_admin", partnerId: p.partner.id },
    email: admin.email,
    name: null,
    environment: "live",
    scope: { partnerId: p.partner.id, environment: "live" },
    readOnly: false,
  };
}
