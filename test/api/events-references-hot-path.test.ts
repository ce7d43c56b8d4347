// POST /events/track's hot path checks deals against a per-process cache and members inside the
// write (src/server/services/events/track-events.ts). These are the cases that path could get wrong:
// a cached deal that stops being available, and a member that does not exist once deals are known.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import type { PartnerScope } from "@/server/scope";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { connectElsewhere, eventually } from "../helpers/elsewhere";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { countEvents, createMember, createPartnerDeal, createServicepassDeal } from "../helpers/seed-events-fixtures";

let server: TestServer;
let elsewhere: pg.Client;
beforeAll(async () => {
  server = await startApiServer();
  elsewhere = await connectElsewhere();
});
afterAll(async () => {
  await elsewhere.end();
  await server.close();
});

async function setup() {
  const p = await seedPartnerWithToken(server.url, "test");
  const scope: PartnerScope = { partnerId: p.partner.id, environment: "test" };
  const member = await createMember(scope);
  const track = (body: unknown) => api(server.url, p.token, "POST", "/events/track", body);
  return { ...p, scope, member, track };
}

describe("POST /events/track, references on the hot path", () => {
  it("a deal that was accepted stops being accepted once it is a draft, or hidden from the partner", async () => {
    const c = await setup();
    const own = await createPartnerDeal(c.scope);
    const shared = await createServicepassDeal();
    for (const deal of [own, shared]) {
      expect((await c.track({ event_type: "deal_detail_viewed", user_id: c.member.id, deal_id: deal.id })).status).toBe(202);
    }
    // Written by another connection (another instance, the CLI): only the change feed tells this process.
    await elsewhere.query(`UPDATE deals SET status = 'draft' WHERE id = $1`, [own.id]);
    await elsewhere.query(
      `INSERT INTO visibility_rules (id, deal_id, rule_type, rule_value, priority, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'exclude_partner', ARRAY[$2], 0, now(), now())`,
      [shared.id, c.partner.id],
    );
    for (const deal of [own, shared]) {
      await eventually(async () => {
        const res = await c.track({ event_type: "deal_detail_viewed", user_id: c.member.id, deal_id: deal.id });
        if (res.status === 202) return false;
        expect(res.status).toBe(404);
        expect(res.body.error).toMatchObject({ code: "deal_not_found", param: "deal_id" });
        return true;
      }, `deal ${deal.id} refused`);
    }
  });

  it("a member that does not exist is a 404 on its own param, with nothing of the request stored", async () => {
    const c = await setup();
    const deal = await createServicepassDeal();
    // The deal is known to the cache from here on.
    expect((await c.track({ event_type: "deal_detail_viewed", user_id: c.member.id, deal_id: deal.id })).status).toBe(202);
    const ghost = randomUUID();
    const single = await c.track({ event_type: "deal_redeemed", user_id: ghost, deal_id: deal.id, event_id: "ghost-single" });
    expect(single.status).toBe(404);
    expect(single.body.error).toMatchObject({ code: "user_not_found", param: "user_id" });
    const batch = await c.track({
      events: [
        { event_type: "deal_redeemed", user_id: c.member.id, deal_id: deal.id, event_id: "ok-in-batch" },
        { event_type: "deal_detail_viewed", user_id: ghost, deal_id: deal.id },
      ],
    });
    expect(batch.status).toBe(404);
    expect(batch.body.error).toMatchObject({ code: "user_not_found", param: "events[1].user_id" });
    // Only the first request's event: the batch is all or nothing, its redemption not recorded either.
    expect(await countEvents(c.scope)).toBe(1);
    expect(await db.redemption.count({ where: { partnerId: c.partner.id } })).toBe(0);
    // The same event_id can be sent again once the batch is valid: it was never claimed.
    const again = await c.track({ events: [{ event_type: "deal_redeemed", user_id: c.member.id, deal_id: deal.id, event_id: "ok-in-batch" }] });
    expect(again.body).toEqual({ received: 1, duplicates: 0 });
    expect(await db.redemption.count({ where: { partnerId: c.partner.id, memberId: c.member.id, dealId: deal.id, source: "partner" } })).toBe(1);
  });

  it("a member of the other environment is not found, even with its deals known", async () => {
    const c = await setup();
    const live = await createMember({ partnerId: c.partner.id, environment: "live" });
    const deal = await createServicepassDeal();
    expect((await c.track({ event_type: "deal_detail_viewed", user_id: c.member.id, deal_id: deal.id })).status).toBe(202);
    const res = await c.track({ event_type: "deal_detail_viewed", user_id: live.id, deal_id: deal.id });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "user_not_found", param: "user_id" });
    expect(await countEvents({ partnerId: c.partner.id, environment: "live" })).toBe(0);
  });
});
