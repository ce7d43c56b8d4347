// POST /v1/users and GET /v1/users/{id}: fields, defaults, normalization, vocabularies, errors.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ELIGIBILITY_VOCABULARIES } from "@/server/domain/enums";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const USER_KEYS = [
  "id", "partner_id", "email", "external_user_id", "idp_uid", "locale", "role", "tier", "active", "user_types", "regions",
  "eligibility_customer_type", "eligibility_company_stage", "eligibility_company_size", "eligibility_business_type",
  "eligibility_geography", "eligibility_incorporation", "eligibility_funding", "created_at", "updated_at",
];
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const email = () => `m-${randomUUID().slice(0, 12)}@example.com`;

async function partner() {
  const p = await seedPartnerWithToken(server.url, "test");
  const post = (body: unknown) => api(server.url, p.token, "POST", "/v1/users", body);
  return { ...p, post, call: (method: string, path: string, body?: unknown) => api(server.url, p.token, method, path, body) };
}

describe("POST /v1/users — create", () => {
  it("creates a member from an email alone, with the documented defaults", async () => {
    const p = await partner();
    const res = await p.post({ email: "  Ada.Lovelace@Example.COM " });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual([...USER_KEYS, "sign_in_url", "already_exists"]);
    const u = res.body;
    expect(u.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(u).toMatchObject({
      partner_id: p.partner.id,
      email: "ada.lovelace@example.com",
      external_user_id: null,
      idp_uid: null,
      locale: null,
      role: "user",
      tier: "free",
      active: true,
      user_types: [],
      regions: [],
      already_exists: false,
    });
    // Permissive dimensions get the whole vocabulary, the others nothing (docs/api.md, Visibility and eligibility).
    expect(u.eligibility_customer_type).toEqual([...ELIGIBILITY_VOCABULARIES.customer_type]);
    expect(u.eligibility_company_size).toEqual([...ELIGIBILITY_VOCABULARIES.company_size]);
    expect(u.eligibility_incorporation).toEqual([...ELIGIBILITY_VOCABULARIES.incorporation]);
    for (const d of ["company_stage", "business_type", "geography", "funding"]) expect(u[`eligibility_${d}`]).toEqual([]);
    expect(u.created_at).toMatch(ISO_MS);
    expect(u.updated_at).toBe(u.created_at);
    expect(u.sign_in_url).toMatch(new RegExp(`^https://${p.partner.subdomain}\\.perkway\\.test/auth/magic\\?token=[A-Za-z0-9_-]{43}$`));
  });

  it("stores every writable field, takes eligibility nested and returns it flat", async () => {
    const p = await partner();
    const res = await p.post({
      email: email(),
      external_user_id: "crm-42",
      idp_uid: "idp|abc",
      tier: "premium",
      user_types: ["Early-stage startup", "SME", "SME"],
      regions: ["Europe", "North America"],
      eligibility: {
        company_stage: ["Seed", "Series A"],
        business_type: ["B2B"],
        geography: ["de", " fr ", "DE"],
        funding: ["VC-backed"],
        customer_type: ["New customer"],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      external_user_id: "crm-42",
      idp_uid: "idp|abc",
      tier: "premium",
      role: "user",
      user_types: ["Early-stage startup", "SME"],
      regions: ["Europe", "North America"],
      eligibility_company_stage: ["Seed", "Series A"],
      eligibility_business_type: ["B2B"],
      eligibility_geography: ["DE", "FR"],
      eligibility_funding: ["VC-backed"],
      eligibility_customer_type: ["New customer"],
      // not sent: permissive defaults still apply per dimension
      eligibility_company_size: [...ELIGIBILITY_VOCABULARIES.company_size],
      eligibility_incorporation: [...ELIGIBILITY_VOCABULARIES.incorporation],
    });
    expect(res.body).not.toHaveProperty("eligibility");
    const got = await p.call("GET", `/v1/users/${res.body.id}`);
    expect(got.status).toBe(200);
    const { sign_in_url: _s, already_exists: _a, ...stored } = res.body;
    expect(got.body).toEqual(stored);
  });

  it("accepts every value of every vocabulary and an explicit empty list", async () => {
    const p = await partner();
    const eligibility = { ...ELIGIBILITY_VOCABULARIES, geography: ["US", "GB", "JP", "BR", "ZA", "AU"] };
    const res = await p.post({
      email: email(),
      eligibility,
      regions: ["North America", "South America", "Europe", "Middle East", "Asia", "Africa", "Oceania"],
      user_types: ["Idea stage", "Early-stage startup", "Growth-stage startup", "Scale-up", "SME"],
    });
    expect(res.status).toBe(201);
    for (const [d, values] of Object.entries(eligibility)) expect(res.body[`eligibility_${d}`]).toEqual(values);
    const empty = await p.post({ email: email(), eligibility: { customer_type: [], company_size: [] } });
    expect(empty.body.eligibility_customer_type).toEqual([]);
    expect(empty.body.eligibility_company_size).toEqual([]);
    expect(empty.body.eligibility_incorporation).toEqual([...ELIGIBILITY_VOCABULARIES.incorporation]);
  });
});

describe("POST /v1/users — existing email", () => {
  it("answers 200 already_exists with the stored member unchanged and a fresh link", async () => {
    const p = await partner();
    const addr = email();
    const first = await p.post({ email: addr, tier: "free", eligibility: { company_stage: ["Seed"] } });
    const again = await p.post({ email: addr.toUpperCase(), tier: "premium", external_user_id: "other", eligibility: { company_stage: ["Idea"] } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.already_exists).toBe(true);
    const strip = ({ sign_in_url: _s, already_exists: _a, ...u }: Record<string, unknown>) => u;
    expect(strip(again.body)).toEqual(strip(first.body));
    expect(again.body.sign_in_url).not.toBe(first.body.sign_in_url);
    expect(again.body.sign_in_url).toContain("/auth/magic?token=");
  });

  it("refuses an external_user_id that another member holds (409)", async () => {
    const p = await partner();
    await p.post({ email: email(), external_user_id: "dup-1" });
    const res = await p.post({ email: email(), external_user_id: "dup-1" });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "external_user_id_taken", param: "external_user_id" });
  });
});

describe("POST /v1/users — Idempotency-Key", () => {
  it("replays the first response for the same key and body, 409 for another body", async () => {
    const p = await partner();
    const key = randomUUID();
    const body = { email: email() };
    const first = await api(server.url, p.token, "POST", "/v1/users", body, { "idempotency-key": key });
    const replay = await api(server.url, p.token, "POST", "/v1/users", body, { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    // the same user; the sign-in link is freshly minted (stored responses hold no working token)
    expect({ ...replay.body, sign_in_url: null }).toEqual({ ...first.body, sign_in_url: null });
    expect(replay.body.sign_in_url).not.toBe(first.body.sign_in_url);
    const other = await api(server.url, p.token, "POST", "/v1/users", { email: email() }, { "idempotency-key": key });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_key_reused");
  });
});

describe("POST /v1/users — validation", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["missing email", { email: undefined }, "parameter_missing", "email"],
    ["malformed email", { email: "not-an-email" }, "parameter_invalid", "email"],
    ["email with spaces inside", { email: "a b@example.com" }, "parameter_invalid", "email"],
    ["email not a string", { email: 42 }, "parameter_invalid", "email"],
    ["unknown tier", { tier: "gold" }, "parameter_invalid", "tier"],
    ["unknown user type", { user_types: ["SME", "Unicorn"] }, "parameter_invalid", "user_types[1]"],
    ["user_types not an array", { user_types: "SME" }, "parameter_invalid", "user_types"],
    ["country code as region", { regions: ["DE"] }, "parameter_invalid", "regions[0]"],
    ["empty external_user_id", { external_user_id: "" }, "parameter_invalid", "external_user_id"],
    ["idp_uid not a string", { idp_uid: 7 }, "parameter_invalid", "idp_uid"],
    ["eligibility not an object", { eligibility: ["Seed"] }, "parameter_invalid", "eligibility"],
    ["unknown eligibility dimension", { eligibility: { revenue: ["1M"] } }, "unknown_parameter", "eligibility.revenue"],
    ["flat eligibility field", { eligibility_company_stage: ["Seed"] }, "unknown_parameter", "eligibility_company_stage"],
    ["unknown field", { nickname: "ada" }, "unknown_parameter", "nickname"],
    ["read-only id", { id: randomUUID() }, "unknown_parameter", "id"],
    ["role admin", { role: "super_admin" }, "parameter_invalid", "role"],
    ["role user", { role: "user" }, "parameter_invalid", "role"],
    ["unassigned country", { eligibility: { geography: ["DE", "XX"] } }, "parameter_invalid", "eligibility.geography[1]"],
    ["UK instead of GB", { eligibility: { geography: ["UK"] } }, "parameter_invalid", "eligibility.geography[0]"],
    ["alpha-3 country", { eligibility: { geography: ["DEU"] } }, "parameter_invalid", "eligibility.geography[0]"],
    ["case-variant vocabulary", { eligibility: { company_stage: ["seed"] } }, "parameter_invalid", "eligibility.company_stage[0]"],
  ];
  // One wrong value per vocabulary dimension, at index 1, so the param names the entry.
  for (const d of ["customer_type", "company_stage", "company_size", "business_type", "incorporation", "funding"] as const) {
    const ok = ELIGIBILITY_VOCABULARIES[d][0];
    cases.push([`bad ${d}`, { eligibility: { [d]: [ok, "Nope"] } }, "parameter_invalid", `eligibility.${d}[1]`]);
  }

  it.each(cases)("%s → 400 %s on %s", async (_name, body, code, param) => {
    const p = await partner();
    const res = await p.post({ email: "email" in body ? undefined : email(), ...body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code, param });
    expect(res.body.error.request_id).toMatch(/^req_/);
  });

  it("creates nothing when the body is invalid", async () => {
    const p = await partner();
    const addr = email();
    const bad = await p.post({ email: addr, tier: "gold" });
    expect(bad.status).toBe(400);
    const list = await p.call("GET", `/v1/users?email=${encodeURIComponent(addr)}`);
    expect(list.body.data).toEqual([]);
  });

  it("names the UK → GB mix-up in the message", async () => {
    const p = await partner();
    const res = await p.post({ email: email(), eligibility: { geography: ["uk"] } });
    expect(res.body.error.message).toContain("GB");
  });
});

describe("GET /v1/users/{id}", () => {
  it("returns exactly the User fields", async () => {
    const p = await partner();
    const created = await p.post({ email: email() });
    const res = await p.call("GET", `/v1/users/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(USER_KEYS);
  });

  it.each(["not-a-uuid", randomUUID(), "batch"])("404 user_not_found for %s", async (id) => {
    const p = await partner();
    const res = await p.call("GET", `/v1/users/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "user_not_found" });
  });

  it("needs a token", async () => {
    const res = await api(server.url, null, "GET", `/v1/users/${randomUUID()}`);
    expect(res.status).toBe(401);
  });
});
