// The lean door (docs/decisions/two-doors.md): the product server's request listener (src/server/server.ts,
// the same in `npm start` and `npm run dev`) sends /v1 and /events/track to the API route table and
// everything else to Next. The same requests through it and through the test server
// (test/helpers/api-server.ts) give the same status, headers and bodies, and Next never sees an API
// path. The Next door's route handlers call the same handler (test/ops/deployment.test.ts runs both).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type HttpListener } from "@/server/http/request-listener";
import { productRequestListener } from "@/server/server";
import { seedPartnerWithToken } from "../helpers/seed";
import { startApiServer, type TestServer } from "../helpers/api-server";

let product: HttpListener;
let testDoor: TestServer;
const nextSaw: string[] = [];
let token: string;

beforeAll(async () => {
  product = await listenHttp(
    productRequestListener((req, res) => {
      nextSaw.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/html" }).end("<p>next</p>");
    }),
  );
  testDoor = await startApiServer();
  token = (await seedPartnerWithToken(testDoor.url, "test")).token;
});
afterAll(async () => {
  await product?.close();
  await testDoor?.close();
});

// Headers that differ per request by nature (time, id, bucket state).
const VOLATILE = new Set(["date", "x-request-id", "ratelimit-remaining", "ratelimit-reset", "connection", "keep-alive"]);

async function snapshot(base: string, method: string, p: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(base + p, { method, headers: init.headers, body: init.body });
  const headers = Object.fromEntries([...res.headers].filter(([k]) => !VOLATILE.has(k)));
  // A compressed body's length follows its request id; the decoded bodies are compared below.
  if (headers["content-encoding"]) delete headers["content-length"];
  const text = (await res.text()).replace(/req_[A-Za-z0-9_-]+/g, "req_*");
  return { status: res.status, headers, body: text };
}

