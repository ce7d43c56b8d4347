import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartner } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

describe("POST /v1/authentications", () => {
  it("exchanges a test key pair for a token scoped to the sandbox", async () => {
    const { partner, keys } = await seedPartner();
    const res = await api(server.url, null, "POST", "/v1/authentications", keys.test);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["expires_at", "jwt_token", "partner_id", "success"]);
    expect(res.body.partner_id).toBe(partner.id);
    const payload = JSON.parse(Buffer.from(res.body.jwt_token.split(".")[1], "base64url").toString());
    expect(payload.env).toBe("test");
    expect(payload.exp - payload.iat).toBe(900);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("rejects a wrong private key and an unknown public key the same way", async () => {
    const { keys } = await seedPartner();
    const wrong = await api(server.url, null, "POST", "/v1/authentications", { public_key: keys.live.public_key, private_key: keys.test.private_key });
    const unknown = await api(server.url, null, "POST", "/v1/authentications", { public_key: "pk_live_" + "x".repeat(40), private_key: keys.live.private_key });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body.success).toBe(false);
      expect(r.body.error.code).toBe("invalid_credentials");
      expect(r.body.error.type).toBe("authentication_error");
    }
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
  });

  it("answers 400 body_invalid for a malformed body", async () => {
    const r = await api(server.url, null, "POST", "/v1/authentications", "{not json");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: { code: "body_invalid", type: "invalid_request_error" } });
  });
});
