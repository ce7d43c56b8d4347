// Idempotency-Key over real HTTP (docs/api.md, Idempotency): replay of the first status and body with
// Idempotent-Replayed: true, 409 idempotency_key_reused for another body, concurrent requests with
// one key run the handler once, keys scoped per (partner, environment), failed requests release the
// key, records expire after 24 hours. On the real POST /v1/users and on probe routes of this file.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "@/server/http/api-route";
import { apiRoutes } from "@/server/rest/routes";
import { db } from "../helpers/db";
import { AppError } from "@/server/errors/app-error";
import { createApiHandler } from "@/server/rest/handle-api-request";
import { readJsonBody } from "@/server/http/read-json-body";
import { z } from "zod";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken, seedPartner, seedPartnerWithToken } from "../helpers/seed";
import { expectMatchesOpenApi } from "../helpers/openapi-validate";

let runs = 0;
const docs = { summary: "test probe", tags: ["test"], responses: { 201: { description: "ok" } } };
const slowBody = z.object({ n: z.number() }).strict();
const flakyBody = z.object({ fail: z.enum(["none", "conflict", "crash"]) }).strict();
const probes: ApiRoute[] = [
  {
    method: "POST",
    path: "/v1/_test/slow",
    auth: "partner",
    idempotent: true,
    // The body is declared: a route without one refuses any field (src/server/rest/unread-input.ts).
    docs: { ...docs, body: slowBody },
    handler: async ({ request }) => {
      const body = await readJsonBody(request, slowBody);
      const run = ++runs;
      await new Promise((r) => setTimeout(r, 300));
      return { status: 201, body: { run, n: body.n } };
    },
  },
  {
    method: "POST",
    path: "/v1/_test/flaky",
    auth: "partner",
    idempotent: true,
    docs: { ...docs, body: flakyBody },
    handler: async ({ request }) => {
      const body = await readJsonBody(request, flakyBody);
      if (body.fail === "conflict") throw new AppError("resource_conflict", "conflict");
      if (body.fail === "crash") throw new Error("boom");
      return { status: 201, body: { ok: ++runs } };
    },
  },
];

let server: TestServer;
let probeServer: TestServer;
beforeAll(async () => {
  server = await startApiServer();
  probeServer = await startApiServer(createApiHandler({ routes: [...apiRoutes, ...probes] }));
});
afterAll(async () => {
  await server.close();
  await probeServer.close();
});

const email = () => `idem-${randomUUID().slice(0, 12)}@example.com`;
const key = () => `key-${randomUUID()}`;
const withKey = (k: string) => ({ "idempotency-key": k });

/** The raw response text (byte-for-byte comparisons). */
async function fetchText(base: string, token: string, path: string, body: unknown, idempotencyKey: string) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": idempotencyKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), replayed: res.headers.get("idempotent-replayed") };
}

