// Helpers of the hosted-app specs: the demo partner's API keys, members created through /v1, the
// member's list as GET /v1/deals?user_id= returns it, and the analytics summary.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { requireEnv } from "./env";
import { cli } from "./support";
import { embedSnippet } from "../src/lib/hosted/embed-snippet";

export type Keys = { public_key: string; private_key: string };
export type DemoPartner = { name: string; partner_id: string; subdomain: string; keys: { live: Keys; test: Keys } };

export function demoPartner(): DemoPartner {
  const creds = JSON.parse(fs.readFileSync(requireEnv("E2E_CREDENTIALS_FILE"), "utf8"));
  return creds.partners[0];
}

export function subdomainOrigin(baseURL: string | undefined, subdomain: string): string {
  const base = new URL(baseURL ?? "http://localhost:3100");
  return `${base.protocol}//${subdomain}.localhost${base.port ? `:${base.port}` : ""}`;
}

export async function apiToken(request: APIRequestContext, keys: Keys): Promise<string> {
  const res = await request.post("/v1/authentications", { data: keys });
  expect(res.status()).toBe(200);
  return (await res.json()).jwt_token;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function createMember(request: APIRequestContext, token: string, fields: Record<string, unknown> = {}) {
  const email = `member-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const res = await request.post("/v1/users", { headers: bearer(token), data: { email, ...fields } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; email: string; sign_in_url: string };
}

type ApiDeal = { id: string; product_name: string; status: string; tier: string; redemption: { method: string; promo_code: string } | null };

/** Every page of GET /v1/deals?user_id= for the member, in the API's default order. */
export async function apiDealsFor(request: APIRequestContext, token: string, userId: string): Promise<ApiDeal[]> {
  const all: ApiDeal[] = [];
  let cursor: string | null = null;
  do {
    const res: APIResponse = await request.get(`/v1/deals?user_id=${userId}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { headers: bearer(token) });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: ApiDeal[]; has_more: boolean; next_cursor: string | null };
    all.push(...body.data);
    cursor = body.has_more ? body.next_cursor : null;
  } while (cursor);
  return all;
}

export async function analytics(request: APIRequestContext, token: string) {
  const res = await request.get("/v1/analytics?days=1", { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { event_counts: Record<string, number>; total_redemptions: number; total_deal_views: number; top_deals: { deal_id: string; views: number; redemptions: number }[] };
}

/** Opens a sign-in link (any origin), checks it was not consumed by opening, and continues. */
export async function signInWithLink(page: Page, url: string, partnerName: string) {
  await page.goto(url);
  await page.getByRole("button", { name: `Continue to ${partnerName}` }).click();
  await expect(page.getByTestId("deal-list").or(page.getByText("No deals are available to you yet."))).toBeVisible();
}

/** The ids of the member's deal list as the page shows them, in order. */
export async function listedIds(page: Page): Promise<string[]> {
  return page.getByTestId("deal-list").locator(":scope > li").evaluateAll((els) => els.map((e) => e.getAttribute("data-deal-id") ?? ""));
}

/** A private deal of the partner, published (POST /v1/partner-deals). */
export async function createPrivateDeal(request: APIRequestContext, token: string, deal: Record<string, unknown>) {
  const res = await request.post("/v1/partner-deals", { headers: bearer(token), data: { status: "live", ...deal } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** The deal ids of the next deal_list_viewed the page reports (its server action's arguments). Call before navigating. */
export async function nextListViewed(page: Page): Promise<string[]> {
  const req = await page.waitForRequest((r) => r.method() === "POST" && (r.postData() ?? "").includes('"deal_list_viewed"'));
  const [input] = JSON.parse(req.postData()!) as [{ type: string; dealIds: string[] }];
  return input.dealIds;
}

/**
 * The partner's own page on another origin, with the embed snippet the portal's settings give them,
 * and that origin allowed to frame the widget. close() when done.
 */
export async function serveSnippetPage(baseURL: string | undefined, partner: { partner_id: string; subdomain: string }): Promise<{ origin: string; close: () => Promise<void> }> {
  const snippet = embedSnippet({ scheme: "http", appDomain: new URL(baseURL!).host }, partner.subdomain);
  const server = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><html lang="en"><head><title>Partner site</title></head><body><h1>Partner site</h1>${snippet}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cli("partner:update", partner.partner_id, "--json", JSON.stringify({ allowed_iframe_origins: [origin] }));
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
