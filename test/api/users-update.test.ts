// PATCH /v1/users (identifier in the body), PATCH /v1/users/{id}, DELETE /v1/users/{id}.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { ELIGIBILITY_VOCABULARIES } from "@/server/domain/enums";
import { consumeMagicLink } from "@/server/services/members/magic-links/consume-magic-link";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const email = () => `u-${randomUUID().slice(0, 12)}@example.com`;

async function partner() {
  const p = await seedPartnerWithToken(server.url, "test");
  const call = (method: string, path: string, body?: unknown) => api(server.url, p.token, method, path, body);
  const create = async (body: Record<string, unknown> = {}) => {
    const res = await call("POST", "/v1/users", { email: email(), ...body });
    expect(res.status).toBe(201);
    return res.body;
  };
  return { ...p, call, create };
}

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("PATCH /v1/users — identifier in the body", () => {
  it.each(["id", "external_user_id", "email"] as const)("identifies the member by %s alone", async (key) => {
    const p = await partner();
    const u = await p.create({ external_user_id: `ext-${randomUUID()}` });
    await p.create(); // a bystander that must stay untouched
    const identifier = key === "email" ? { email: `  ${u.email.toUpperCase()} ` } : { [key]: u[key] };
    const res = await p.call("PATCH", "/v1/users", { ...identifier, tier: "premium", regions: ["Asia"] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, email: u.email, tier: "premium", regions: ["Asia"] });
    expect(res.body).not.toHaveProperty("sign_in_url");
    const premium = await p.call("GET", "/v1/users?tier=premium");
    expect(premium.body.data.map((x: { id: string }) => x.id)).toEqual([u.id]);
  });

  it.each([
    ["no identifier", {}],
    ["id and email", { id: "x", email: "a@example.com" }],
    ["id and external_user_id", { id: "x", external_user_id: "y" }],
    ["external_user_id and email", { external_user_id: "y", email: "a@example.com" }],
    ["all three", { id: "x", external_user_id: "y", email: "a@example.com" }],
    ["only a null external_user_id", { external_user_id: null }],
  ])("400 user_identifier_required with %s", async (_name, identifiers) => {
    const p = await partner();
    const res = await p.call("PATCH", "/v1/users", { ...identifiers, tier: "premium" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "user_identifier_required" });
  });

  it.each([
    ["id", { id: randomUUID() }],
    ["malformed id", { id: "nope" }],
    ["external_user_id", { external_user_id: "nobody" }],
    ["email", { email: "nobody@example.com" }],
  ])("404 user_not_found for an unknown %s", async (_name, identifier) => {
    const p = await partner();
    await p.create({ external_user_id: "somebody" });
    const res = await p.call("PATCH", "/v1/users", { ...identifier, tier: "premium" });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("user_not_found");
  });

  it("clears external_user_id with null next to another identifier", async () => {
    const p = await partner();
    const u = await p.create({ external_user_id: "to-clear" });
    const res = await p.call("PATCH", "/v1/users", { id: u.id, external_user_id: null });
    expect(res.status).toBe(200);
    expect(res.body.external_user_id).toBeNull();
    // The id is free again.
    const other = await p.create({ external_user_id: "to-clear" });
    expect(other.external_user_id).toBe("to-clear");
  });

  it("replaces each named eligibility dimension and keeps the others", async () => {
    const p = await partner();
    const u = await p.create({ eligibility: { company_stage: ["Seed"], funding: ["Angel"], geography: ["DE"] } });
    const res = await p.call("PATCH", "/v1/users", { id: u.id, eligibility: { company_stage: ["Series A", "Series B"], customer_type: [] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      eligibility_company_stage: ["Series A", "Series B"],
      eligibility_customer_type: [],
      eligibility_funding: ["Angel"],
      eligibility_geography: ["DE"],
      eligibility_company_size: [...ELIGIBILITY_VOCABULARIES.company_size],
      eligibility_incorporation: [...ELIGIBILITY_VOCABULARIES.incorporation],
      eligibility_business_type: [],
    });
    const second = await p.call("PATCH", "/v1/users", { email: u.email, eligibility: { geography: ["us", "ca"] } });
    expect(second.body.eligibility_geography).toEqual(["US", "CA"]);
    expect(second.body.eligibility_company_stage).toEqual(["Series A", "Series B"]);
  });

  it("keeps unnamed fields, bumps updated_at and never created_at", async () => {
    const p = await partner();
    const u = await p.create({ tier: "premium", user_types: ["SME"], idp_uid: "idp-1" });
    await new Promise((r) => setTimeout(r, 5));
    const res = await p.call("PATCH", "/v1/users", { id: u.id, regions: ["Europe"] });
    expect(res.body).toMatchObject({ tier: "premium", user_types: ["SME"], idp_uid: "idp-1", regions: ["Europe"], created_at: u.created_at });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(u.updated_at));
  });

  it("validates like POST: vocabularies, role and unknown fields", async () => {
    const p = await partner();
    const u = await p.create();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ eligibility: { funding: ["Angel", "Lottery"] } }, "parameter_invalid", "eligibility.funding[1]"],
      [{ tier: "gold" }, "parameter_invalid", "tier"],
      [{ role: "partner_admin" }, "parameter_invalid", "role"],
      [{ created_at: "2020-01-01T00:00:00.000Z" }, "unknown_parameter", "created_at"],
      [{ idp_uid: "" }, "parameter_invalid", "idp_uid"],
    ];
    for (const [body, code, param] of cases) {
      const res = await p.call("PATCH", "/v1/users", { id: u.id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code, param });
    }
    const unchanged = await p.call("GET", `/v1/users/${u.id}`);
    expect(unchanged.body.updated_at).toBe(u.updated_at);
  });

  it("with an identifier only, answers the member unchanged", async () => {
    const p = await partner();
    const u = await p.create();
    const res = await p.call("PATCH", "/v1/users", { email: u.email });
    expect(res.status).toBe(200);
    expect(res.body.updated_at).toBe(u.updated_at);
  });
});

