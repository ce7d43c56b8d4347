// Deal_id on deal_list_viewed is one listed deal; upgrade_cta_clicked takes an
// optional deal_id; referenced deals must be ones the partner's members can meet (docs/api.md, Events and analytics).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import type { PartnerScope } from "@/server/scope";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createMember, createPartnerDeal, createServicepassDeal } from "../helpers/seed-events-fixtures";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

async function setup() {
  const p = await seedPartnerWithToken(server.url, "test");
  const scope: PartnerScope = { partnerId: p.partner.id, environment: "test" };
  const member = await createMember(scope);
  const track = (body: unknown) => api(server.url, p.token, "POST", "/events/track", body);
  return { ...p, scope, member, track };
}

describe("event deal references", () => {
  it("stores deal_id of deal_list_viewed as one listed deal, merged with deal_ids", async () => {
    const c = await setup();
    const a = await createServicepassDeal();
    const b = await createServicepassDeal();
    expect((await c.track({ event_type: "deal_list_viewed", user_id: c.member.id, deal_id: a.id })).status).toBe(202);
    expect((await c.track({ event_type: "deal_list_viewed", deal_id: a.id, deal_ids: [b.id, a.id], event_id: "merged" })).status).toBe(202);
    const rows = await db.event.findMany({ where: { partnerId: c.scope.partnerId, environment: "test" }, orderBy: { receivedAt: "asc" } });
    expect(rows.map((r) => [r.dealId, r.dealIds])).toEqual([
      [null, [a.id]],
      [null, [a.id, b.id]],
    ]);
  });

  it("accepts an optional deal_id on upgrade_cta_clicked and stores it", async () => {
    const c = await setup();
    const premium = await createServicepassDeal();
    expect((await c.track({ event_type: "upgrade_cta_clicked", user_id: c.member.id, deal_id: premium.id })).status).toBe(202);
    const row = await db.event.findFirstOrThrow({ where: { partnerId: c.scope.partnerId, environment: "test" } });
    expect(row.dealId).toBe(premium.id);
  });

  it("refuses drafts and deals hidden from the partner by rules; accepts api_excluded deals", async () => {
    const c = await setup();
    const draft = await createPartnerDeal(c.scope);
    await db.deal.update({ where: { id: draft.id }, data: { status: "draft" } });
    const hidden = await createServicepassDeal();
    await db.visibilityRule.create({ data: { dealId: hidden.id, ruleType: "exclude_partner", ruleValue: [c.scope.partnerId], priority: 1 } });
    const onlyOthers = await createServicepassDeal();
    await db.visibilityRule.create({ data: { dealId: onlyOthers.id, ruleType: "include_partner_type", ruleValue: ["University"], priority: 0 } });
    const excluded = await createServicepassDeal();
    await db.deal.update({ where: { id: excluded.id }, data: { apiExcluded: true } });
    const shownByType = await createServicepassDeal();
    await db.visibilityRule.create({ data: { dealId: shownByType.id, ruleType: "include_partner_type", ruleValue: ["Accelerator"], priority: 0 } });

    for (const deal of [draft, hidden, onlyOthers]) {
      const r = await c.track({ event_type: "deal_detail_viewed", user_id: c.member.id, deal_id: deal.id });
      expect([r.status, r.body.error?.code, r.body.error?.param]).toEqual([404, "deal_not_found", "deal_id"]);
      const list = await c.track({ event_type: "deal_list_viewed", deal_ids: [excluded.id, deal.id] });
      expect([list.status, list.body.error?.param]).toEqual([404, "deal_ids[1]"]);
    }
    for (const deal of [excluded, shownByType]) {
      expect((await c.track({ event_type: "deal_redeemed", user_id: c.member.id, deal_id: deal.id })).status).toBe(202);
    }
  });
});
