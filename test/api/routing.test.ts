// Path matching edge cases of the route table (src/server/http/api-route.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

describe("path parameters", () => {
  it("a malformed percent-encoding in a path parameter is 400 on that parameter, never a 500", async () => {
    const { token } = await seedPartnerWithToken(server.url);
    const res = await api(server.url, token, "GET", "/v1/users/%E0%A4%A");
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid", param: "id" });
  });

  it("success: false is added on the authentication path only", async () => {
    const auth = await api(server.url, null, "DELETE", "/v1/authentications");
    expect(auth.status).toBe(405);
    expect(auth.body.success).toBe(false);
    const other = await api(server.url, null, "DELETE", "/v1/users");
    expect(other.status).toBe(405);
    expect(other.body).not.toHaveProperty("success");
  });
});
