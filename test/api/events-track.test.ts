// POST /events/track over real HTTP: every event type, every validation error, batches (all or
// nothing), event_id deduplication (sequential, across batches, 20 concurrent repeats) and scope.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "@/server/domain/enums";
import type { PartnerScope } from "@/server/scope";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { countEvents, createMember, createPartnerDeal, createServicepassDeal } from "../helpers/seed-events-fixtures";
import { db } from "../helpers/db";
import { expectMatchesOpenApi, openApiDocument } from "../helpers/openapi-validate";

// Rate limits are not under test here and these files send hundreds of requests per partner.
process.env.RATE_LIMIT_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_BURST = "1000000";
process.env.AUTH_RATE_LIMIT_PER_IP_PER_MINUTE = "1000000";
process.env.AUTH_RATE_LIMIT_PER_KEY_PER_MINUTE = "1000000";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

type Ctx = Awaited<ReturnType<typeof setup>>;
async function setup(environment: "live" | "test" = "test") {
  const p = await seedPartnerWithToken(server.url, environment);
  const scope: PartnerScope = { partnerId: p.partner.id, environment };
  const member = await createMember(scope);
  const deal = await createServicepassDeal();
  const privateDeal = await createPartnerDeal(scope);
  const track = (body: unknown, headers: Record<string, string> = {}) => api(server.url, p.token, "POST", "/events/track", body, headers);
  return { ...p, scope, member, deal, privateDeal, track };
}

/** A valid event of each type for a fixture. */
function validEvent(c: Ctx, type: (typeof EVENT_TYPES)[number], extra: Record<string, unknown> = {}) {
  if (type === "deal_list_viewed") return { event_type: type, user_id: c.member.id, deal_ids: [c.deal.id, c.privateDeal.id], ...extra };
  if (type === "upgrade_cta_clicked") return { event_type: type, user_id: c.member.id, ...extra };
  return { event_type: type, user_id: c.member.id, deal_id: c.deal.id, ...extra };
}

const minutes = (n: number) => n * 60 * 1000;
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

