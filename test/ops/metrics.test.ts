// GET /metrics through the product's request listener (what `npm start` serves), over real HTTP:
// refused without the operator's token (401 with the error body), absent without METRICS_TOKEN
// (404), and on METRICS_PORT open on 127.0.0.1 only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type HttpListener } from "@/server/http/request-listener";
import { apiRequestListener } from "@/server/rest/listen-api";
import { healthRequestListener } from "@/server/endpoints/health";
import { listenMetricsPort, metricsRequestListener } from "@/server/endpoints/metrics";
import { productRequestListener } from "@/server/server";
import { readMetricsConfig } from "@/server/config/metrics-config";
import { api, seedPartnerWithToken } from "../helpers/seed";

const TOKEN = "metrics-token-0123456789abcdef";
let withToken: HttpListener;
let withoutToken: HttpListener;
const nextSaw: string[] = [];
const next = (req: { url?: string }, res: import("node:http").ServerResponse) => {
  nextSaw.push(req.url ?? "");
  res.writeHead(200, { "content-type": "text/html" }).end("<p>next</p>");
};

beforeAll(async () => {
  withToken = await listenHttp(productRequestListener(next, apiRequestListener(), healthRequestListener(), metricsRequestListener({ token: TOKEN, port: null })));
  withoutToken = await listenHttp(productRequestListener(next, apiRequestListener(), healthRequestListener(), metricsRequestListener({ token: null, port: null })));
});
afterAll(async () => {
  await withToken?.close();
  await withoutToken?.close();
});

async function errorOf(res: Response) {
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  const body = await res.json();
  expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
  return body.error as { type: string; code: string; message: string; param: string | null };
}

describe("GET /metrics on the app's port", () => {
  it("refuses an anonymous request: 401 with the error body, never the metrics", async () => {
    const res = await fetch(`${withToken.url}/metrics`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await errorOf(res)).toMatchObject({ type: "authentication_error", code: "authentication_required", param: null });
    expect(nextSaw).toEqual([]);
  });

  it("refuses a wrong token, another scheme and a partner's token", async () => {
    const { token: partnerToken } = await seedPartnerWithToken(withToken.url);
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, `Bearer ${partnerToken}`, "Bearer"]) {
      const res = await fetch(`${withToken.url}/metrics`, { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      const error = await errorOf(res);
      expect(error.type).toBe("authentication_error");
      expect(await res.text().catch(() => "")).not.toContain("perkway_");
    }
  });

  it("answers the Prometheus text with the token: request counts per route template, pool, queues, memory, event loop", async () => {
    const p = await seedPartnerWithToken(withToken.url);
    const user = await api(withToken.url, p.token, "POST", "/v1/users", { email: `m-${Date.now()}@example.com` });
    expect(user.status).toBe(201);
    expect((await api(withToken.url, p.token, "GET", `/v1/users/${user.body.id}`)).status).toBe(200);
    expect((await api(withToken.url, p.token, "GET", "/v1/users/not-a-user")).status).toBe(404);
    await fetch(`${withToken.url}/?x=1`); // a page Next serves

    const res = await fetch(`${withToken.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    // Route templates, never ids.
    expect(text).toMatch(/perkway_http_requests_total\{surface="api",route="\/v1\/users\/:id",method="GET",status="200"\} [1-9]/);
    expect(text).toMatch(/perkway_http_requests_total\{surface="api",route="\/v1\/users\/:id",method="GET",status="404"\} [1-9]/);
    expect(text).toMatch(/perkway_http_requests_total\{surface="portal",route="\/",method="GET",status="200"\} [1-9]/);
    expect(text).not.toContain(user.body.id);
    expect(text).toMatch(/perkway_http_request_duration_seconds_bucket\{le="0\.05",surface="api",route="\/v1\/users",method="POST"\}/);
    for (const name of [
      'perkway_db_pool_connections{state="in_use"}',
      'perkway_db_pool_connections{state="max"}',
      "perkway_db_pool_waiting",
      "perkway_db_statement_timeouts_total",
      'perkway_queue_depth{queue="webhooks"}',
      'perkway_queue_oldest_age_seconds{queue="webhooks"}',
      "perkway_webhook_deliveries_total",
      "perkway_webhook_delivery_duration_seconds",
      "perkway_catalog_cache_requests_total",
      "perkway_change_feed_connected",
      "perkway_rate_limit_rejections_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_p99_seconds",
    ]) {
      expect(text, name).toContain(name);
    }
    expect(nextSaw).not.toContain("/metrics");
  });

  it("answers 405 with the error body to other methods", async () => {
    const res = await fetch(`${withToken.url}/metrics`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    expect((await errorOf(res)).code).toBe("method_not_allowed");
  });

  it("does not exist without METRICS_TOKEN: 404 with the error body, token or not", async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const res = await fetch(`${withoutToken.url}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toMatchObject({ type: "invalid_request_error", code: "route_not_found" });
    }
  });
});

describe("METRICS_PORT", () => {
  it("serves the metrics without a token on 127.0.0.1 only; other paths are 404", async () => {
    const m = await listenMetricsPort(0);
    try {
      expect((m.server.address() as { address: string }).address).toBe("127.0.0.1");
      const res = await fetch(`http://127.0.0.1:${m.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("perkway_http_requests_total");
      expect((await fetch(`http://127.0.0.1:${m.port}/v1/deals`)).status).toBe(404);
    } finally {
      await m.close();
    }
  });

  it("reads METRICS_TOKEN and METRICS_PORT from the environment; a wrong port is a start-up error", () => {
    expect(readMetricsConfig({})).toEqual({ token: null, port: null });
    expect(readMetricsConfig({ METRICS_TOKEN: " abc ", METRICS_PORT: "9464" })).toEqual({ token: "abc", port: 9464 });
    expect(() => readMetricsConfig({ METRICS_PORT: "http" })).toThrow(/METRICS_PORT/);
  });
});