describe("Idempotency-Key on POST /v1/users", () => {
  it("a retry with the same key and body returns the first response, marked replayed, without running again", async () => {
    const { token } = await seedPartnerWithToken(server.url, "test");
    const k = key();
    const body = { email: email(), tier: "premium" };
    const first = await api(server.url, token, "POST", "/v1/users", body, withKey(k));
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await api(server.url, token, "POST", "/v1/users", body, withKey(k));
    expect(again.status).toBe(201); // not the 200 already_exists a second run would give
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // The same response but for the sign-in link, freshly minted: stored responses hold no token.
    const { sign_in_url: firstLink, ...firstRest } = first.body;
    const { sign_in_url: againLink, ...againRest } = again.body;
    expect(againRest).toEqual(firstRest);
    expect(againLink).not.toBe(firstLink);
    expect(againLink).toMatch(/\/auth\/magic\?token=/);
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expectMatchesOpenApi("POST", "/v1/users", again);
    // The same body in another key order and spacing is the same request.
    const reordered = await api(server.url, token, "POST", "/v1/users", `{ "tier": "premium",  "email": ${JSON.stringify(body.email)} }`, withKey(k));
    expect(reordered.headers.get("idempotent-replayed")).toBe("true");
    expect(reordered.body.id).toBe(first.body.id);
    // Without a key, the endpoint runs again (200, already_exists, a fresh link).
    const unkeyed = await api(server.url, token, "POST", "/v1/users", body);
    expect(unkeyed.status).toBe(200);
    expect(unkeyed.body.sign_in_url).not.toBe(first.body.sign_in_url);
  });

  it("the same key with a different body is 409 idempotency_key_reused", async () => {
    const { token } = await seedPartnerWithToken(server.url, "test");
    const k = key();
    expect((await api(server.url, token, "POST", "/v1/users", { email: email() }, withKey(k))).status).toBe(201);
    const other = await api(server.url, token, "POST", "/v1/users", { email: email() }, withKey(k));
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ type: "invalid_request_error", code: "idempotency_key_reused", param: "Idempotency-Key" });
    expectMatchesOpenApi("POST", "/v1/users", other);
  });

  it("validates the key: 1 to 255 printable characters", async () => {
    const { token } = await seedPartnerWithToken(server.url, "test");
    const long = await api(server.url, token, "POST", "/v1/users", { email: email() }, withKey("k".repeat(256)));
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: "idempotency_key_invalid", param: "Idempotency-Key" });
    expectMatchesOpenApi("POST", "/v1/users", long);
    expect((await api(server.url, token, "POST", "/v1/users", { email: email() }, withKey("   "))).status).toBe(400);
    expect((await api(server.url, token, "POST", "/v1/users", { email: email() }, withKey("k".repeat(255)))).status).toBe(201);
  });

  it("keys are per partner and environment: the same key elsewhere is a new request", async () => {
    const a = await seedPartner();
    const b = await seedPartner();
    const tokens = { "A test": await getToken(server.url, a.keys.test), "A live": await getToken(server.url, a.keys.live), "B test": await getToken(server.url, b.keys.test) };
    const k = key();
    const body = { email: email() };
    const ids = new Set<string>();
    for (const [who, token] of Object.entries(tokens)) {
      const res = await api(server.url, token, "POST", "/v1/users", body, withKey(k));
      expect(res.status, who).toBe(201);
      expect(res.headers.get("idempotent-replayed"), who).toBeNull();
      ids.add(res.body.id);
    }
    expect(ids.size).toBe(3);
  });

  it("records expire after 24 hours: then the key runs again", async () => {
    const { partner, token } = await seedPartnerWithToken(server.url, "test");
    const k = key();
    const body = { email: email() };
    expect((await api(server.url, token, "POST", "/v1/users", body, withKey(k))).status).toBe(201);
    const record = await db.idempotencyRecord.findFirstOrThrow({ where: { partnerId: partner.id, environment: "test", key: k } });
    const ttl = record.expiresAt.getTime() - record.createdAt.getTime();
    expect(ttl).toBe(24 * 60 * 60 * 1000);
    await db.idempotencyRecord.update({ where: { id: record.id }, data: { expiresAt: new Date(Date.now() - 1000) } }); // time travel
    const later = await api(server.url, token, "POST", "/v1/users", body, withKey(k));
    expect(later.status).toBe(200); // ran again: the member exists now
    expect(later.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("Idempotency-Key semantics (probe routes)", () => {
  it("concurrent requests with one key run the handler once and all get its response", async () => {
    const { token } = await seedPartnerWithToken(server.url, "test");
    const k = key();
    const before = runs;
    const results = await Promise.all(Array.from({ length: 8 }, () => api(probeServer.url, token, "POST", "/v1/_test/slow", { n: 7 }, withKey(k))));
    expect(runs - before).toBe(1);
    for (const r of results) {
      expect(r.status).toBe(201);
      expect(r.body).toEqual(results[0].body);
    }
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(7);
  });

  it("a 4xx is stored and replayed byte for byte; a 5xx releases the key so that the retry runs", async () => {
    const { token } = await seedPartnerWithToken(server.url, "test");
    const k1 = key();
    const before = runs;
    const conflict = await fetchText(probeServer.url, token, "/v1/_test/flaky", { fail: "conflict" }, k1);
    expect(conflict.status).toBe(409);
    const replayed = await fetchText(probeServer.url, token, "/v1/_test/flaky", { fail: "conflict" }, k1);
    expect(replayed.status).toBe(409);
    expect(replayed.replayed).toBe("true");
    expect(replayed.text).toBe(conflict.text);
    const invalid = await fetchText(probeServer.url, token, "/v1/_test/flaky", { fail: "bogus" }, key());
    expect(invalid.status).toBe(400);

    const k2 = key();
    expect((await api(probeServer.url, token, "POST", "/v1/_test/flaky", { fail: "crash" }, withKey(k2))).status).toBe(500);
    const ok = await api(probeServer.url, token, "POST", "/v1/_test/flaky", { fail: "none" }, withKey(k2));
    expect(ok.status).toBe(201);
    const replay = await api(probeServer.url, token, "POST", "/v1/_test/flaky", { fail: "none" }, withKey(k2));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(ok.body);
    expect(runs - before).toBe(1);
  });

  it("the same key on another endpoint is a different request: 409", async () => {
    const { token } = await seedPartnerWithToken(server.url, "test");
    const k = key();
    expect((await api(probeServer.url, token, "POST", "/v1/_test/flaky", { fail: "none" }, withKey(k))).status).toBe(201);
    const res = await api(probeServer.url, token, "POST", "/v1/_test/slow", { fail: "none" }, withKey(k));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("idempotency_key_reused");
  });
});