describe("PATCH /v1/users/{id}", () => {
  it("changes email (normalized) and external_user_id", async () => {
    const p = await partner();
    const u = await p.create({ external_user_id: "a-1" });
    const res = await p.call("PATCH", `/v1/users/${u.id}`, { email: "  New.Address@Example.com", external_user_id: "a-2", tier: "premium" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, email: "new.address@example.com", external_user_id: "a-2", tier: "premium" });
    const byOld = await p.call("GET", `/v1/users?email=${encodeURIComponent(u.email)}`);
    expect(byOld.body.data).toEqual([]);
  });

  it("409 email_taken and external_user_id_taken, leaving the member unchanged", async () => {
    const p = await partner();
    const a = await p.create({ external_user_id: "ext-a" });
    const b = await p.create({ external_user_id: "ext-b" });
    const e = await p.call("PATCH", `/v1/users/${b.id}`, { email: a.email.toUpperCase(), tier: "premium" });
    expect(e.status).toBe(409);
    expect(e.body.error).toMatchObject({ type: "invalid_request_error", code: "email_taken", param: "email" });
    const x = await p.call("PATCH", `/v1/users/${b.id}`, { external_user_id: "ext-a" });
    expect(x.status).toBe(409);
    expect(x.body.error).toMatchObject({ code: "external_user_id_taken", param: "external_user_id" });
    const after = await p.call("GET", `/v1/users/${b.id}`);
    expect(after.body).toMatchObject({ email: b.email, external_user_id: "ext-b", tier: "free" });
  });

  it("accepts the member's own email and external id (no conflict with itself)", async () => {
    const p = await partner();
    const u = await p.create({ external_user_id: "self" });
    const res = await p.call("PATCH", `/v1/users/${u.id}`, { email: u.email, external_user_id: "self" });
    expect(res.status).toBe(200);
  });

  it("rejects an identifier in the body and answers 404 for an unknown id", async () => {
    const p = await partner();
    const u = await p.create();
    const withId = await p.call("PATCH", `/v1/users/${u.id}`, { id: u.id, tier: "premium" });
    expect(withId.status).toBe(400);
    expect(withId.body.error).toMatchObject({ code: "unknown_parameter", param: "id" });
    const unknown = await p.call("PATCH", `/v1/users/${randomUUID()}`, { tier: "premium" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("user_not_found");
  });
});

describe("DELETE /v1/users/{id}", () => {
  it("erases the member; a new POST of the email creates a new member", async () => {
    const p = await partner();
    const u = await p.create({ external_user_id: "gone" });
    const del = await p.call("DELETE", `/v1/users/${u.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: u.id, deleted: true });
    expect((await p.call("GET", `/v1/users/${u.id}`)).status).toBe(404);
    expect((await p.call("PATCH", `/v1/users/${u.id}`, { tier: "premium" })).status).toBe(404);
    const again = await p.call("DELETE", `/v1/users/${u.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("user_not_found");
    expect((await p.call("GET", "/v1/users")).body.data).toEqual([]);
    expect(await db.member.count({ where: { id: u.id } })).toBe(0);
    const recreated = await p.call("POST", "/v1/users", { email: u.email, external_user_id: "gone" });
    expect(recreated.status).toBe(201);
    expect(recreated.body.id).not.toBe(u.id);
  });

  it("kills the member's sign-in links", async () => {
    const p = await partner();
    const u = await p.create();
    await p.call("DELETE", `/v1/users/${u.id}`);
    await expect(consumeMagicLink(tokenOf(u.sign_in_url))).rejects.toMatchObject({ code: "magic_link_invalid" });
    expect(await db.magicLinkToken.count({ where: { memberId: u.id } })).toBe(0);
  });

  it("keeps events under the anonymous id and a claimed code claimed", async () => {
    const p = await partner();
    const u = await p.create();
    const scope = { partnerId: p.partner.id, environment: "test" as const };
    const deal = await db.deal.create({
      data: { slug: `d-${randomUUID()}`, productName: "Deal", shortDescription: "x", dealType: "partner_private", ownerPartnerId: p.partner.id, environment: "test", redemptionMethod: "unique_code" },
    });
    const claimedAt = new Date();
    await db.uniqueCode.create({ data: { dealId: deal.id, environment: "test", code: "CODE-1", memberId: u.id, claimedAt } });
    await db.event.createMany({
      data: [
        { ...scope, eventType: "deal_detail_viewed", memberId: u.id, dealId: deal.id, occurredAt: new Date() },
        { ...scope, eventType: "deal_redeemed", memberId: u.id, dealId: deal.id, occurredAt: new Date() },
      ],
    });
    const del = await p.call("DELETE", `/v1/users/${u.id}`);
    expect(del.status).toBe(200);
    const events = await db.event.findMany({ where: { partnerId: p.partner.id } });
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.memberId === u.id)).toBe(true);
    const code = await db.uniqueCode.findFirstOrThrow({ where: { dealId: deal.id } });
    expect(code.memberId).toBeNull();
    expect(code.claimedAt?.toISOString()).toBe(claimedAt.toISOString());
  });

  it("drops stored idempotent responses that carry the member, and only those", async () => {
    const p = await partner();
    const u = await p.create();
    const other = await p.create();
    const base = { partnerId: p.partner.id, environment: "test" as const, method: "POST", path: "/v1/users", requestHash: "h", responseStatus: 201, expiresAt: new Date(Date.now() + 86_400_000) };
    await db.idempotencyRecord.createMany({
      data: [
        { ...base, key: `k-${randomUUID()}`, responseText: JSON.stringify({ id: u.id, email: u.email }) },
        { ...base, key: `k-${randomUUID()}`, responseText: JSON.stringify({ id: other.id, email: other.email }) },
      ],
    });
    await p.call("DELETE", `/v1/users/${u.id}`);
    const left = await db.idempotencyRecord.findMany({ where: { partnerId: p.partner.id } });
    expect(left.map((r) => (JSON.parse(r.responseText!) as { id: string }).id)).toEqual([other.id]);
  });
});
