// POST /v1/authentications over real HTTP: the 200 of the contract, every 400/401/403/405/413/415
// case (each with the error body and success: false), no account probing, keys stored as hashes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { PRIVATE_KEY_RE, PUBLIC_KEY_RE } from "@/server/crypto/keys";
import { updatePartner } from "@/server/services/partners";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartner } from "../helpers/seed";
import { expectMatchesOpenApi } from "../helpers/openapi-validate";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const authenticate = (body: unknown, headers: Record<string, string> = {}) => api(server.url, null, "POST", "/v1/authentications", body, headers);
const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString());

function expectAuthError(res: Awaited<ReturnType<typeof authenticate>>, status: number, code: string, type: string) {
  expect(res.status).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.error).toMatchObject({ type, code, request_id: res.headers.get("x-request-id") });
  expect(typeof res.body.error.message).toBe("string");
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expectMatchesOpenApi("POST", "/v1/authentications", res);
}

describe("POST /v1/authentications: success", () => {
  it("exchanges a test key pair for a token scoped to the sandbox", async () => {
    const { partner, keys } = await seedPartner();
    const before = Date.now();
    const res = await authenticate(keys.test);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["expires_at", "jwt_token", "partner_id", "success"]);
    expect(res.body.success).toBe(true);
    expect(res.body.partner_id).toBe(partner.id);
    expect(res.body.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const expiresIn = new Date(res.body.expires_at).getTime() - before;
    expect(expiresIn).toBeGreaterThan(899_000);
    expect(expiresIn).toBeLessThanOrEqual(901_000);
    const [header, payload] = res.body.jwt_token.split(".").slice(0, 2).map(decode);
    expect(header).toMatchObject({ alg: "HS256", kid: expect.any(String) });
    // Every claim contract section 2 names, kid among them (and in the header, where JOSE looks).
    expect(payload).toMatchObject({ iss: expect.any(String), aud: expect.any(String), sub: partner.id, env: "test", jti: expect.any(String), kid: header.kid });
    expect(payload.exp - payload.iat).toBe(900);
    expect(payload.exp * 1000).toBe(new Date(res.body.expires_at).getTime());
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expectMatchesOpenApi("POST", "/v1/authentications", res);
  });

  it("gives a live token for live keys, and a new token id each time", async () => {
    const { keys } = await seedPartner();
    const a = await authenticate(keys.live);
    const b = await authenticate(keys.live);
    const [pa, pb] = [a, b].map((r) => decode(r.body.jwt_token.split(".")[1]));
    expect(pa.env).toBe("live");
    expect(pa.jti).not.toBe(pb.jti);
  });

  it("carries the rate-limit headers", async () => {
    const { keys } = await seedPartner();
    const res = await authenticate(keys.test);
    for (const h of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) expect(res.headers.get(h)).toMatch(/^\d+$/);
  });
});

describe("POST /v1/authentications: 400 body_invalid", () => {
  const cases: [string, unknown, string | null][] = [
    ["malformed JSON", "{not json", null],
    ["an empty body", "", null],
    ["a JSON array", [], null],
    ["a JSON string", '"pk_test_x"', null],
    ["JSON null", "null", null],
    ["no public_key", { private_key: "sk_test_" + "a".repeat(40) }, "public_key"],
    ["no private_key", { public_key: "pk_test_" + "a".repeat(40) }, "private_key"],
    ["a number as public_key", { public_key: 42, private_key: "sk_test_" + "a".repeat(40) }, "public_key"],
    ["an empty private_key", { public_key: "pk_test_" + "a".repeat(40), private_key: "" }, "private_key"],
    ["an unknown field", { public_key: "pk_test_" + "a".repeat(40), private_key: "sk_test_" + "a".repeat(40), environment: "live" }, "environment"],
  ];
  for (const [name, body, param] of cases) {
    it(`for ${name}`, async () => {
      const res = await api(server.url, null, "POST", "/v1/authentications", body, body === "" ? { "content-type": "application/json" } : {});
      expectAuthError(res, 400, "body_invalid", "invalid_request_error");
      expect(res.body.error.param).toBe(param);
    });
  }

  it("for a public_key longer than any key: the message says so", async () => {
    const res = await api(server.url, null, "POST", "/v1/authentications", { public_key: "pk_test_" + "a".repeat(100_000), private_key: "sk_test_" + "a".repeat(40) });
    expectAuthError(res, 400, "body_invalid", "invalid_request_error");
    expect(res.body.error).toMatchObject({ param: "public_key", message: "public_key must be at most 200 characters" });
  });

  it("for a request with no body and no content type", async () => {
    const res = await fetch(`${server.url}/v1/authentications`, { method: "POST" });
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, error: { code: "body_invalid" } });
  });
});

