// Replays byte for byte (field order too), no working sign-in token at rest, and a
// request still running after the abandonment delay is never run a second time (heartbeat).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import type { ApiRoute } from "@/server/http/api-route";
import { createApiHandler } from "@/server/rest/handle-api-request";
import { apiRoutes } from "@/server/rest/routes";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { seedPartnerWithToken } from "../helpers/seed";

// A pending claim is abandoned after 600 ms without a heartbeat here (60 s in production).
process.env.IDEMPOTENCY_ABANDONED_AFTER_MS = "600";

let runs = 0;
const slow: ApiRoute = {
  method: "POST",
  path: "/v1/_test/very-slow",
  auth: "partner",
  idempotent: true,
  docs: { summary: "probe", tags: ["test"], responses: { 201: { description: "ok" } } },
  handler: async () => {
    const run = ++runs;
    await new Promise((r) => setTimeout(r, 2_000));
    // Field order a re-serialization through jsonb would change: "z" before "a", nested too.
    return { status: 201, body: { z: run, a: { y: 1, b: [3, 1] }, m: "ü" } };
  },
};

let server: TestServer;
beforeAll(async () => (server = await startApiServer(createApiHandler({ routes: [...apiRoutes, slow] }))));
afterAll(async () => server.close());

async function post(token: string, path: string, body: unknown, key: string) {
  const res = await fetch(`${server.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text(), replayed: res.headers.get("idempotent-replayed") };
}

describe("Idempotency-Key hardening", () => {
  it("a request still running past the abandonment delay is not run twice; the replay is byte for byte", async () => {
    const { token } = await seedPartnerWithToken(server.url, "test");
    const key = `k-${randomUUID()}`;
    const before = runs;
    const first = post(token, "/v1/_test/very-slow", {}, key);
    await new Promise((r) => setTimeout(r, 1_200)); // twice the abandonment delay: only the heartbeat keeps the claim
    const second = await post(token, "/v1/_test/very-slow", {}, key);
    const a = await first;
    expect(runs - before).toBe(1);
    expect(a.text).toBe('{"z":' + (before + 1) + ',"a":{"y":1,"b":[3,1]},"m":"ü"}');
    expect(second.replayed).toBe("true");
    expect(second.text).toBe(a.text);
  });

  it("POST /v1/users stores no working sign-in token and replays a fresh one", async () => {
    const { token, partner } = await seedPartnerWithToken(server.url, "test");
    const key = `k-${randomUUID()}`;
    const body = { tier: "premium", email: `idem-${randomUUID().slice(0, 8)}@example.com` };
    const first = await post(token, "/v1/users", body, key);
    const link = JSON.parse(first.text).sign_in_url as string;
    const record = await db.idempotencyRecord.findFirstOrThrow({ where: { partnerId: partner.id, environment: "test", key } });
    expect(record.responseText).not.toContain(new URL(link).searchParams.get("token")!);
    expect(record.responseText).toContain("{{perkway:sign_in_url}}");
    const again = await post(token, "/v1/users", body, key);
    const fresh = JSON.parse(again.text).sign_in_url as string;
    expect(fresh).not.toBe(link);
    expect(again.text).toBe(first.text.replace(JSON.stringify(link), JSON.stringify(fresh)));
  });
});
