// GET /healthz through the product's request listener (the one `npm start` serves), over real HTTP,
// against the test database; and the 503 a load balancer needs when the database is away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type HttpListener } from "@/server/http/request-listener";
import { healthRequestListener } from "@/server/endpoints/health";
import { productRequestListener } from "@/server/server";
import { createHealthCheck } from "@/server/services/system/check-health";

let product: HttpListener;
const nextSaw: string[] = [];

beforeAll(async () => {
  // The process's first database connection (pool, driver, through a pooler in one CI pass) can take
  // longer than the probe's 2 s on a busy machine: warm it with the product's own check first, so the
  // tests below see the check, not the cold start.
  const { checkHealth } = await import("@/server/services/system");
  for (let i = 0; i < 20 && (await checkHealth()).database !== "ok"; i++) await new Promise((r) => setTimeout(r, 1_100));
  product = await listenHttp(
    productRequestListener((req, res) => {
      nextSaw.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/html" }).end("<p>next</p>");
    }),
  );
});
afterAll(async () => product?.close());

describe("GET /healthz", () => {
  it("answers 200 with the database reachable, never cached, without Next", async () => {
    const res = await fetch(`${product.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toEqual({ status: "ok", database: "ok", checked_at: expect.any(String) });
    expect(Math.abs(Date.parse(body.checked_at) - Date.now())).toBeLessThan(60_000);

    const head = await fetch(`${product.url}/healthz?probe=lb`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(nextSaw).toEqual([]);
  });

  it("refuses other methods with the contract's error body and Allow", async () => {
    const res = await fetch(`${product.url}/healthz`, { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    const { error } = await res.json();
    expect(error).toMatchObject({ code: "method_not_allowed", request_id: expect.stringMatching(/^req_/) });
    expect(nextSaw).toEqual([]);
  });

  it("answers 503 when the database does not answer in time, or fails", async () => {
    const hanging = await listenHttp(healthRequestListener(createHealthCheck({ probe: () => new Promise(() => {}), timeoutMs: 50 })));
    const failing = await listenHttp(healthRequestListener(createHealthCheck({ probe: () => Promise.reject(new Error("ECONNREFUSED")) })));
    try {
      for (const server of [hanging, failing]) {
        const res = await fetch(`${server.url}/healthz`);
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ status: "unavailable", database: "unreachable", checked_at: expect.any(String) });
      }
    } finally {
      await hanging.close();
      await failing.close();
    }
  });
});

describe("createHealthCheck", () => {
  it("runs one probe for concurrent checks and reuses its answer while it is fresh", async () => {
    let probes = 0;
    const check = createHealthCheck({ probe: async () => void probes++, freshMs: 200 });
    const answers = await Promise.all([check(), check(), check()]);
    expect(probes).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await check();
    expect(probes).toBe(1);
    await new Promise((r) => setTimeout(r, 250));
    await check();
    expect(probes).toBe(2);
  });
});