describe("one door for /v1 and /events/track", () => {
  const auth = () => ({ authorization: `Bearer ${token}` });
  const cases: [string, string, () => { headers?: Record<string, string>; body?: string }][] = [
    ["GET", "/v1/openapi.json", () => ({})],
    ["GET", "/v1/deals?limit=3", () => ({ headers: auth() })],
    ["GET", "/v1/deals?limit=0", () => ({ headers: auth() })],
    ["GET", "/v1/users", () => ({})],
    ["GET", "/v1/users", () => ({ headers: { authorization: "Bearer nope" } })],
    ["DELETE", "/v1/deals", () => ({ headers: auth() })],
    ["OPTIONS", "/v1/users", () => ({})],
    ["GET", "/v1/nothing-here", () => ({})],
    ["GET", "/v1", () => ({})],
    ["POST", "/events/track", () => ({ headers: { ...auth(), "content-type": "text/plain" }, body: "x" })],
    ["POST", "/v1/users", () => ({ headers: { ...auth(), "content-type": "application/json" }, body: "{" })],
  ];

  for (const [method, p, init] of cases) {
    it(`${method} ${p}: same status, headers and body through both doors`, async () => {
      const a = await snapshot(product.url, method, p, init());
      const b = await snapshot(testDoor.url, method, p, init());
      expect(a).toEqual(b);
      expect(a.headers["x-content-type-options"], "nosniff on every API response").toBe("nosniff");
    });
  }

  it("Next sees only the other paths", async () => {
    const before = nextSaw.length;
    await fetch(`${product.url}/v1/deals`);
    await fetch(`${product.url}/events/track`, { method: "POST" });
    expect(nextSaw.length).toBe(before);
    for (const p of ["/", "/v1x", "/deals", "/events"]) {
      const res = await fetch(product.url + p);
      expect(await res.text(), p).toBe("<p>next</p>");
    }
    expect(nextSaw.slice(before)).toEqual(["/", "/v1x", "/deals", "/events"]);
  });

  it("a hostile Host header gets the error body on the product server too", async () => {
    const http = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: product.port, path: "/v1/deals", headers: { host: "a b" } }, (res) => (res.resume(), resolve(res.statusCode ?? 0)));
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(400);
  });

  it("Next's route handlers for the API export the same handler for every method (the Next door)", async () => {
    const door = await import("@/app/v1/[[...path]]/route");
    const track = await import("@/app/events/track/route");
    for (const m of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
      expect(typeof door[m], m).toBe("function");
      expect(typeof track[m], m).toBe("function");
    }
    // Through the Next door the socket is unknown: the same request answers the same (test/ops/deployment.test.ts runs next start).
    const viaNext = await door.GET(new Request("http://perkway.test/v1/deals?limit=0", { headers: { authorization: `Bearer ${token}` } }));
    const viaLean = await fetch(`${product.url}/v1/deals?limit=0`, { headers: { authorization: `Bearer ${token}` } });
    expect(viaNext.status).toBe(viaLean.status);
    expect((await viaNext.text()).replace(/req_[\w-]+/g, "req_*")).toBe((await viaLean.text()).replace(/req_[\w-]+/g, "req_*"));
  });

  it("the Next door trusts X-Forwarded-For only with TRUST_PROXY=1: without it, no per-IP limit applies to an anonymous request", async () => {
    const door = await import("@/app/v1/[[...path]]/route");
    const anonymous = () => door.GET(new Request("http://perkway.test/v1/users", { headers: { "x-forwarded-for": "198.51.100.9" } }));
    const before = process.env.TRUST_PROXY;
    try {
      delete process.env.TRUST_PROXY;
      const untrusted = await anonymous();
      expect(untrusted.status).toBe(401);
      expect(untrusted.headers.get("ratelimit-remaining"), "a client-sent X-Forwarded-For is never the IP").toBeNull();
      process.env.TRUST_PROXY = "1";
      const trusted = await anonymous();
      expect(trusted.status).toBe(401);
      expect(trusted.headers.get("ratelimit-remaining"), "behind the host's proxy the per-IP limit applies").toMatch(/^\d+$/);
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
    }
  });

  it("in front of Next's listener (next start) the Next door answers like the lean door; the socket is an IP only behind the proxy", async () => {
    const { nextDoorApiListener } = await import("@/server/rest/next-door");
    const front = await listenHttp(nextDoorApiListener());
    const before = process.env.TRUST_PROXY;
    try {
      // Same answer as the lean door behind the host's proxy, compression included (br is ours; Next's
      // pipeline never sends it).
      process.env.TRUST_PROXY = "1";
      const headers = { "accept-encoding": "br", "x-forwarded-for": "203.0.113.40" };
      const [viaFront, viaLean] = await Promise.all([front.url, product.url].map((base) => snapshot(base, "GET", "/v1/openapi.json", { headers })));
      expect(viaFront.headers["content-encoding"]).toBe("br");
      expect(viaFront).toEqual(viaLean);
      // The socket (127.0.0.1 here) is never taken as the client: without TRUST_PROXY no per-IP bucket.
      delete process.env.TRUST_PROXY;
      const untrusted = await fetch(`${front.url}/v1/users`, { headers: { "x-forwarded-for": "198.51.100.9" } });
      expect(untrusted.status).toBe(401);
      expect(untrusted.headers.get("ratelimit-remaining"), "neither the socket nor a client-sent header is the IP").toBeNull();
      process.env.TRUST_PROXY = "1";
      const trusted = await fetch(`${front.url}/v1/users`, { headers: { "x-forwarded-for": "198.51.100.9" } });
      expect(trusted.status).toBe(401);
      expect(trusted.headers.get("ratelimit-remaining"), "behind the host's proxy the per-IP limit applies").toMatch(/^\d+$/);
      // Behind the proxy with no usable header, the socket (the proxy), as the lean door does.
      for (const headers of [{}, { "x-forwarded-for": "1.2.3.4:5678" }] as Record<string, string>[]) {
        const [viaFront, viaLean] = await Promise.all([front.url, product.url].map((base) => fetch(`${base}/v1/users`, { headers })));
        expect(viaFront.headers.get("ratelimit-limit"), JSON.stringify(headers)).toBe(viaLean.headers.get("ratelimit-limit"));
        expect(viaFront.headers.get("ratelimit-remaining"), JSON.stringify(headers)).toMatch(/^\d+$/);
      }
      // A refusal before routing (TRACE) follows the same rule.
      expect(await traceRateLimit(front.url, { "x-forwarded-for": "198.51.100.9" })).toMatch(/^\d+$/);
      expect(await traceRateLimit(front.url, {})).toMatch(/^\d+$/);
      delete process.env.TRUST_PROXY;
      expect(await traceRateLimit(front.url, { "x-forwarded-for": "198.51.100.9" })).toBeUndefined();
      expect(await traceRateLimit(front.url, {}), "without TRUST_PROXY, not the socket either").toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
      await front.close();
    }
  });
});

/** TRACE /v1/deals (fetch cannot send it): its RateLimit-Remaining. */
function traceRateLimit(base: string, headers: Record<string, string>): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/v1/deals`, { method: "TRACE", headers }, (res) => {
      res.resume();
      expect(res.statusCode).toBe(405);
      resolve(res.headers["ratelimit-remaining"] as string | undefined);
    });
    req.on("error", reject);
    req.end();
  });
}