describe("POST /events/track — accepted events", () => {
  it("accepts every event type in the single form and stores it with its fields", async () => {
    const c = await setup();
    for (const type of EVENT_TYPES) {
      const r = await c.track(validEvent(c, type, { metadata: { source: "test", type } }));
      expect(r.status, `${type}: ${JSON.stringify(r.body)}`).toBe(202);
      expect(r.body).toEqual({ received: 1, duplicates: 0 });
    }
    const rows = await db.event.findMany({ where: { partnerId: c.scope.partnerId, environment: "test" } });
    expect(rows.map((r) => r.eventType).sort()).toEqual([...EVENT_TYPES].sort());
    const list = rows.find((r) => r.eventType === "deal_list_viewed")!;
    expect(list.dealIds.sort()).toEqual([c.deal.id, c.privateDeal.id].sort());
    expect(list.dealId).toBeNull();
    const redeemed = rows.find((r) => r.eventType === "deal_redeemed")!;
    expect(redeemed).toMatchObject({ memberId: c.member.id, dealId: c.deal.id, metadata: { source: "test", type: "deal_redeemed" } });
  });

  it("accepts every event type in one batch and answers 202 { received, duplicates }", async () => {
    const c = await setup();
    const r = await c.track({ events: EVENT_TYPES.map((t) => validEvent(c, t)) });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ received: EVENT_TYPES.length, duplicates: 0 });
    expect(await countEvents(c.scope)).toBe(EVENT_TYPES.length);
  });

  it("makes user_id optional on deal_list_viewed and upgrade_cta_clicked (absent or null)", async () => {
    const c = await setup();
    for (const body of [
      { event_type: "deal_list_viewed" },
      { event_type: "deal_list_viewed", user_id: null, deal_ids: [c.deal.id] },
      { event_type: "upgrade_cta_clicked" },
      { event_type: "upgrade_cta_clicked", user_id: null, metadata: null, occurred_at: null, event_id: null },
    ]) {
      const r = await c.track(body);
      expect(r.status, JSON.stringify(body)).toBe(202);
    }
    expect(await countEvents(c.scope, "member_id IS NULL")).toBe(4);
  });

  it("accepts the partner's own private deal", async () => {
    const c = await setup();
    const r = await c.track({ event_type: "deal_redeemed", user_id: c.member.id, deal_id: c.privateDeal.id });
    expect(r.status).toBe(202);
    expect(await countEvents(c.scope, "deal_id = $3::uuid", c.privateDeal.id)).toBe(1);
  });

  it("stores occurred_at as given (with an offset) and defaults it to the time of receipt", async () => {
    const c = await setup();
    const before = Date.now();
    await c.track({ event_type: "deal_detail_viewed", user_id: c.member.id, deal_id: c.deal.id, event_id: "no-time" });
    const after = Date.now();
    const given = new Date(Date.now() - minutes(90));
    const withOffset = given.toISOString().replace("Z", "+00:00");
    await c.track({ event_type: "deal_detail_viewed", user_id: c.member.id, deal_id: c.deal.id, event_id: "with-time", occurred_at: withOffset });
    const rows = await db.event.findMany({ where: { partnerId: c.scope.partnerId }, orderBy: { clientEventId: "asc" } });
    const noTime = rows.find((r) => r.clientEventId === "no-time")!;
    expect(noTime.occurredAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(noTime.occurredAt.getTime()).toBeLessThanOrEqual(after);
    expect(rows.find((r) => r.clientEventId === "with-time")!.occurredAt.toISOString()).toBe(given.toISOString());
  });

  it("accepts occurred_at just inside both bounds and metadata of exactly 4 KiB", async () => {
    const c = await setup();
    const base = { event_type: "upgrade_cta_clicked", user_id: c.member.id };
    expect((await c.track({ ...base, occurred_at: iso(minutes(4)) })).status).toBe(202);
    expect((await c.track({ ...base, occurred_at: iso(-minutes(7 * 24 * 60 - 2)) })).status).toBe(202);
    const filler = "x".repeat(4096 - JSON.stringify({ k: "" }).length);
    expect(JSON.stringify({ k: filler }).length).toBe(4096);
    expect((await c.track({ ...base, metadata: { k: filler } })).status).toBe(202);
  });

  it("honours Idempotency-Key: a replay returns the first response and stores nothing new", async () => {
    const c = await setup();
    const key = randomUUID();
    const body = { events: [validEvent(c, "deal_detail_viewed"), validEvent(c, "deal_redeemed")] };
    const first = await c.track(body, { "Idempotency-Key": key });
    const replay = await c.track(body, { "Idempotency-Key": key });
    expect(first.status).toBe(202);
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await countEvents(c.scope)).toBe(2);
  });

  it("requires a bearer token", async () => {
    const r = await api(server.url, null, "POST", "/events/track", { event_type: "deal_list_viewed" });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("authentication_required");
  });
});

