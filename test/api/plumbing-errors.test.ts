// The shared /v1 plumbing over real HTTP: request ids, the contract's error body for unknown routes
// (404), wrong methods (405), oversized bodies (413), wrong content types (415), malformed JSON and
// unknown fields (400 with param), 5xx that leak nothing, closed CORS, and the request log line.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "@/server/http/api-route";
import { apiRoutes } from "@/server/rest/routes";
import { createApiHandler } from "@/server/rest/handle-api-request";
import { requestLogLine } from "@/server/http/log-request";
import { MAX_BODY_BYTES } from "@/server/http/read-json-body";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { expectMatchesOpenApi } from "../helpers/openapi-validate";

// Probe routes that exist only in this test's handler, next to the app's real routes.
const docs = { summary: "test probe", tags: ["test"], responses: { 200: { description: "ok" } } };
const probes: ApiRoute[] = [
  {
    method: "GET",
    path: "/v1/_test/explode",
    auth: "none",
    docs,
    handler: async () => {
      throw new Error('duplicate key value violates unique constraint "members_pkey" SELECT * FROM members WHERE email = \'a@b.c\'');
    },
  },
  {
    method: "GET",
    path: "/v1/_test/unscoped",
    auth: "none",
    docs,
    // A handler of a public route that reaches for a scope must fail loudly, never run unscoped.
    handler: async (ctx) => ({ status: 200, body: { partner: ctx.scope.partnerId } }),
  },
];

let server: TestServer;
let probeServer: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  probeServer = await startApiServer(createApiHandler({ routes: [...apiRoutes, ...probes] }));
  token = (await seedPartnerWithToken(server.url, "test")).token;
});
afterAll(async () => {
  await server.close();
  await probeServer.close();
});

function expectErrorBody(res: { status: number; headers: Headers; body: any }, status: number, code: string, type = "invalid_request_error") {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.body.error).toMatchObject({ type, code, request_id: res.headers.get("x-request-id") });
  expect(typeof res.body.error.message).toBe("string");
  expect(res.body.error).toHaveProperty("param");
}

describe("request ids", () => {
  it("every response carries a fresh X-Request-Id; a client-sent one is not trusted", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await api(server.url, token, "GET", "/v1/users?limit=1", undefined, { "x-request-id": "req_client_chosen" });
      const id = res.headers.get("x-request-id")!;
      expect(id).toMatch(/^req_[A-Za-z0-9_-]{12,}$/);
      expect(id).not.toBe("req_client_chosen");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      ids.add(id);
    }
    expect(ids.size).toBe(3);
  });
});

describe("unknown routes and methods", () => {
  it("404 route_not_found as JSON, for any unknown path and method", async () => {
    for (const [method, path] of [["GET", "/v1/nope"], ["POST", "/v1/users/batch/extra"], ["GET", "/v1"], ["DELETE", "/v1/"], ["GET", "/events/track/x"]]) {
      const res = await api(server.url, token, method, path);
      expectErrorBody(res, 404, "route_not_found");
      expect(res.body.error.param).toBeNull();
    }
  });

  it("405 method_not_allowed with Allow listing the path's methods", async () => {
    const res = await api(server.url, token, "PUT", "/v1/users");
    expectErrorBody(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")!.split(", ").sort()).toEqual(["GET", "PATCH", "POST"]);
    expect(res.body.error).not.toHaveProperty("allowed_methods");
    const del = await api(server.url, token, "DELETE", "/v1/authentications");
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("POST");
  });
});

describe("bodies", () => {
  it("413 body_too_large over 1 MiB, declared or streamed (chunked), and the connection stays usable", async () => {
    const big = JSON.stringify({ email: "a@example.com", external_user_id: "x".repeat(MAX_BODY_BYTES) });
    const declared = await api(server.url, token, "POST", "/v1/users", big);
    expectErrorBody(declared, 413, "body_too_large");
    expectMatchesOpenApi("POST", "/v1/users", declared);

    const chunked = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(`${server.url}/v1/users`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "transfer-encoding": "chunked" } }, (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on("error", reject);
      for (let i = 0; i < 20; i++) req.write("x".repeat(64 * 1024)); // 1.25 MiB in chunks, no Content-Length
      req.end();
    });
    expect(chunked.status).toBe(413);
    expect(chunked.body.error.code).toBe("body_too_large");
    // Follow-up requests on the same keep-alive pool are served normally.
    for (let i = 0; i < 3; i++) expect((await api(server.url, token, "GET", "/v1/users?limit=1")).status).toBe(200);
  });

  it("415 unsupported_media_type for a body without a JSON content type", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/jsonp"]) {
      const res = await api(server.url, token, "POST", "/v1/users", JSON.stringify({ email: "a@example.com" }), { "content-type": type });
      expectErrorBody(res, 415, "unsupported_media_type");
    }
    const none = await fetch(`${server.url}/v1/users`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: new Blob([JSON.stringify({ email: "a@example.com" })]) });
    expect(none.status).toBe(415);
    const ok = await api(server.url, token, "POST", "/v1/users", { email: `ct-${randomUUID().slice(0, 8)}@example.com` }, { "content-type": "application/json; charset=utf-8" });
    expect(ok.status).toBe(201);
  });

  it("400 body_invalid for malformed JSON, an empty body, a non-object body", async () => {
    for (const body of ["{not json", "[1,2]", '"text"', "null"]) {
      const res = await api(server.url, token, "POST", "/v1/users", body, { "content-type": "application/json" });
      expectErrorBody(res, 400, "body_invalid");
      expectMatchesOpenApi("POST", "/v1/users", res);
    }
    const empty = await api(server.url, token, "POST", "/v1/users", "", { "content-type": "application/json" });
    expectErrorBody(empty, 400, "body_invalid");
  });

  it("400 unknown_parameter naming the field (dot path for nested fields)", async () => {
    const top = await api(server.url, token, "POST", "/v1/users", { email: "a@example.com", emial: "typo@example.com" });
    expectErrorBody(top, 400, "unknown_parameter");
    expect(top.body.error.param).toBe("emial");
    expectMatchesOpenApi("POST", "/v1/users", top);
    const nested = await api(server.url, token, "POST", "/v1/users", { email: "a@example.com", eligibility: { company_stage: ["Seed"], stage: ["Seed"] } });
    expectErrorBody(nested, 400, "unknown_parameter");
    expect(nested.body.error.param).toBe("eligibility.stage");
    const query = await api(server.url, token, "GET", "/v1/users?limt=5");
    expectErrorBody(query, 400, "unknown_parameter");
    expect(query.body.error.param).toBe("limt");

    // In the query of one resource and of a route that reads no query too: `user_id` is no filter of
    // GET /v1/deals/{id}, so it is refused rather than ignored (a 200 would read as "this member may").
    for (const [path, param] of [
      [`/v1/deals/00000000-0000-4000-8000-000000000000?user_id=abc`, "user_id"],
      ["/v1/analytics?day=7", "day"],
      ["/v1/openapi.json?foo=1", "foo"],
      ["/v1/partner-deals/00000000-0000-4000-8000-000000000000?foo=1", "foo"],
    ] as const) {
      const res = await api(server.url, token, "GET", path);
      expectErrorBody(res, 400, "unknown_parameter");
      expect(res.body.error.param, path).toBe(param);
    }
  });
});