describe("POST /v1/authentications: 413, 415, 405", () => {
  it("415 unsupported_media_type for a non-JSON content type", async () => {
    const { keys } = await seedPartner();
    const res = await api(server.url, null, "POST", "/v1/authentications", new URLSearchParams(keys.test).toString(), { "content-type": "application/x-www-form-urlencoded" });
    expectAuthError(res, 415, "unsupported_media_type", "invalid_request_error");
  });

  it("413 body_too_large over 1 MiB", async () => {
    const res = await authenticate({ public_key: "pk_test_" + "a".repeat(1024 * 1024), private_key: "x" });
    expectAuthError(res, 413, "body_too_large", "invalid_request_error");
  });

  it("405 with Allow: POST for another method", async () => {
    const res = await api(server.url, null, "GET", "/v1/authentications");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.body).toMatchObject({ success: false, error: { code: "method_not_allowed", type: "invalid_request_error" } });
  });
});

describe("POST /v1/authentications: 401 invalid_credentials, without account probing", () => {
  it("answers every wrong pair with the same error", async () => {
    const { keys } = await seedPartner();
    const other = await seedPartner();
    const attempts = {
      "unknown public key": { public_key: "pk_live_" + "x".repeat(40), private_key: keys.live.private_key },
      "wrong private key": { public_key: keys.live.public_key, private_key: "sk_live_" + "y".repeat(40) },
      "private key of the other environment": { public_key: keys.live.public_key, private_key: keys.test.private_key },
      "test public key with the live private key": { public_key: keys.test.public_key, private_key: keys.live.private_key },
      "another partner's private key": { public_key: keys.live.public_key, private_key: other.keys.live.private_key },
      "public key given as the private key": { public_key: keys.live.public_key, private_key: keys.live.public_key },
      "not a key at all": { public_key: "hello", private_key: "world" },
    };
    const messages = new Set<string>();
    for (const [name, body] of Object.entries(attempts)) {
      const res = await authenticate(body);
      expect(res.status, name).toBe(401);
      expectAuthError(res, 401, "invalid_credentials", "authentication_error");
      expect(res.body.error.param, name).toBeNull();
      messages.add(res.body.error.message);
      // Nothing in the answer depends on whether the public key exists.
      expect(Object.keys(res.body.error).sort(), name).toEqual(["code", "message", "param", "request_id", "type"]);
    }
    expect(messages.size).toBe(1);
  });
});

describe("POST /v1/authentications: 403 partner_inactive", () => {
  it("refuses a deactivated partner's correct keys, and accepts them again once reactivated", async () => {
    const { partner, keys } = await seedPartner();
    await updatePartner("operator", partner.id, { active: false });
    const res = await authenticate(keys.live);
    expectAuthError(res, 403, "partner_inactive", "permission_error");
    await updatePartner("operator", partner.id, { active: true });
    expect((await authenticate(keys.live)).status).toBe(200);
  });

  it("still answers 401 (not 403) to wrong keys of a deactivated partner: no probing there either", async () => {
    const { partner, keys } = await seedPartner({ active: false });
    const res = await authenticate({ public_key: keys.test.public_key, private_key: "sk_test_" + "z".repeat(40) });
    expectAuthError(res, 401, "invalid_credentials", "authentication_error");
    expect(partner.active).toBe(false);
  });
});

describe("key pairs", () => {
  it("are prefix + at least 32 base62 characters, and only a hash of the private key is stored", async () => {
    const { partner, keys } = await seedPartner();
    for (const env of ["live", "test"] as const) {
      expect(keys[env].public_key).toMatch(PUBLIC_KEY_RE);
      expect(keys[env].private_key).toMatch(PRIVATE_KEY_RE);
      expect(keys[env].public_key.startsWith(`pk_${env}_`)).toBe(true);
      expect(keys[env].private_key.startsWith(`sk_${env}_`)).toBe(true);
    }
    const rows = await db.apiKeyPair.findMany({ where: { partnerId: partner.id } });
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    for (const env of ["live", "test"] as const) {
      expect(stored).not.toContain(keys[env].private_key);
      expect(stored).not.toContain(keys[env].private_key.slice(8)); // not even the random part
    }
    for (const row of rows) expect(row.privateKeyHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