describe("POST /events/track — validation (400, nothing stored)", () => {
  let c: Ctx;
  beforeAll(async () => (c = await setup()));

  async function expect400(body: unknown, code: string, param: string | null, raw = false) {
    const r = raw
      ? await api(server.url, c.token, "POST", "/events/track", body as string)
      : await c.track(body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error).toMatchObject({ type: "invalid_request_error", code, param });
    expect(r.body.error.request_id).toMatch(/^req_/);
    return r;
  }

  it("rejects a body that is not a JSON object", async () => {
    await expect400("{nope", "body_invalid", null, true);
    await expect400("[1,2]", "body_invalid", null, true);
    await expect400("42", "body_invalid", null, true);
  });

  it("answers 415 without a JSON content type", async () => {
    const r = await fetch(`${server.url}/events/track`, { method: "POST", headers: { authorization: `Bearer ${c.token}`, "content-type": "text/plain" }, body: "{}" });
    expect(r.status).toBe(415);
  });

  it("requires event_type and checks it against EventType", async () => {
    await expect400({ user_id: c.member.id, deal_id: c.deal.id }, "parameter_missing", "event_type");
    await expect400({ event_type: "deal_viewed", user_id: c.member.id, deal_id: c.deal.id }, "parameter_invalid", "event_type");
    await expect400({ event_type: 3 }, "parameter_invalid", "event_type");
  });

  it("rejects unknown fields", async () => {
    await expect400({ ...validEvent(c, "deal_detail_viewed"), userid: "x" }, "unknown_parameter", "userid");
  });

  it("requires user_id and deal_id on every deal-specific type", async () => {
    const dealSpecific = EVENT_TYPES.filter((t) => t !== "deal_list_viewed" && t !== "upgrade_cta_clicked");
    expect(dealSpecific).toHaveLength(7);
    for (const type of dealSpecific) {
      await expect400({ event_type: type, deal_id: c.deal.id }, "parameter_missing", "user_id");
      await expect400({ event_type: type, user_id: null, deal_id: c.deal.id }, "parameter_missing", "user_id");
      await expect400({ event_type: type, user_id: c.member.id }, "parameter_missing", "deal_id");
    }
  });

  it("accepts deal_ids only on deal_list_viewed (deal_id there is one listed deal, and optional on upgrade_cta_clicked)", async () => {
    await expect400({ ...validEvent(c, "deal_detail_viewed"), deal_ids: [c.deal.id] }, "parameter_invalid", "deal_ids");
    await expect400({ event_type: "upgrade_cta_clicked", deal_ids: [] }, "parameter_invalid", "deal_ids");
  });

  it("limits deal_ids to an array of up to 200 ids", async () => {
    await expect400({ event_type: "deal_list_viewed", deal_ids: Array(201).fill(c.deal.id) }, "parameter_invalid", "deal_ids");
    await expect400({ event_type: "deal_list_viewed", deal_ids: c.deal.id }, "parameter_invalid", "deal_ids");
    await expect400({ event_type: "deal_list_viewed", deal_ids: [c.deal.id, 7] }, "parameter_invalid", "deal_ids[1]");
    expect((await c.track({ event_type: "deal_list_viewed", deal_ids: Array(200).fill(c.deal.id) })).status).toBe(202);
  });

  it("checks the types of ids", async () => {
    await expect400({ event_type: "deal_redeemed", user_id: 12, deal_id: c.deal.id }, "parameter_invalid", "user_id");
    await expect400({ event_type: "deal_redeemed", user_id: c.member.id, deal_id: "" }, "parameter_invalid", "deal_id");
  });

  it("bounds occurred_at: at most 5 minutes ahead, at most 7 days back, ISO 8601 with a zone", async () => {
    const base = validEvent(c, "deal_detail_viewed");
    await expect400({ ...base, occurred_at: iso(minutes(6)) }, "parameter_invalid", "occurred_at");
    await expect400({ ...base, occurred_at: iso(-minutes(7 * 24 * 60 + 1)) }, "parameter_invalid", "occurred_at");
    await expect400({ ...base, occurred_at: "yesterday" }, "parameter_invalid", "occurred_at");
    await expect400({ ...base, occurred_at: "2026-11-21T10:00:00" }, "parameter_invalid", "occurred_at");
    await expect400({ ...base, occurred_at: 1763719387 }, "parameter_invalid", "occurred_at");
  });

  it("limits metadata to a JSON object of at most 4 KiB serialized", async () => {
    const base = validEvent(c, "deal_detail_viewed");
    const filler = "x".repeat(4097 - JSON.stringify({ k: "" }).length);
    await expect400({ ...base, metadata: { k: filler } }, "parameter_invalid", "metadata");
    await expect400({ ...base, metadata: { k: "é".repeat(2100) } }, "parameter_invalid", "metadata"); // 4200 bytes in UTF-8
    await expect400({ ...base, metadata: [1, 2] }, "parameter_invalid", "metadata");
    await expect400({ ...base, metadata: "text" }, "parameter_invalid", "metadata");
    await expect400({ ...base, metadata: { k: "nul\u0000" } }, "parameter_invalid", "metadata.k"); // the dot path of the field
    // 400 KB of nesting (within the 1 MiB body limit) once overflowed the stack: a 500. Now any body
    // nested deeper than 64 levels is refused before it is parsed into fields.
    const deep = `{"event_type":"upgrade_cta_clicked","metadata":{"k":${"[".repeat(200_000)}${"]".repeat(200_000)}}}`;
    await expect400(deep, "body_invalid", null, true);
  });

  it("limits event_id to 1..255 storable characters", async () => {
    const base = validEvent(c, "deal_detail_viewed");
    await expect400({ ...base, event_id: "" }, "parameter_invalid", "event_id");
    await expect400({ ...base, event_id: "e".repeat(256) }, "parameter_invalid", "event_id");
    await expect400({ ...base, event_id: 5 }, "parameter_invalid", "event_id");
    await expect400({ ...base, event_id: "a\u0000b" }, "parameter_invalid", "event_id");
    expect((await c.track({ ...base, event_id: "e".repeat(255) })).status).toBe(202);
  });

  it("refuses NUL or an unpaired surrogate in user_id as parameter_invalid, before it is looked up (not a 404)", async () => {
    const base = validEvent(c, "deal_list_viewed");
    await expect400({ ...base, user_id: "a\u0000b" }, "parameter_invalid", "user_id");
    await expect400({ ...base, user_id: "\ud800" }, "parameter_invalid", "user_id");
    await expect400({ events: [base, { ...base, user_id: "\ud800" }] }, "parameter_invalid", "events[1].user_id");
  });

  it("checks the batch envelope: 1..500 events, nothing else beside them", async () => {
    await expect400({ events: [] }, "parameter_invalid", "events");
    await expect400({ events: Array(501).fill({ event_type: "deal_list_viewed" }) }, "parameter_invalid", "events");
    await expect400({ events: { event_type: "deal_list_viewed" } }, "parameter_invalid", "events");
    await expect400({ events: [{ event_type: "deal_list_viewed" }], event_type: "deal_list_viewed" }, "unknown_parameter", "event_type");
    await expect400({ events: [{ event_type: "deal_list_viewed" }, "x"] }, "parameter_invalid", "events[1]");
    const r = await c.track({ events: Array(500).fill({ event_type: "deal_list_viewed" }) });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ received: 500, duplicates: 0 });
  });

  it("names the failing index in param and stores none of the batch", async () => {
    const d = await setup();
    const good = validEvent(d, "deal_detail_viewed");
    const cases: [unknown, string, string][] = [
      [{ event_type: "deal_redeemed", user_id: d.member.id }, "parameter_missing", "events[3].deal_id"],
      [{ ...good, occurred_at: iso(minutes(10)) }, "parameter_invalid", "events[3].occurred_at"],
      [{ ...good, extra: 1 }, "unknown_parameter", "events[3].extra"],
      [{ event_type: "nope" }, "parameter_invalid", "events[3].event_type"],
      [{ event_type: "deal_list_viewed", deal_ids: [d.deal.id, randomUUID()] }, "deal_not_found", "events[3].deal_ids[1]"],
      [{ ...good, user_id: randomUUID() }, "user_not_found", "events[3].user_id"],
      [{ ...good, deal_id: randomUUID() }, "deal_not_found", "events[3].deal_id"],
    ];
    for (const [bad, code, param] of cases) {
      const events = [good, validEvent(d, "deal_list_viewed"), validEvent(d, "upgrade_cta_clicked"), bad, { ...good, user_id: randomUUID() }];
      const r = await d.track({ events });
      expect([r.status, r.body.error?.code, r.body.error?.param], JSON.stringify(bad)).toEqual([code.endsWith("not_found") ? 404 : 400, code, param]);
    }
    expect(await countEvents(d.scope)).toBe(0);
    // event_ids of a rejected batch are not burnt: the corrected batch is stored in full.
    const ok = await d.track({ events: [{ ...good, event_id: "a" }, { ...good, event_id: "b" }] });
    expect(ok.body).toEqual({ received: 2, duplicates: 0 });
  });
});

