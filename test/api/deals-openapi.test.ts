// Every deals / partner-deals / rules / codes endpoint, success and error responses, validated
// against the OpenAPI document the app serves (status documented, body matches its schema).
import { afterAll, beforeAll, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";
import { openApiProblems } from "../helpers/openapi-validate";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

it("answers every deal endpoint as documented", async () => {
  const p = await seedPartnerWithToken(server.url, "live", { regions: ["Europe"] });
  const member = await createTestMember({ partnerId: p.partner.id, environment: "live" });
  const { category, ids, slugs } = await seedServicepassDeals([
    { visibility_rules: [{ rule_type: "include_region", rule_value: ["Europe"], priority: 1 }], redemption: { method: "unique_code" }, codes: ["OA-1"] },
    { status: "coming_soon", redemption: null },
  ]);
  const problems: string[] = [];
  const seen = new Set<string>();
  const call = async (method: string, path: string, body?: unknown, expectStatus?: number) => {
    const res = await api(server.url, p.token, method, path, body);
    if (expectStatus !== undefined) expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(expectStatus);
    problems.push(...openApiProblems(method, path, res));
    seen.add(`${method} ${res.status}`);
    return res.body;
  };
  const spId = ids[slugs[0]];
  await call("GET", `/v1/deals?category=${category}`, undefined, 200);
  await call("GET", `/v1/deals?category=${category}&user_id=${member.id}&sort=value&limit=1`, undefined, 200);
  await call("GET", "/v1/deals?limit=0", undefined, 400);
  await call("GET", `/v1/deals?user_id=${crypto.randomUUID()}`, undefined, 404);
  await call("GET", `/v1/deals/${spId}`, undefined, 200);
  await call("GET", `/v1/deals/${crypto.randomUUID()}`, undefined, 404);
  await call("GET", `/v1/deals/${spId}/instructions?user_id=${member.id}`, undefined, 200);
  await call("GET", `/v1/deals/${ids[slugs[1]]}/instructions?user_id=${member.id}`, undefined, 403);
  await call("GET", `/v1/deals/${spId}/instructions`, undefined, 400);

  const deal = await call("POST", "/v1/partner-deals", { product_name: "OA", short_description: "x", redemption: { method: "unique_code" }, categories: [category] }, 201);
  await call("POST", "/v1/partner-deals", { product_name: "OA" }, 400);
  await call("GET", "/v1/partner-deals?limit=1", undefined, 200);
  await call("GET", `/v1/partner-deals/${deal.id}`, undefined, 200);
  await call("PATCH", `/v1/partner-deals/${deal.id}`, { status: "live" }, 422);
  await call("PATCH", `/v1/partner-deals/${deal.id}`, { status: "paused" }, 409);
  await call("POST", `/v1/partner-deals/${deal.id}/codes`, { codes: ["C1"] }, 200);
  await call("GET", `/v1/partner-deals/${deal.id}/codes`, undefined, 200);
  await call("PATCH", `/v1/partner-deals/${deal.id}`, { status: "live", product_name: "OA2" }, 200);
  const m2 = await createTestMember({ partnerId: p.partner.id, environment: "live" });
  await call("GET", `/v1/deals/${deal.id}/instructions?user_id=${member.id}`, undefined, 200);
  await call("GET", `/v1/deals/${deal.id}/instructions?user_id=${m2.id}`, undefined, 409);
  const rule = await call("POST", `/v1/partner-deals/${deal.id}/visibility-rules`, { rule_type: "exclude_region", rule_value: ["Asia"] }, 201);
  await call("GET", `/v1/partner-deals/${deal.id}/visibility-rules`, undefined, 200);
  await call("PATCH", `/v1/partner-deals/${deal.id}/visibility-rules/${rule.id}`, { priority: 3 }, 200);
  await call("DELETE", `/v1/partner-deals/${deal.id}/visibility-rules/${rule.id}`, undefined, 200);
  await call("DELETE", `/v1/partner-deals/${deal.id}/visibility-rules/${rule.id}`, undefined, 404);
  await call("DELETE", `/v1/partner-deals/${deal.id}`, undefined, 409);
  const draft = await call("POST", "/v1/partner-deals", { product_name: "OA draft", short_description: "x", redemption: { method: "steps" } }, 201);
  await call("DELETE", `/v1/partner-deals/${draft.id}`, undefined, 200);
  expect(problems).toEqual([]);
  expect(seen.size).toBeGreaterThan(8);
});