describe("failures on our side", () => {
  it("500 internal_error with a generic message: no stack, SQL or internal message", async () => {
    const res = await api(probeServer.url, null, "GET", "/v1/_test/explode");
    expectErrorBody(res, 500, "internal_error", "api_error");
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/SELECT|members_pkey|duplicate key|at .*\.ts|Error:/);
  });

  it("a public route's handler cannot read a partner scope (500, never unscoped data)", async () => {
    const res = await api(probeServer.url, null, "GET", "/v1/_test/unscoped");
    expectErrorBody(res, 500, "internal_error", "api_error");
  });
});

describe("CORS is closed", () => {
  it("no Access-Control-* header on any response, whatever the Origin", async () => {
    const res = await api(server.url, token, "GET", "/v1/users?limit=1", undefined, { origin: "https://evil.example" });
    expect(res.status).toBe(200);
    for (const [name] of res.headers) expect(name).not.toMatch(/^access-control-/);
  });

  it("a preflight gets 204 with Allow and no Access-Control-Allow-*, so browsers refuse the call", async () => {
    const res = await fetch(`${server.url}/v1/users`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")!.split(", ").sort()).toEqual(["GET", "OPTIONS", "PATCH", "POST"]);
    for (const [name] of res.headers) expect(name).not.toMatch(/^access-control-/);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    const unknown = await api(server.url, null, "OPTIONS", "/v1/nope");
    expectErrorBody(unknown, 404, "route_not_found");
  });
});

describe("request log line", () => {
  it("has method, path, route, status, duration, partner, environment, request id — and no secrets or personal data", () => {
    const secret = "sk_live_" + "S".repeat(40);
    const request = new Request("http://x/v1/users?email=jane%40example.com", {
      method: "POST",
      headers: { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.secret.sig", "x-api-key": secret, "content-type": "application/json" },
      body: JSON.stringify({ email: "jane@example.com", private_key: secret }),
    });
    const line = requestLogLine({
      request,
      url: new URL(request.url),
      status: 201,
      started: performance.now() - 12.345,
      requestId: "req_abc",
      scope: { partnerId: "11111111-1111-4111-8111-111111111111", environment: "test" },
      route: "/v1/users",
    });
    expect(Object.keys(line).sort()).toEqual(["duration_ms", "environment", "method", "partner_id", "path", "request_id", "route", "status"]);
    expect(line).toMatchObject({ method: "POST", path: "/v1/users", route: "/v1/users", status: 201, partner_id: "11111111-1111-4111-8111-111111111111", environment: "test", request_id: "req_abc" });
    expect(line.duration_ms).toBeGreaterThanOrEqual(12);
    const text = JSON.stringify(line);
    for (const leak of ["eyJ", secret, "jane", "example.com"]) expect(text).not.toContain(leak);
  });
});
