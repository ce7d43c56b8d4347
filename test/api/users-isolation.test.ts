// Tenant and environment isolation of every users endpoint, and concurrent creates of one email.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartnerWithToken } from "../helpers/seed";
import { itOnPostgres } from "../helpers/requires-postgres";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const email = () => `iso-${randomUUID().slice(0, 12)}@example.com`;

/** Partner A's test-environment member, and three outsiders: partner B (test), B (live), A (live). */
async function setup() {
  const a = await seedPartnerWithToken(server.url, "test");
  const b = await seedPartnerWithToken(server.url, "test");
  const aLive = await getToken(server.url, a.keys.live);
  const bLive = await getToken(server.url, b.keys.live);
  const member = (await api(server.url, a.token, "POST", "/v1/users", { email: email(), external_user_id: "shared-ext" })).body;
  return { a, b, member, outsiders: { "partner B": b.token, "partner B live": bLive, "partner A live": aLive } };
}

describe("cross-partner and cross-environment access", () => {
  it("answers 404 user_not_found on every path and changes nothing", async () => {
    const { a, member, outsiders } = await setup();
    for (const [who, token] of Object.entries(outsiders)) {
      const attempts = [
        await api(server.url, token, "GET", `/v1/users/${member.id}`),
        await api(server.url, token, "PATCH", `/v1/users/${member.id}`, { tier: "premium" }),
        await api(server.url, token, "PATCH", "/v1/users", { id: member.id, tier: "premium" }),
        await api(server.url, token, "PATCH", "/v1/users", { email: member.email, tier: "premium" }),
        await api(server.url, token, "PATCH", "/v1/users", { external_user_id: "shared-ext", tier: "premium" }),
        await api(server.url, token, "DELETE", `/v1/users/${member.id}`),
      ];
      for (const r of attempts) {
        expect(r.status, who).toBe(404);
        expect(r.body.error.code, who).toBe("user_not_found");
      }
    }
    const still = await api(server.url, a.token, "GET", `/v1/users/${member.id}`);
    expect(still.status).toBe(200);
    expect(still.body.tier).toBe("free");
    expect(still.body.updated_at).toBe(member.updated_at);
  });

  it("never lists another partner's or environment's members, even by filter", async () => {
    const { member, outsiders } = await setup();
    for (const [who, token] of Object.entries(outsiders)) {
      for (const q of ["", `?email=${encodeURIComponent(member.email)}`, "?external_user_id=shared-ext", `?created_since=${member.created_at}`]) {
        const r = await api(server.url, token, "GET", `/v1/users${q}`);
        expect(r.status, who).toBe(200);
        expect(r.body.data.map((u: { id: string }) => u.id), `${who} ${q}`).not.toContain(member.id);
      }
    }
  });

  it("the same email and external id are separate members per partner and environment", async () => {
    const { a, member, outsiders } = await setup();
    const ids = new Set([member.id]);
    for (const [who, token] of Object.entries(outsiders)) {
      const r = await api(server.url, token, "POST", "/v1/users", { email: member.email, external_user_id: "shared-ext" });
      expect(r.status, who).toBe(201);
      expect(r.body.already_exists).toBe(false);
      ids.add(r.body.id);
      const batch = await api(server.url, token, "POST", "/v1/users/batch", { users: [{ email: member.email }] });
      expect(batch.body.data[0]).toMatchObject({ status: "already_exists", user: { id: r.body.id } });
    }
    expect(ids.size).toBe(4);
    const live = await api(server.url, outsiders["partner A live"], "GET", "/v1/users");
    expect(live.body.data).toHaveLength(1);
    expect(live.body.data[0].partner_id).toBe(a.partner.id);
  });

  it("links point at the member's own partner app", async () => {
    const { a, b } = await setup();
    const shared = email();
    const ra = await api(server.url, a.token, "POST", "/v1/users", { email: shared });
    const rb = await api(server.url, b.token, "POST", "/v1/users", { email: shared });
    expect(new URL(ra.body.sign_in_url).hostname).toBe(`${a.partner.subdomain}.perkway.test`);
    expect(new URL(rb.body.sign_in_url).hostname).toBe(`${b.partner.subdomain}.perkway.test`);
  });
});

describe("concurrency", () => {
  itOnPostgres("50 parallel creates of one email: one member, one 201 and 49 × 200", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const addr = email();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api(server.url, p.token, "POST", "/v1/users", { email: i % 2 ? addr.toUpperCase() : addr, external_user_id: "the-one" }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.body.already_exists === false)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.sign_in_url)).size).toBe(50);
    expect(await db.member.count({ where: { partnerId: p.partner.id, environment: "test" } })).toBe(1);
  });

  itOnPostgres("parallel creates of different emails with one external id: one wins, the others get 409", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const results = await Promise.all(Array.from({ length: 10 }, () => api(server.url, p.token, "POST", "/v1/users", { email: email(), external_user_id: "contested" })));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === "external_user_id_taken")).toBe(true);
    expect(await db.member.count({ where: { partnerId: p.partner.id, environment: "test" } })).toBe(1);
  });
});
