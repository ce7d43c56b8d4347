// NUL characters and unpaired surrogates are a 400 parameter_invalid naming the
// field, in bodies, query strings, codes and authentication keys, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

// JSON.stringify writes lone surrogates as \udXXX escapes, exactly what a hostile client sends.
const NUL = "x\u0000y";
const LONE = "a\ud800b";

function expectRefused(res: { status: number; body: any }, param: string) {
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid", param });
  expect(res.body.error.message).toMatch(/NUL characters or unpaired surrogates/);
}

describe("unstorable strings", () => {
  it("query parameters", async () => {
    const p = await seedPartnerWithToken(server.url);
    expectRefused(await api(server.url, p.token, "GET", "/v1/users?external_user_id=a%00b"), "external_user_id");
    expectRefused(await api(server.url, p.token, "GET", "/v1/deals?q=a%00b"), "q");
  });

  it("user bodies, on create, batch and update", async () => {
    const p = await seedPartnerWithToken(server.url);
    expectRefused(await api(server.url, p.token, "POST", "/v1/users", { email: "nul@example.com", external_user_id: NUL }), "external_user_id");
    expectRefused(await api(server.url, p.token, "POST", "/v1/users", { email: "lone@example.com", idp_uid: LONE }), "idp_uid");
    const batch = await api(server.url, p.token, "POST", "/v1/users/batch", { users: [{ email: "ok@example.com" }, { email: "b@example.com", external_user_id: NUL }] });
    expect(batch.status).toBe(200);
    expect(batch.body.data[0].status).toBe("created");
    expect(batch.body.data[1]).toMatchObject({ status: "error", error: { code: "parameter_invalid" } });
    expectRefused(await api(server.url, p.token, "PATCH", "/v1/users", { email: "ok@example.com", idp_uid: NUL }), "idp_uid");
  });

  it("partner deals, codes and rules", async () => {
    const p = await seedPartnerWithToken(server.url);
    const base = { product_name: "Deal", short_description: "Short", redemption: { method: "unique_code" } };
    for (const field of ["product_name", "short_description", "long_description", "market_value"]) {
      expectRefused(await api(server.url, p.token, "POST", "/v1/partner-deals", { ...base, [field]: NUL }), field);
    }
    expectRefused(await api(server.url, p.token, "POST", "/v1/partner-deals", { ...base, redemption: { method: "steps", instructions: LONE } }), "redemption.instructions");
    const deal = await api(server.url, p.token, "POST", "/v1/partner-deals", base);
    expect(deal.status).toBe(201);
    expectRefused(await api(server.url, p.token, "POST", `/v1/partner-deals/${deal.body.id}/codes`, { codes: ["ok", NUL] }), "codes[1]");
    expectRefused(await api(server.url, p.token, "POST", `/v1/partner-deals/${deal.body.id}/visibility-rules`, { rule_type: "include_region", rule_value: [NUL] }), "rule_value[0]");
  });

  it("authentication keys (with success:false, as every error of that endpoint)", async () => {
    const res = await api(server.url, null, "POST", "/v1/authentications", { public_key: `pk_test_${NUL}`, private_key: "sk_test_x" });
    expectRefused(res, "public_key");
    expect(res.body.success).toBe(false);
  });

  it("an unstorable object key is named too", async () => {
    const p = await seedPartnerWithToken(server.url);
    const res = await api(server.url, p.token, "POST", "/v1/users", `{"email":"k@example.com","eligibility":{"a\\u0000":["x"]}}`);
    expectRefused(res, "eligibility.a\u0000");
  });
});