describe("POST /events/track — scope (404)", () => {
  it("refuses members and deals outside the caller's partner and environment", async () => {
    const a = await setup("test");
    const b = await setup("test");
    const aLive = await setup("live");
    const otherEnvMember = await createMember({ partnerId: a.scope.partnerId, environment: "live" });
    const otherEnvDeal = await createPartnerDeal({ partnerId: a.scope.partnerId, environment: "live" });
    // No member meets these: the hosted app shows neither a deal hidden globally nor an inactive one.
    const hiddenGlobally = await db.deal.update({ where: { id: (await createServicepassDeal()).id }, data: { hiddenGlobally: true } });
    const inactive = await db.deal.update({ where: { id: (await createServicepassDeal()).id }, data: { active: false } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ event_type: "deal_detail_viewed", user_id: a.member.id, deal_id: hiddenGlobally.id }, "deal_not_found", "deal_id"],
      [{ event_type: "deal_detail_viewed", user_id: a.member.id, deal_id: inactive.id }, "deal_not_found", "deal_id"],
      // deal_list_viewed's single deal_id is named as sent, and the deal_ids after it keep their indexes.
      [{ event_type: "deal_list_viewed", deal_id: hiddenGlobally.id }, "deal_not_found", "deal_id"],
      [{ event_type: "deal_list_viewed", deal_id: a.deal.id, deal_ids: [a.deal.id, b.privateDeal.id] }, "deal_not_found", "deal_ids[1]"],
      [{ event_type: "deal_detail_viewed", user_id: b.member.id, deal_id: a.deal.id }, "user_not_found", "user_id"],
      [{ event_type: "deal_detail_viewed", user_id: otherEnvMember.id, deal_id: a.deal.id }, "user_not_found", "user_id"],
      [{ event_type: "deal_detail_viewed", user_id: aLive.member.id, deal_id: a.deal.id }, "user_not_found", "user_id"],
      [{ event_type: "upgrade_cta_clicked", user_id: randomUUID() }, "user_not_found", "user_id"],
      [{ event_type: "upgrade_cta_clicked", user_id: "not-a-uuid" }, "user_not_found", "user_id"],
      [{ event_type: "deal_redeemed", user_id: a.member.id, deal_id: b.privateDeal.id }, "deal_not_found", "deal_id"],
      [{ event_type: "deal_redeemed", user_id: a.member.id, deal_id: otherEnvDeal.id }, "deal_not_found", "deal_id"],
      [{ event_type: "deal_redeemed", user_id: a.member.id, deal_id: randomUUID() }, "deal_not_found", "deal_id"],
      [{ event_type: "deal_redeemed", user_id: a.member.id, deal_id: "deal_123" }, "deal_not_found", "deal_id"],
      [{ event_type: "deal_list_viewed", deal_ids: [a.deal.id, b.privateDeal.id] }, "deal_not_found", "deal_ids[1]"],
    ];
    for (const [body, code, param] of cases) {
      const r = await a.track(body);
      expect([r.status, r.body.error?.code, r.body.error?.param], JSON.stringify(body)).toEqual([404, code, param]);
      expect(r.body.error.type).toBe("invalid_request_error");
    }
    const batch = await a.track({ events: [validEvent(a, "deal_detail_viewed"), validEvent(a, "deal_redeemed"), { ...validEvent(a, "deal_redeemed"), user_id: b.member.id }] });
    expect([batch.status, batch.body.error.code, batch.body.error.param]).toEqual([404, "user_not_found", "events[2].user_id"]);
    expect(await countEvents(a.scope)).toBe(0);
    // The same member, in its own scope, is fine (the ids above exist, just not for this caller).
    expect((await b.track(validEvent(b, "deal_redeemed"))).status).toBe(202);
  });
});

