// GET /v1/redemptions and how records are made: deal_redeemed / unique_code_claimed events with a
// user_id (source partner, one record per member and deal whatever the repeats, also under
// concurrency), codes handed out by the instructions (with the code), the hosted app's events
// (source member); filters, order, pagination, and isolation between partners and environments.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import type { PartnerScope } from "@/server/scope";
import { recordHostedEvents } from "@/server/services/events/hosted-events";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { expectMatchesOpenApi } from "../helpers/openapi-validate";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createMember, createPartnerDeal, createServicepassDeal } from "../helpers/seed-events-fixtures";

process.env.RATE_LIMIT_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_BURST = "1000000";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

async function setup(environment: "live" | "test" = "test") {
  const p = await seedPartnerWithToken(server.url, environment);
  const scope: PartnerScope = { partnerId: p.partner.id, environment };
  const member = await createMember(scope);
  const deal = await createServicepassDeal();
  const own = await createPartnerDeal(scope);
  const track = (body: unknown) => api(server.url, p.token, "POST", "/events/track", body);
  const list = (query = "") => api(server.url, p.token, "GET", `/v1/redemptions${query}`);
  return { ...p, scope, member, deal, own, track, list };
}

describe("GET /v1/redemptions", () => {
  it("records a deal_redeemed event once per member and deal; repeats and unique_code_claimed stay events", async () => {
    const c = await setup();
    expect((await c.list()).body).toEqual({ data: [], has_more: false, next_cursor: null });
    expect((await c.track({ event_type: "deal_redeemed", user_id: c.member.id, deal_id: c.deal.id })).status).toBe(202);
    expect((await c.track({ event_type: "deal_redeemed", user_id: c.member.id, deal_id: c.deal.id })).status).toBe(202);
    expect((await c.track({ event_type: "unique_code_claimed", user_id: c.member.id, deal_id: c.deal.id })).status).toBe(202);
    const res = await c.list();
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const r = res.body.data[0];
    expect(Object.keys(r)).toEqual(["id", "user_id", "deal_id", "source", "code", "confirmed", "redeemed_at"]);
    expect(r).toMatchObject({ user_id: c.member.id, deal_id: c.deal.id, source: "partner", code: null, confirmed: false });
    expect(r.redeemed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expectMatchesOpenApi("GET", "/v1/redemptions", res);
    const events = await db.event.count({ where: { partnerId: c.partner.id, eventType: { in: ["deal_redeemed", "unique_code_claimed"] } } });
    expect(events).toBe(3);
  });

  it("a unique_code_claimed event counts too, and other event types do not", async () => {
    const c = await setup();
    await c.track({ event_type: "redeem_url_clicked", user_id: c.member.id, deal_id: c.deal.id });
    await c.track({ event_type: "instructions_viewed", user_id: c.member.id, deal_id: c.own.id });
    expect((await c.list()).body.data).toEqual([]);
    await c.track({ events: [{ event_type: "unique_code_claimed", user_id: c.member.id, deal_id: c.own.id }] });
    expect((await c.list()).body.data.map((r: { deal_id: string }) => r.deal_id)).toEqual([c.own.id]);
  });

  it("twenty concurrent redemptions of one deal by one member leave one record", async () => {
    const c = await setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => c.track({ event_type: "deal_redeemed", user_id: c.member.id, deal_id: c.deal.id })));
    expect(results.every((r) => r.status === 202)).toBe(true);
    expect((await c.list()).body.data).toHaveLength(1);
    expect(await db.redemption.count({ where: { memberId: c.member.id } })).toBe(1);
  });

  it("a code handed out by the instructions records the redemption with its code", async () => {
    const c = await setup();
    const created = await api(server.url, c.token, "POST", "/v1/partner-deals", {
      product_name: "Coded", short_description: "x", redemption: { method: "unique_code", instructions: "<p>Code</p>" },
    });
    const id = created.body.id as string;
    await api(server.url, c.token, "POST", `/v1/partner-deals/${id}/codes`, { codes: ["ALPHA-1"] });
    expect((await api(server.url, c.token, "PATCH", `/v1/partner-deals/${id}`, { status: "live" })).status).toBe(200);
    // An earlier report without a code gets the code once it is handed out; still one record.
    await c.track({ event_type: "deal_redeemed", user_id: c.member.id, deal_id: id });
    const got = await api(server.url, c.token, "GET", `/v1/deals/${id}/instructions?user_id=${c.member.id}`);
    expect(got.body.promo_code).toBe("ALPHA-1");
    await api(server.url, c.token, "GET", `/v1/deals/${id}/instructions?user_id=${c.member.id}`);
    const res = await c.list(`?deal_id=${id}`);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ user_id: c.member.id, deal_id: id, source: "partner", code: "ALPHA-1" });
  });

  it("the hosted app's reports are source member", async () => {
    const c = await setup();
    const hm = { scope: c.scope, member: c.member } as Parameters<typeof recordHostedEvents>[0];
    await recordHostedEvents(hm, [{ type: "deal_redeemed", dealId: c.deal.id }]);
    await c.track({ event_type: "deal_redeemed", user_id: c.member.id, deal_id: c.deal.id });
    const res = await c.list();
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].source).toBe("member");
  });

  it("filters by user_id, deal_id, source and since; newest first; pages with a cursor", async () => {
    const c = await setup();
    const m2 = await createMember(c.scope);
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    await c.track({
      events: [
        { event_type: "deal_redeemed", user_id: c.member.id, deal_id: c.deal.id, occurred_at: at(30) },
        { event_type: "deal_redeemed", user_id: c.member.id, deal_id: c.own.id, occurred_at: at(20) },
        { event_type: "deal_redeemed", user_id: m2.id, deal_id: c.deal.id, occurred_at: at(10) },
      ],
    });
    const all = (await c.list()).body.data;
    expect(all.map((r: { redeemed_at: string }) => r.redeemed_at)).toEqual([at(10), at(20), at(30)]);
    expect((await c.list(`?user_id=${c.member.id}`)).body.data).toHaveLength(2);
    expect((await c.list(`?deal_id=${c.deal.id}`)).body.data).toHaveLength(2);
    expect((await c.list(`?user_id=${m2.id}&deal_id=${c.deal.id}`)).body.data).toHaveLength(1);
    expect((await c.list(`?source=partner`)).body.data).toHaveLength(3);
    expect((await c.list(`?source=member`)).body.data).toHaveLength(0);
    expect((await c.list(`?since=${encodeURIComponent(at(25))}`)).body.data).toHaveLength(2);

    const page1 = await c.list("?limit=2");
    expect(page1.body.data).toHaveLength(2);
    expect(page1.body.has_more).toBe(true);
    const page2 = await c.list(`?limit=2&cursor=${page1.body.next_cursor}`);
    expect(page2.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(page2.body.data.map((r: { redeemed_at: string }) => r.redeemed_at)).toEqual([at(30)]);
    // A cursor is its list's: another list's next_cursor is refused, not read as a position.
    await createMember(c.scope);
    const users = await api(server.url, c.token, "GET", "/v1/users?limit=1");
    expect(users.body.next_cursor).toEqual(expect.any(String));
    const foreign = await c.list(`?limit=2&cursor=${users.body.next_cursor}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({ code: "parameter_invalid", param: "cursor" });
  });

  it("rejects bad filters with 400 and the error body", async () => {
    const c = await setup();
    const cases: [string, string, string][] = [
      ["?source=robot", "parameter_invalid", "source"],
      ["?user_id=nope", "parameter_invalid", "user_id"],
      ["?deal_id=123", "parameter_invalid", "deal_id"],
      ["?since=yesterday", "parameter_invalid", "since"],
      ["?limit=0", "parameter_invalid", "limit"],
      ["?cursor=abc", "parameter_invalid", "cursor"],
      ["?colour=red", "unknown_parameter", "colour"],
    ];
    for (const [q, code, param] of cases) {
      const res = await c.list(q);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toMatchObject({ type: "invalid_request_error", code, param });
    }
    expect((await api(server.url, null, "GET", "/v1/redemptions")).status).toBe(401);
  });

  it("never shows another partner's or the other environment's records", async () => {
    const a = await setup("test");
    await a.track({ event_type: "deal_redeemed", user_id: a.member.id, deal_id: a.deal.id });
    const b = await setup("test");
    expect((await b.list()).body.data).toEqual([]);
    expect((await b.list(`?user_id=${a.member.id}`)).body.data).toEqual([]);
    // The same partner's live token sees nothing of its sandbox.
    const live = await seedPartnerWithToken(server.url, "live");
    const liveScope: PartnerScope = { partnerId: live.partner.id, environment: "live" };
    const liveMember = await createMember(liveScope);
    const liveList = () => api(server.url, live.token, "GET", "/v1/redemptions");
    await api(server.url, live.token, "POST", "/events/track", { event_type: "deal_redeemed", user_id: liveMember.id, deal_id: a.deal.id });
    const testMember = await createMember({ partnerId: live.partner.id, environment: "test" });
    await recordHostedEvents({ scope: { partnerId: live.partner.id, environment: "test" }, member: testMember } as Parameters<typeof recordHostedEvents>[0], [{ type: "deal_redeemed", dealId: a.deal.id }]);
    const seen = (await liveList()).body.data;
    expect(seen.map((r: { user_id: string }) => r.user_id)).toEqual([liveMember.id]);
    // A member of another partner cannot be reported as redeeming: the event is refused (404).
    const foreign = await b.track({ event_type: "deal_redeemed", user_id: a.member.id, deal_id: a.deal.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("user_not_found");
  });
});
