import { it, expect } from "vitest";
import { openApiDocument, openApiProblems } from "../helpers/openapi-validate";
it("doc", () => {
  const doc = openApiDocument();
  console.log(JSON.stringify(doc.paths["/v1/authentications"], null, 1).slice(0, 4000));
  console.log(Object.keys(doc.paths), Object.keys(doc.components?.schemas ?? {}));
  console.log(openApiProblems("POST", "/v1/authentications", { status: 200, body: { success: true, jwt_token: "x", expires_at: "2026-01-01T00:00:00.000Z", partner_id: "00000000-0000-4000-8000-000000000000" } }));
  console.log(openApiProblems("POST", "/v1/authentications", { status: 200, body: { success: true, jwt_token: "x", expires_at: "nope", partner_id: "x", extra: 1 } }));
  console.log(openApiProblems("POST", "/v1/authentications", { status: 401, body: { success: false, error: { type: "authentication_error", code: "x", message: "m", param: null, request_id: "req_1" } } }));
});