describe("POST /events/track — event_id deduplication", () => {
  it("counts a repeated event_id once, in later requests, across batches and within a batch", async () => {
    const c = await setup();
    const e = (id: string, type: (typeof EVENT_TYPES)[number] = "deal_detail_viewed") => ({ ...validEvent(c, type), event_id: id });
    expect((await c.track(e("one"))).body).toEqual({ received: 1, duplicates: 0 });
    expect((await c.track(e("one"))).body).toEqual({ received: 1, duplicates: 1 });
    expect((await c.track(e("one", "deal_redeemed"))).body).toEqual({ received: 1, duplicates: 1 }); // first one wins
    expect((await c.track({ events: [e("one"), e("two"), e("three")] })).body).toEqual({ received: 3, duplicates: 1 });
    expect((await c.track({ events: [e("four"), e("four"), e("five"), e("four")] })).body).toEqual({ received: 4, duplicates: 2 });
    expect((await c.track({ events: [e("five"), e("two")] })).body).toEqual({ received: 2, duplicates: 2 });
    expect(await countEvents(c.scope)).toBe(5);
    expect(await countEvents(c.scope, "event_type = 'deal_redeemed'")).toBe(0);
    const a = await api(server.url, c.token, "GET", "/v1/analytics?days=1");
    expect(a.body.event_counts.deal_detail_viewed).toBe(5);
    expect(a.body.top_deals).toEqual([{ deal_id: c.deal.id, product_name: c.deal.productName, views: 5, redemptions: 0 }]);
  });

  it("scopes event_id per partner and environment", async () => {
    const a = await setup("test");
    const b = await setup("test");
    const aLive = await setup("live");
    for (const x of [a, b, aLive]) {
      expect((await x.track({ ...validEvent(x, "deal_redeemed"), event_id: "shared-id" })).body).toEqual({ received: 1, duplicates: 0 });
    }
  });

  it("stores one event when the same event_id arrives 20 times concurrently", async () => {
    const c = await setup();
    const body = { ...validEvent(c, "deal_redeemed"), event_id: `concurrent-${randomUUID()}` };
    const results = await Promise.all(Array.from({ length: 20 }, () => c.track(body)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(202));
    expect(results.reduce((s, r) => s + r.body.duplicates, 0)).toBe(19);
    expect(await countEvents(c.scope)).toBe(1);
    const a = await api(server.url, c.token, "GET", "/v1/analytics?days=1");
    expect(a.body.total_redemptions).toBe(1);
    expect(a.body.active_users).toBe(1);
  });

  it("keeps overlapping concurrent batches exact (ids in different orders, no deadlock)", async () => {
    const c = await setup();
    const ids = Array.from({ length: 30 }, (_, i) => `ov-${i}`);
    const batches = Array.from({ length: 20 }, (_, k) => {
      const rotated = [...ids.slice(k), ...ids.slice(0, k)];
      const ordered = k % 2 ? rotated.reverse() : rotated;
      return { events: ordered.slice(0, 10 + k).map((id) => ({ ...validEvent(c, "deal_detail_viewed"), event_id: id })) };
    });
    const results = await Promise.all(batches.map((b) => c.track(b)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(202));
    const sent = batches.reduce((s, b) => s + b.events.length, 0);
    const dups = results.reduce((s, r) => s + r.body.duplicates, 0);
    const stored = await countEvents(c.scope);
    expect(stored).toBe(new Set(batches.flatMap((b) => b.events.map((e) => e.event_id))).size);
    expect(sent - dups).toBe(stored);
    const a = await api(server.url, c.token, "GET", "/v1/analytics?days=1");
    expect(a.body.total_deal_views).toBe(stored);
  });
});

describe("POST /events/track — OpenAPI document", () => {
  it("documents the endpoint, and real 202/400/404 responses match it", async () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths["/events/track"]?.post).toBeDefined();
    const c = await setup();
    const ok = await c.track({ events: [validEvent(c, "deal_list_viewed"), validEvent(c, "deal_redeemed")] });
    expectMatchesOpenApi("POST", "/events/track", ok);
    const bad = await c.track({ event_type: "deal_redeemed", user_id: c.member.id });
    expectMatchesOpenApi("POST", "/events/track", bad);
    const missing = await c.track({ event_type: "deal_redeemed", user_id: randomUUID(), deal_id: c.deal.id });
    expect(missing.status).toBe(404);
    expectMatchesOpenApi("POST", "/events/track", missing);
  });
});
