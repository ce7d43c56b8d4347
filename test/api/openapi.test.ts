// The OpenAPI 3.1 document at /v1/openapi.json: generated from the route table, so every route is
// in it with its method, security, parameters, body and the shared error responses; every schema
// in it is valid JSON Schema; and real responses of the API validate against it.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@/server/rest/routes";
import { SHARED_ERROR_CODES } from "@/server/rest/openapi/error-codes";
import { toOpenApiPath } from "@/server/rest/openapi/build-openapi-document";
import { createApiHandler } from "@/server/rest/handle-api-request";
import { rateLimitConfigFromEnv } from "@/server/http/rate-limit";
import { MemoryRateLimitStore } from "@/server/http/rate-limit-store-memory";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartner, seedPartnerWithToken } from "../helpers/seed";
import { expectMatchesOpenApi, openApiDocument, openApiProblems } from "../helpers/openapi-validate";

let server: TestServer;
let served: any;
beforeAll(async () => {
  server = await startApiServer();
  served = (await api(server.url, null, "GET", "/v1/openapi.json")).body;
});
afterAll(async () => server.close());

type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};
const op = (method: string, p: string): Operation => served.paths[toOpenApiPath(p)]?.[method.toLowerCase()];

describe("GET /v1/openapi.json", () => {
  it("is public, OpenAPI 3.1, cacheable, and is the document the app generates", async () => {
    const res = await api(server.url, null, "GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expectMatchesOpenApi("GET", "/v1/openapi.json", res);
  });

  it("names the deployment that serves it, also when APP_DOMAIN changed in the process (no stale copy)", async () => {
    const saved = { domain: process.env.APP_DOMAIN, scheme: process.env.APP_URL_SCHEME };
    try {
      for (const domain of ["deals-one.example", "deals-two.example"]) {
        process.env.APP_DOMAIN = domain;
        process.env.APP_URL_SCHEME = "https";
        const res = await api(server.url, null, "GET", "/v1/openapi.json");
        expect(res.body.servers).toEqual([expect.objectContaining({ url: `https://${domain}` })]);
      }
    } finally {
      for (const [name, value] of [["APP_DOMAIN", saved.domain], ["APP_URL_SCHEME", saved.scheme]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("has every route of the route table, with its method, once", () => {
    expect(apiRoutes.length).toBeGreaterThan(5);
    for (const route of apiRoutes) expect(op(route.method, route.path), `${route.method} ${route.path}`).toBeDefined();
    const documented = Object.entries(served.paths).flatMap(([p, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(apiRoutes.map((r) => `${r.method} ${toOpenApiPath(r.path)}`).sort());
    const operationIds = documented.map((d) => { const [m, p] = d.split(" "); return op(m, p.replace(/\{(\w+)\}/g, ":$1")).operationId; });
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it("describes authentication, parameters, bodies and the shared errors of each route", () => {
    expect(served.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    // How many routes each conditional check below reached: none would mean it was never made.
    const checked = { body: 0, idempotent: 0, errorBodies: 0 };
    for (const route of apiRoutes) {
      const o = op(route.method, route.path);
      const label = `${route.method} ${route.path}`;
      const statuses = Object.keys(o.responses);
      expect(statuses.some((s) => s.startsWith("2")), label).toBe(true);
      expect(statuses, label).toEqual(expect.arrayContaining(["429", "500"]));
      if (route.auth === "partner") {
        expect(o.security, label).toEqual([{ bearerAuth: [] }]);
        expect(statuses, label).toEqual(expect.arrayContaining(["401", "403"]));
        expect(o.responses["401"].description, label).toMatch(/authentication_required.*token_invalid.*token_expired/);
      } else {
        expect(o.security, label).toEqual([]);
      }
      if (route.docs.body) {
        expect(o.requestBody?.content["application/json"], label).toBeDefined();
        expect(statuses, label).toEqual(expect.arrayContaining(["400", "413", "415"]));
        checked.body++;
      }
      for (const key of [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1])) {
        expect(o.parameters?.find((p) => p.in === "path" && p.name === key), `${label} path parameter ${key}`).toMatchObject({ required: true });
      }
      for (const key of Object.keys(route.docs.query?.shape ?? {})) {
        expect(o.parameters?.find((p) => p.in === "query" && p.name === key), `${label} query parameter ${key}`).toBeDefined();
      }
      if (route.idempotent) {
        expect(o.parameters?.find((p) => p.in === "header" && p.name === "Idempotency-Key"), label).toBeDefined();
        expect(o.responses["409"]?.description, label).toMatch(/idempotency_key_reused/);
        checked.idempotent++;
      }
      for (const [status, response] of Object.entries(o.responses)) {
        if (Number(status) >= 400) {
          expect(response.content?.["application/json"]?.schema, `${label} ${status}`).toBeDefined();
          checked.errorBodies++;
        }
      }
    }
    expect(Object.values(checked).every((n) => n > 0), JSON.stringify(checked)).toBe(true);
    expect(op("POST", "/v1/authentications").responses["401"].content!["application/json"].schema).toEqual({ $ref: "#/components/schemas/AuthenticationError" });
  });

  it("every schema in it is valid JSON Schema (2020-12)", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(served, "doc.json");
    let compiled = 0;
    for (const [p, item] of Object.entries(served.paths)) {
      for (const [m, o] of Object.entries(item as Record<string, Operation>)) {
        const pointers = [
          ...Object.keys(o.responses).filter((s) => o.responses[s].content).map((s) => ["paths", p, m, "responses", s, "content", "application/json", "schema"]),
          ...(o.requestBody ? [["paths", p, m, "requestBody", "content", "application/json", "schema"]] : []),
        ];
        for (const parts of pointers) {
          const ref = "doc.json#/" + parts.map((x) => x.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
          expect(() => ajv.getSchema(ref), ref).not.toThrow();
          expect(ajv.getSchema(ref), ref).toBeTypeOf("function");
          compiled++;
        }
      }
    }
    expect(compiled).toBeGreaterThan(apiRoutes.length * 4);
  });

  it("lists the shared error codes, and docs/api.md documents every error code of the document", () => {
    const guide = fs.readFileSync(path.resolve("docs/api.md"), "utf8");
    for (const code of Object.keys(SHARED_ERROR_CODES)) expect(served["x-error-codes"][code], code).toBeDefined();
    for (const code of Object.keys(served["x-error-codes"])) {
      expect(guide, `docs/api.md must document ${code}`).toContain(`\`${code}\``);
    }
  });
});

describe("docs/api.md", () => {
  it("documents every endpoint of the route table", () => {
    const guide = fs.readFileSync(path.resolve("docs/api.md"), "utf8");
    for (const r of apiRoutes) {
      const documented = `${r.method} ${r.path.replace(/:([a-z_]+)/g, "{$1}")}`;
      expect(guide.includes(documented), `docs/api.md must mention ${documented}`).toBe(true);
    }
  });
});

describe("responses validate against the document", () => {
  it("the helper reports mismatches (so that a passing check means something)", () => {
    expect(openApiProblems("POST", "/v1/authentications", { status: 200, body: { success: true, jwt_token: "x", expires_at: "yesterday", partner_id: "x", extra: 1 } }).length).toBeGreaterThanOrEqual(3);
    expect(openApiProblems("POST", "/v1/authentications", { status: 418, body: {} })[0]).toMatch(/not documented/);
    expect(openApiProblems("GET", "/v1/users/123", { status: 200, body: { id: 1 } }).length).toBeGreaterThan(0);
    expect(openApiProblems("GET", "/v1/nope", { status: 200, body: {} })[0]).toMatch(/no path/);
    expect(openApiProblems("GET", "/v1/users", { status: 200, body: { data: [], has_more: false, next_cursor: null }, headers: new Headers() })[0]).toMatch(/X-Request-Id missing/);
  });

  it("a tour of the API: each response matches its documented status and schema", async () => {
    const { keys } = await seedPartner();
    const seen: [string, string, Awaited<ReturnType<typeof api>>][] = [];
    const hit = async (token: string | null, method: string, p: string, body?: unknown, headers?: Record<string, string>) => {
      const res = await api(server.url, token, method, p, body, headers);
      seen.push([method, p, res]);
      return res;
    };
    const auth = await hit(null, "POST", "/v1/authentications", keys.test);
    const token = auth.body.jwt_token as string;
    await hit(null, "POST", "/v1/authentications", { public_key: keys.test.public_key });
    await hit(null, "POST", "/v1/authentications", { ...keys.test, private_key: keys.live.private_key });
    await hit(null, "POST", "/v1/authentications", "x=y", { "content-type": "text/plain" });
    const email = `tour-${randomUUID().slice(0, 8)}@example.com`;
    const created = await hit(token, "POST", "/v1/users", { email, regions: ["Europe"], eligibility: { company_stage: ["Seed"] } }, { "idempotency-key": randomUUID() });
    await hit(token, "POST", "/v1/users", { email });
    await hit(token, "POST", "/v1/users", { email: "not-an-email" });
    await hit(token, "GET", "/v1/users?limit=2");
    await hit(token, "GET", `/v1/users/${created.body.id}`);
    await hit(token, "GET", `/v1/users/${randomUUID()}`);
    await hit(token, "PATCH", `/v1/users/${created.body.id}`, { tier: "premium" });
    await hit(token, "GET", "/v1/deals?limit=5");
    await hit(token, "GET", `/v1/deals/${randomUUID()}`);
    const deal = await hit(token, "POST", "/v1/partner-deals", { product_name: "Tour deal", short_description: "tour", redemption: { method: "url", redeem_url: "https://example.com/r" } });
    await hit(token, "PATCH", `/v1/partner-deals/${deal.body.id}`, { status: "live" });
    await hit(token, "GET", `/v1/deals/${deal.body.id}/instructions?user_id=${created.body.id}`);
    await hit(token, "POST", "/events/track", { event_type: "deal_detail_viewed", user_id: created.body.id, deal_id: deal.body.id });
    await hit(token, "GET", "/v1/analytics?days=7");
    await hit(token, "GET", "/v1/analytics?days=0");
    await hit(null, "GET", "/v1/users");
    await hit("forged.token.here", "GET", "/v1/users");
    expect(auth.status).toBe(200);
    expect(new Set(seen.map(([, , r]) => r.status))).toEqual(new Set([200, 201, 202, 400, 401, 404, 415]));
    for (const [method, p, res] of seen) expectMatchesOpenApi(method, p, res);
  });

  it("429 and 403 responses match too", async () => {
    const limits = { ...rateLimitConfigFromEnv({}), partner: { perMinute: 1, burst: 1 } };
    const limited = await startApiServer(createApiHandler({ rateLimits: limits, rateLimitStore: new MemoryRateLimitStore() }));
    try {
      const { token } = await seedPartnerWithToken(server.url, "live");
      expectMatchesOpenApi("GET", "/v1/deals", await api(limited.url, token, "GET", "/v1/deals"));
      const res = await api(limited.url, token, "GET", "/v1/deals");
      expect(res.status).toBe(429);
      expectMatchesOpenApi("GET", "/v1/deals", res);
    } finally {
      await limited.close();
    }
    const inactive = await seedPartnerWithToken(server.url, "test");
    const { updatePartner } = await import("@/server/services/partners");
    await updatePartner("operator", inactive.partner.id, { active: false });
    const res = await api(server.url, inactive.token, "GET", "/v1/analytics");
    expect(res.status).toBe(403);
    expectMatchesOpenApi("GET", "/v1/analytics", res);
  });
});
