// /v1/webhook-endpoints: CRUD with the conventions of every /v1 endpoint, the secret shown once,
// private targets refused without WEBHOOK_ALLOW_PRIVATE, and tenant + environment isolation.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { decryptWebhookSecret } from "@/server/services/webhooks/webhook-secret";
import { isNonPublicAddress } from "@/server/services/webhooks/address-safety";
import { sendWebhookRequest } from "@/server/services/webhooks/send-webhook-request";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartnerWithToken } from "../helpers/seed";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

const PUBLIC_URL = "https://203.0.114.7/hooks"; // a public address literal: no DNS needed
const body = (extra: Record<string, unknown> = {}) => ({ url: PUBLIC_URL, event_types: ["user.created"], ...extra });

describe("CRUD", () => {
  it("creates (secret once), lists, gets, updates, rotates and deletes", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const created = await api(server.url, p.token, "POST", "/v1/webhook-endpoints", body({ description: "CRM sync", event_types: ["user.created", "user.created", "codes.low"] }));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: PUBLIC_URL,
      description: "CRM sync",
      event_types: ["user.created", "codes.low"],
      enabled: true,
      failing_since: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_/),
    });
    const id = created.body.id;
    // Stored encrypted, never in clear; never returned again.
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row.secretEncrypted).not.toContain(created.body.secret);
    expect(decryptWebhookSecret(row.secretEncrypted)).toBe(created.body.secret);
    const got = await api(server.url, p.token, "GET", `/v1/webhook-endpoints/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    const list = await api(server.url, p.token, "GET", "/v1/webhook-endpoints");
    expect(list.body).toEqual({ data: [got.body], has_more: false, next_cursor: null });
    expect(JSON.stringify(list.body)).not.toContain("whsec_");

    const patched = await api(server.url, p.token, "PATCH", `/v1/webhook-endpoints/${id}`, { enabled: false, event_types: ["deal.redeemed"], description: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ enabled: false, event_types: ["deal.redeemed"], description: null, url: PUBLIC_URL });

    const rotated = await api(server.url, p.token, "POST", `/v1/webhook-endpoints/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const after = await db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(decryptWebhookSecret(after.secretEncrypted)).toBe(rotated.body.secret);

    const deleted = await api(server.url, p.token, "DELETE", `/v1/webhook-endpoints/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id, deleted: true });
    expect((await api(server.url, p.token, "GET", `/v1/webhook-endpoints/${id}`)).status).toBe(404);
  });

  it("pages newest first with limit and cursor", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await api(server.url, p.token, "POST", "/v1/webhook-endpoints", body())).body.id);
    const first = await api(server.url, p.token, "GET", "/v1/webhook-endpoints?limit=2");
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.has_more).toBe(true);
    const second = await api(server.url, p.token, "GET", `/v1/webhook-endpoints?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect((await api(server.url, p.token, "GET", "/v1/webhook-endpoints?limit=0")).body.error).toMatchObject({ code: "parameter_invalid", param: "limit" });
    expect((await api(server.url, p.token, "GET", "/v1/webhook-endpoints?cursor=nope!")).body.error).toMatchObject({ code: "parameter_invalid", param: "cursor" });
    expect((await api(server.url, p.token, "GET", "/v1/webhook-endpoints?status=x")).body.error).toMatchObject({ code: "unknown_parameter", param: "status" });
  });

  it("validates bodies strictly", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const cases: [unknown, string, string][] = [
      [{ event_types: ["user.created"] }, "parameter_missing", "url"],
      [{ url: PUBLIC_URL }, "parameter_missing", "event_types"],
      [body({ secret: "whsec_mine" }), "unknown_parameter", "secret"],
      [body({ url: "http://example.com/hooks" }), "parameter_invalid", "url"],
      [body({ url: "ftp://example.com/hooks" }), "parameter_invalid", "url"],
      [body({ url: "not a url" }), "parameter_invalid", "url"],
      [body({ url: "https://user:pw@example.com/hooks" }), "parameter_invalid", "url"],
      [body({ event_types: [] }), "parameter_invalid", "event_types"],
      [body({ event_types: ["user.renamed"] }), "parameter_invalid", "event_types[0]"],
      [body({ enabled: "yes" }), "parameter_invalid", "enabled"],
    ];
    for (const [b, code, param] of cases) {
      const res = await api(server.url, p.token, "POST", "/v1/webhook-endpoints", b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.error, JSON.stringify(b)).toMatchObject({ code, param });
    }
    const id = (await api(server.url, p.token, "POST", "/v1/webhook-endpoints", body())).body.id;
    const bad = await api(server.url, p.token, "PATCH", `/v1/webhook-endpoints/${id}`, { enabled: true, colour: "red" });
    expect(bad.body.error).toMatchObject({ code: "unknown_parameter", param: "colour" });
  });
});

