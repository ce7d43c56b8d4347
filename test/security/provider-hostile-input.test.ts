// Issue 52.2: the provider endpoints, and the /v1 endpoints added after the hostile-input work, answer
// NUL, an unpaired surrogate and an oversize string in every string field (body, path, query) with 400
// and the contract's error body, never a 5xx. Real HTTP to the product's listener, with valid
// signatures (provider endpoints) and a valid token (partner endpoints), so that each request is
// refused for its hostile value only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWebhookBody } from "@/server/services/webhooks";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createMember } from "../helpers/seed-events-fixtures";
import { startProductServer } from "../helpers/product-server";

process.env.RATE_LIMIT_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_BURST = "1000000";
process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = "1000000";

let server: Awaited<ReturnType<typeof startProductServer>>;
let partner: Awaited<ReturnType<typeof seedPartnerWithToken>>;
let deal: { id: string; provider_secret: string };
let clickId: string;
let redemptionId: string;
let memberId: string;
let accessRequestId: string;

// A body value: JSON.stringify writes the lone surrogate as the escape \ud800, exactly what a hostile client sends.
const BODY_VALUES = { nul: "a\u0000b", lone: "a\ud800b", oversize: "x".repeat(100_000) } as const;
// A path or query value, already percent-encoded: the surrogate as its (invalid) UTF-8 bytes, as a client can send it.
const URL_VALUES = { nul: "a%00b", lone: "a%ED%A0%80b", oversize: "x".repeat(5_000) } as const;
type Kind = keyof typeof BODY_VALUES;
const KINDS = Object.keys(BODY_VALUES) as Kind[];

const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  server = await startProductServer();
  partner = await seedPartnerWithToken(server.url, "test");
  const created = await api(server.url, partner.token, "POST", "/v1/partner-deals", {
    product_name: "Hostile tracked deal",
    short_description: "x",
    status: "live",
    tracking_enabled: true,
    approval_required: true,
    redemption: { method: "url", redeem_url: "https://provider.example/signup?ref={{click_id}}" },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  deal = created.body;
  const member = await createMember({ partnerId: partner.partner.id, environment: "test" });
  memberId = member.id;
  const request = await api(server.url, partner.token, "POST", `/v1/deals/${deal.id}/access-requests`, { user_id: memberId });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  accessRequestId = request.body.id;
  expect((await api(server.url, partner.token, "POST", `/v1/access-requests/${accessRequestId}/approve`, {})).status).toBe(200);
  const instructions = await api(server.url, partner.token, "GET", `/v1/deals/${deal.id}/instructions?user_id=${memberId}`);
  clickId = /\/r\/(clk_[A-Za-z0-9_-]+)$/.exec(instructions.body.redeem_url)![1];
  const converted = await signed("/v1/provider/conversions", JSON.stringify({ click_id: clickId }));
  expect(converted.status, JSON.stringify(converted.body)).toBe(200);
  redemptionId = converted.body.redemption.id;
});
afterAll(async () => server?.close());

/** A provider postback with a valid signature over exactly these bytes. */
function signed(path: string, body: string) {
  return api(server.url, null, "POST", path, body, { "Perkway-Signature": signWebhookBody(deal.provider_secret, body, now()) });
}
const partnerCall = (method: string, path: string, body?: string) => api(server.url, partner.token, method, path, body);

function expect400(res: { status: number; body: any }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)?.slice(0, 300)}`).toBe(400);
  expect(res.body?.error, what).toMatchObject({ type: "invalid_request_error", code: expect.stringMatching(/^(parameter_invalid|unknown_parameter)$/), request_id: expect.stringMatching(/^req_/) });
  expect(typeof res.body.error.message, what).toBe("string");
  expect(res.body.error.param, what).toEqual(expect.any(String));
}

/** A valid body with one field replaced by `value`. */
const withField = (base: Record<string, unknown>, field: string, value: string) => JSON.stringify({ ...base, [field]: value });

describe.each(KINDS)("%s", (kind) => {
  const bodyValue = BODY_VALUES[kind];
  const urlValue = URL_VALUES[kind];

  it("POST /v1/provider/conversions: click_id, currency, external_id", async () => {
    const base = { click_id: clickId, amount: 100, currency: "USD", external_id: "cust_1" };
    for (const field of ["click_id", "currency", "external_id"]) {
      expect400(await signed("/v1/provider/conversions", withField(base, field, bodyValue)), field);
    }
  });

  it("POST /v1/provider/conversions/{id}/reverse: id, reason", async () => {
    expect400(await signed(`/v1/provider/conversions/${urlValue}/reverse`, JSON.stringify({ reason: "refund" })), "path id");
    expect400(await signed(`/v1/provider/conversions/${redemptionId}/reverse`, JSON.stringify({ reason: bodyValue })), "reason");
  });

  it("POST /v1/handoff-secret/rotate takes no body fields and no unstorable query", async () => {
    expect400(await partnerCall("POST", "/v1/handoff-secret/rotate", withField({}, "note", bodyValue)), "body field");
    if (kind !== "oversize") expect400(await partnerCall("POST", `/v1/handoff-secret/rotate?note=${urlValue}`), "query");
  });

  it("POST /v1/partner-deals/{id}/rotate-provider-secret and /v1/users/{id}/sign-in-email: id, body", async () => {
    expect400(await partnerCall("POST", `/v1/partner-deals/${urlValue}/rotate-provider-secret`), "deal path id");
    expect400(await partnerCall("POST", `/v1/partner-deals/${deal.id}/rotate-provider-secret`, withField({}, "note", bodyValue)), "rotate body field");
    expect400(await partnerCall("POST", `/v1/users/${urlValue}/sign-in-email`), "user path id");
    expect400(await partnerCall("POST", `/v1/users/${memberId}/sign-in-email`, withField({}, "note", bodyValue)), "sign-in-email body field");
  });

  it("access requests: create, decide, get and list", async () => {
    expect400(await partnerCall("POST", `/v1/deals/${urlValue}/access-requests`, JSON.stringify({ user_id: memberId })), "deal path id");
    for (const field of ["user_id", "external_user_id", "message"]) {
      expect400(await partnerCall("POST", `/v1/deals/${deal.id}/access-requests`, withField({}, field, bodyValue)), field);
    }
    for (const verb of ["approve", "decline", "withdraw"]) {
      expect400(await partnerCall("POST", `/v1/access-requests/${urlValue}/${verb}`, "{}"), `${verb} path id`);
      expect400(await partnerCall("POST", `/v1/access-requests/${accessRequestId}/${verb}`, withField({}, "note", bodyValue)), `${verb} note`);
    }
    expect400(await partnerCall("GET", `/v1/access-requests/${urlValue}`), "get path id");
    for (const q of ["status", "type", "deal_id", "user_id", "cursor"]) expect400(await partnerCall("GET", `/v1/access-requests?${q}=${urlValue}`), `list ${q}`);
  });

  it("GET /v1/redemptions: every query parameter", async () => {
    for (const q of ["user_id", "deal_id", "source", "since", "cursor"]) expect400(await partnerCall("GET", `/v1/redemptions?${q}=${urlValue}`), q);
  });
});

it("after all that, the endpoints still answer normally", async () => {
  const again = await signed("/v1/provider/conversions", JSON.stringify({ click_id: clickId }));
  expect(again.status).toBe(200);
  expect(again.body.duplicate).toBe(true);
  expect((await partnerCall("POST", "/v1/handoff-secret/rotate")).status).toBe(200);
  expect((await partnerCall("POST", "/v1/handoff-secret/rotate", "{}")).status).toBe(200);
});
