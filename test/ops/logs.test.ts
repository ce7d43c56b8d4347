// Logs: one JSON object per line on stdout, each request's line carrying the X-Request-Id it answered
// with, and never a token, key, password or sign-in link — checked on the real stdout of a server
// process; the request id reaches the webhooks a request queues.
import { spawn } from "node:child_process";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { createLogger } from "@/server/observability/logger";
import { redactSecrets } from "@/server/observability/redact";
import { runInRequest } from "@/server/observability/request-context";
import { getToken } from "../helpers/seed";

type Child = { url: string; keys: { public_key: string; private_key: string }; lines: () => string[]; kill: () => void };

async function startChild(): Promise<Child> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/helpers/serve-api-child.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const nl = out.indexOf("\n");
      if (nl >= 0) {
        clearInterval(timer);
        resolve(out.slice(0, nl));
      }
    }, 20);
    child.once("exit", (code) => reject(new Error(`child exited ${code}`)));
  });
  const info = JSON.parse(first) as { url: string; keys: Child["keys"] };
  return { url: info.url, keys: info.keys, lines: () => out.split("\n").slice(1).filter(Boolean), kill: () => child.kill() };
}

let child: Child;
beforeAll(async () => (child = await startChild()), 60_000);
afterAll(() => child?.kill());

describe("request log lines on stdout", () => {
  it("are one JSON object per line; each request's line carries its X-Request-Id and no secret", async () => {
    const token = await getToken(child.url, child.keys);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const created = await fetch(`${child.url}/v1/users`, { method: "POST", headers, body: JSON.stringify({ email: `log-${Date.now()}@example.com`, password: "hunter2-secret" }) });
    const user = await fetch(`${child.url}/v1/users`, { method: "POST", headers, body: JSON.stringify({ email: `log2-${Date.now()}@example.com` }) });
    const userBody = (await user.json()) as { id: string; sign_in_url?: string };
    const ids = [created.headers.get("x-request-id"), user.headers.get("x-request-id")];
    const anon = await fetch(`${child.url}/v1/deals?token=leaky-query-secret`);
    ids.push(anon.headers.get("x-request-id"));
    await new Promise((r) => setTimeout(r, 300));

    const lines = child.lines();
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>); // every line is JSON
    for (const id of ids) {
      const line = parsed.find((p) => p.request_id === id && p.msg === "api_request");
      expect(line, `log line of ${id}`).toBeDefined();
      expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String), method: expect.any(String), status: expect.any(Number), duration_ms: expect.any(Number) });
    }
    expect(parsed.find((p) => p.request_id === ids[1])).toMatchObject({ route: "/v1/users", status: 201, environment: "test", partner_id: expect.any(String) });
    const all = lines.join("\n");
    for (const secret of [token, child.keys.private_key, "hunter2-secret", "leaky-query-secret", ...(userBody.sign_in_url ? [userBody.sign_in_url] : [])]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe("the logger", () => {
  it("redacts secrets by key and by shape, and adds the current request's id", () => {
    let out = "";
    const sink = new Writable({ write(chunk, _enc, done) { out += chunk.toString(); done(); } });
    const log = createLogger(sink, { LOG_LEVEL: "info" });
    runInRequest({ requestId: "req_test123", partnerId: "p1", environment: "live" }, () => {
      log.info({ headers: { authorization: "Bearer abc.def.ghi" }, password: "pw-123456", nested: { private_key: "sk_live_" + "x".repeat(40) } }, "something happened");
      log.warn({ error: "POST https://example.com/hook?token=tok-secret failed; key sk_test_" + "y".repeat(40) + " whsec_" + "z".repeat(32) }, "delivery failed");
    });
    const [a, b] = out.trim().split("\n").map((l) => JSON.parse(l));
    expect(a).toMatchObject({ level: "info", msg: "something happened", request_id: "req_test123", partner_id: "p1", environment: "live", password: "[redacted]" });
    expect(a.headers.authorization).toBe("[redacted]");
    expect(a.nested.private_key).toBe("[redacted]");
    expect(b.request_id).toBe("req_test123");
    for (const leak of ["pw-123456", "tok-secret", "x".repeat(40), "y".repeat(40), "z".repeat(32), "abc.def.ghi"]) expect(out).not.toContain(leak);
  });

  it("redactSecrets removes sign-in links' tokens, JWTs and connection-string passwords", () => {
    const line = redactSecrets(
      '{"msg":"https://acme.perkway.com/auth/magic?token=abcdef123456 eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl smtp://user:pa55word@mail:587"}',
    );
    for (const leak of ["abcdef123456", "eyJzdWIiOiJ4In0", "pa55word"]) expect(line).not.toContain(leak);
  });
});

describe("request id in background work", () => {
  it("the webhook events a request queues carry its X-Request-Id", async () => {
    const token = await getToken(child.url, child.keys);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const ep = await fetch(`${child.url}/v1/webhook-endpoints`, { method: "POST", headers, body: JSON.stringify({ url: "https://example.com/hooks", event_types: ["user.created"] }) });
    expect(ep.status).toBe(201);
    const res = await fetch(`${child.url}/v1/users`, { method: "POST", headers, body: JSON.stringify({ email: `hook-${Date.now()}@example.com` }) });
    expect(res.status).toBe(201);
    const user = (await res.json()) as { id: string };
    const rows = await db.$queryRawUnsafe<{ request_id: string | null }[]>(
      `SELECT request_id FROM webhook_events WHERE type = 'user.created' AND payload::text LIKE $1`,
      `%${user.id}%`,
    );
    expect(rows).toEqual([{ request_id: res.headers.get("x-request-id") }]);
  });
});
