// Unique-code pools: POST/GET /v1/partner-deals/{id}/codes and atomic claiming through
// GET /v1/deals/{id}/instructions (one code per member per deal, never one code for two members).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";
import { itOnPostgres } from "../helpers/requires-postgres";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

type Seeded = Awaited<ReturnType<typeof seedPartnerWithToken>>;

async function uniqueCodeDeal(p: Seeded, extra: Record<string, unknown> = {}) {
  const res = await api(server.url, p.token, "POST", "/v1/partner-deals", {
    product_name: "Coded", short_description: "x", redemption: { method: "unique_code", instructions: "<p>Your code</p>" }, ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
const instructions = (p: Seeded, dealId: string, memberId: string) => api(server.url, p.token, "GET", `/v1/deals/${dealId}/instructions?user_id=${memberId}`);

describe("POST/GET /v1/partner-deals/{id}/codes", () => {
  it("adds codes, ignores duplicates and answers with counts only", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const id = await uniqueCodeDeal(p);
    const first = await api(server.url, p.token, "POST", `/v1/partner-deals/${id}/codes`, { codes: ["A1", "A2", "A2", " A3 "] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ added: 3, available: 3 });
    const second = await api(server.url, p.token, "POST", `/v1/partner-deals/${id}/codes`, { codes: ["A3", "A4"] });
    expect(second.body).toEqual({ added: 1, available: 4 });
    const counts = await api(server.url, p.token, "GET", `/v1/partner-deals/${id}/codes`);
    expect(counts.body).toEqual({ total: 4, claimed: 0, available: 4 });
    expect(JSON.stringify(counts.body)).not.toContain("A1");
  });

  it("validates the body: 1..10,000 non-empty codes, no unknown fields", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const id = await uniqueCodeDeal(p);
    const tooMany = Array.from({ length: 10_001 }, (_, i) => `C${i}`);
    const cases: [unknown, string, string][] = [
      [{ codes: [] }, "parameter_invalid", "codes"],
      [{ codes: tooMany }, "parameter_invalid", "codes"],
      [{ codes: ["ok", ""] }, "parameter_invalid", "codes[1]"],
      [{ codes: ["ok"], extra: 1 }, "unknown_parameter", "extra"],
      [{}, "parameter_missing", "codes"],
    ];
    for (const [body, code, param] of cases) {
      const res = await api(server.url, p.token, "POST", `/v1/partner-deals/${id}/codes`, body);
      expect(res.status, param).toBe(400);
      expect(res.body.error).toMatchObject({ code, param });
    }
    const max = await api(server.url, p.token, "POST", `/v1/partner-deals/${id}/codes`, { codes: tooMany.slice(0, 10_000) });
    expect(max.body).toEqual({ added: 10_000, available: 10_000 });
  });
});

describe("claiming", () => {
  it("gives each member one code, the same on every call, and 409 codes_exhausted when the pool is empty", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const id = await uniqueCodeDeal(p);
    await api(server.url, p.token, "POST", `/v1/partner-deals/${id}/codes`, { codes: ["ONE", "TWO"] });
    expect((await api(server.url, p.token, "PATCH", `/v1/partner-deals/${id}`, { status: "live" })).status).toBe(200);
    const scope = { partnerId: p.partner.id, environment: "test" as const };
    const [m1, m2, m3] = await Promise.all([createTestMember(scope), createTestMember(scope), createTestMember(scope)]);
    const c1 = await instructions(p, id, m1.id);
    expect(c1.status).toBe(200);
    expect(c1.body.method).toBe("unique_code");
    const code1 = c1.body.promo_code;
    expect(["ONE", "TWO"]).toContain(code1);
    expect((await instructions(p, id, m1.id)).body.promo_code).toBe(code1);
    expect((await instructions(p, id, m2.id)).body.promo_code).toBe(code1 === "ONE" ? "TWO" : "ONE");
    const none = await instructions(p, id, m3.id);
    expect(none.status).toBe(409);
    expect(none.body.error).toMatchObject({ code: "codes_exhausted", type: "invalid_request_error" });
    expect((await instructions(p, id, m1.id)).body.promo_code).toBe(code1);
    expect((await api(server.url, p.token, "GET", `/v1/partner-deals/${id}/codes`)).body).toEqual({ total: 2, claimed: 2, available: 0 });
    // listings never carry a code
    for (const path of [`/v1/deals/${id}`, `/v1/partner-deals/${id}`, "/v1/partner-deals", "/v1/deals?deal_type=partner_private"]) {
      const text = JSON.stringify((await api(server.url, p.token, "GET", path)).body);
      expect(text, path).not.toMatch(/"ONE"|"TWO"/);
    }
    // a deleted member's code is never handed out again
    await db.member.delete({ where: { id: m2.id } });
    expect((await instructions(p, id, m3.id)).status).toBe(409);
  });

  itOnPostgres("100 members racing for 10 codes: exactly 10 winners with distinct codes, 90 × 409", async () => {
    const { ids, slugs } = await seedServicepassDeals([
      { product_name: "Race", redemption: { method: "unique_code" }, codes: Array.from({ length: 10 }, (_, i) => `RACE-${i}-${crypto.randomUUID()}`) },
    ]);
    const dealId = ids[slugs[0]];
    // spread over partners so that no partner's rate-limit burst is the limit
    const partners = await Promise.all([0, 1, 2, 3].map(() => seedPartnerWithToken(server.url, "live")));
    const members = await Promise.all(
      Array.from({ length: 100 }, (_, i) => partners[i % 4]).map(async (p) => ({ p, m: await createTestMember({ partnerId: p.partner.id, environment: "live" }) })),
    );
    const results = await Promise.all(members.map(({ p, m }) => instructions(p, dealId, m.id)));
    const winners = results.filter((r) => r.status === 200);
    const losers = results.filter((r) => r.status === 409);
    expect(winners).toHaveLength(10);
    expect(losers).toHaveLength(90);
    expect(losers.every((r) => r.body.error.code === "codes_exhausted")).toBe(true);
    expect(new Set(winners.map((r) => r.body.promo_code)).size).toBe(10);
    const claimed = await db.uniqueCode.findMany({ where: { dealId } });
    expect(claimed.every((c) => c.memberId && c.claimedAt)).toBe(true);
    expect(new Set(claimed.map((c) => c.memberId)).size).toBe(10);
  });

  itOnPostgres("one member calling concurrently gets one code", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const id = await uniqueCodeDeal(p);
    await api(server.url, p.token, "POST", `/v1/partner-deals/${id}/codes`, { codes: Array.from({ length: 20 }, (_, i) => `S${i}`) });
    await api(server.url, p.token, "PATCH", `/v1/partner-deals/${id}`, { status: "live" });
    const m = await createTestMember({ partnerId: p.partner.id, environment: "test" });
    const results = await Promise.all(Array.from({ length: 15 }, () => instructions(p, id, m.id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.promo_code)).size).toBe(1);
    expect(await db.uniqueCode.count({ where: { dealId: id, memberId: { not: null } } })).toBe(1);
  });

  it("never spends the live servicepass pool on sandbox members (stable TEST- codes instead)", async () => {
    const { ids, slugs } = await seedServicepassDeals([{ redemption: { method: "unique_code" }, codes: ["REAL-1"] }]);
    const dealId = ids[slugs[0]];
    const sandbox = await seedPartnerWithToken(server.url, "test");
    const m = await createTestMember({ partnerId: sandbox.partner.id, environment: "test" });
    const a = await instructions(sandbox, dealId, m.id);
    const b = await instructions(sandbox, dealId, m.id);
    expect(a.status).toBe(200);
    expect(a.body.promo_code).toMatch(/^TEST-[0-9A-F]{12}$/);
    expect(b.body.promo_code).toBe(a.body.promo_code);
    expect(await db.uniqueCode.count({ where: { dealId, memberId: null } })).toBe(1);
    const live = await seedPartnerWithToken(server.url, "live");
    const lm = await createTestMember({ partnerId: live.partner.id, environment: "live" });
    expect((await instructions(live, dealId, lm.id)).body.promo_code).toBe("REAL-1");
  });
});