describe("private, loopback and link-local targets", () => {
  it("are refused without WEBHOOK_ALLOW_PRIVATE, at creation and on update", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    for (const url of ["http://127.0.0.1:9/hooks", "http://localhost:9/hooks", "https://10.1.2.3/x", "https://169.254.169.254/latest/meta-data", "https://[::1]/x", "https://192.168.0.10/x", "https://[fe80::1]/x", "https://[::ffff:127.0.0.1]/x"]) {
      const res = await api(server.url, p.token, "POST", "/v1/webhook-endpoints", body({ url }));
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toMatchObject({ code: "webhook_url_not_allowed", param: "url", type: "invalid_request_error" });
      expect(res.body.error.message).toMatch(/ a private address \(this machine or an internal network\)\. Webhooks are only sent to public internet addresses\.$/);
      expect(res.body.error.message).not.toMatch(/^url: /);
    }
    const id = (await api(server.url, p.token, "POST", "/v1/webhook-endpoints", body())).body.id;
    const moved = await api(server.url, p.token, "PATCH", `/v1/webhook-endpoints/${id}`, { url: "https://172.16.0.1/x" });
    expect(moved.body.error).toMatchObject({ code: "webhook_url_not_allowed" });
    // With the operator's setting (tests, local development) they are fine.
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    expect((await api(server.url, p.token, "POST", "/v1/webhook-endpoints", body({ url: "http://127.0.0.1:9/hooks" }))).status).toBe(201);
  });

  it("are refused again when delivering (DNS may have changed since)", async () => {
    for (const url of ["http://127.0.0.1:9/x", "http://localhost:9/x", "https://[::1]/x"]) {
      const r = await sendWebhookRequest({ url, secret: "whsec_x", body: "{}" }, { timeoutMs: 2000, allowPrivate: false });
      expect(r, url).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/private, loopback or link-local/) });
    }
    expect(["8.8.8.8", "2606:4700::1111", "203.0.114.7"].map(isNonPublicAddress)).toEqual([false, false, false]);
    expect(["0.0.0.0", "100.64.1.1", "127.9.9.9", "::", "fc00::1", "::ffff:10.0.0.1", "224.0.0.1", "nonsense"].every(isNonPublicAddress)).toBe(true);
  });
});

describe("isolation", () => {
  it("another partner's or environment's endpoint is a 404 on every route", async () => {
    const a = await seedPartnerWithToken(server.url, "test");
    const b = await seedPartnerWithToken(server.url, "test");
    const aLive = await getToken(server.url, a.keys.live);
    const id = (await api(server.url, a.token, "POST", "/v1/webhook-endpoints", body())).body.id;
    for (const token of [b.token, aLive]) {
      for (const [method, path, payload] of [
        ["GET", `/v1/webhook-endpoints/${id}`, undefined],
        ["PATCH", `/v1/webhook-endpoints/${id}`, { enabled: false }],
        ["DELETE", `/v1/webhook-endpoints/${id}`, undefined],
        ["POST", `/v1/webhook-endpoints/${id}/rotate-secret`, undefined],
      ] as const) {
        const res = await api(server.url, token, method, path, payload);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error).toMatchObject({ code: "webhook_endpoint_not_found" });
      }
      expect((await api(server.url, token, "GET", "/v1/webhook-endpoints")).body.data).toEqual([]);
    }
    expect((await api(server.url, a.token, "GET", `/v1/webhook-endpoints/${id}`)).body.enabled).toBe(true);
    expect((await api(server.url, a.token, "GET", "/v1/webhook-endpoints/not-a-uuid")).status).toBe(404);
  });
});
