// Portal analytics and overview: events sent over POST /events/track with the demo partner's keys
// show up in the KPI cards with exactly the numbers of GET /v1/analytics for the same window, and the
// chart's total equals its card (issue 53.2); the range picker, the nested funnel, CSV export; the
// overview's KPIs and checklist; axe and screenshots.
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { requireEnv } from "./env";
import { createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn, signInDemoAdmin, signInSuperAdmin, WIDTHS } from "./support";

type Keys = { public_key: string; private_key: string };
// The cards that show GET /v1/analytics' own figures; "Redemption records" is the portal's count of
// records (issue 44), checked against GET /v1/redemptions below.
const KPIS = ["total_users", "active_users", "total_deal_views", "total_redemptions", "upgrade_cta_clicks"] as const;

function demoKeys(): Keys {
  const creds = JSON.parse(fs.readFileSync(requireEnv("E2E_CREDENTIALS_FILE"), "utf8")) as { partners: { admin?: { email: string }; keys: { live: Keys } }[] };
  const admin = requireEnv("E2E_ADMIN_EMAIL").toLowerCase();
  return (creds.partners.find((p) => p.admin?.email.toLowerCase() === admin) ?? creds.partners[0]).keys.live;
}

async function token(request: APIRequestContext): Promise<string> {
  const res = await request.post("/v1/authentications", { data: demoKeys() });
  expect(res.status()).toBe(200);
  return (await res.json()).jwt_token;
}

async function v1Analytics(request: APIRequestContext, jwt: string, days: number) {
  const res = await request.get(`/v1/analytics?days=${days}`, { headers: { authorization: `Bearer ${jwt}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<(typeof KPIS)[number], number> & { event_counts: Record<string, number> };
}

async function cards(page: Page) {
  const out: Record<string, number> = {};
  for (const k of KPIS) out[k] = Number(await page.getByTestId(`kpi-${k}`).getAttribute("data-value"));
  return out;
}

/** The cards and GET /v1/analytics read at the same moment agree (other specs may send events meanwhile: retry). */
async function expectCardsEqualV1(page: Page, request: APIRequestContext, jwt: string, days: number) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("kpi-total_users")).toBeVisible();
    const shown = await cards(page);
    const api = await v1Analytics(request, jwt, days);
    expect(shown).toEqual(Object.fromEntries(KPIS.map((k) => [k, api[k]])));
    // The chart shows deal views first: its total over the range is the "Deal views" card.
    await expect(page.getByTestId("events-chart")).toHaveAttribute("data-metric", "deal_detail_viewed");
    expect(Number(await page.getByTestId("chart-total").getAttribute("data-value"))).toBe(api.total_deal_views);
  }).toPass({ timeout: 30_000 });
}

test.describe("portal analytics", () => {
  test("events sent over /events/track show up in the KPI cards with the numbers of GET /v1/analytics", async ({ page, request }) => {
    // Two reload loops, a download, axe and full-page screenshots at two widths: over 60 s on 2 loaded cores.
    test.setTimeout(120_000);
    const jwt = await token(request);
    const auth = { authorization: `Bearer ${jwt}` };
    const member = await request.post("/v1/users", { headers: auth, data: { email: `analytics-${Date.now().toString(36)}@e2e.example` } });
    expect(member.status()).toBe(201);
    const userId = (await member.json()).id as string;
    const deals = (await (await request.get("/v1/deals?limit=3", { headers: auth })).json()).data as { id: string }[];
    expect(deals.length).toBeGreaterThan(0);
    const before = await v1Analytics(request, jwt, 7);

    const events = [
      { event_type: "deal_list_viewed", user_id: userId, deal_ids: deals.map((d) => d.id) },
      ...deals.map((d) => ({ event_type: "deal_detail_viewed", user_id: userId, deal_id: d.id })),
      { event_type: "instructions_viewed", user_id: userId, deal_id: deals[0].id },
      { event_type: "deal_redeemed", user_id: userId, deal_id: deals[0].id },
      { event_type: "upgrade_cta_clicked", user_id: userId },
    ];
    const sent = await request.post("/events/track", { headers: auth, data: { events } });
    expect(sent.status()).toBe(202);

    await signInDemoAdmin(page);
    await page.goto("/analytics?days=7");
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    await expectCardsEqualV1(page, request, jwt, 7);
    const shown = await cards(page);
    expect(shown.total_deal_views).toBeGreaterThanOrEqual(before.total_deal_views + deals.length);
    // The member's deal_redeemed event recorded one redemption, listed by GET /v1/redemptions.
    const records = await request.get(`/v1/redemptions?user_id=${userId}`, { headers: auth });
    expect((await records.json()).data).toHaveLength(1);
    expect(Number(await page.getByTestId("kpi-redemptions_recorded").getAttribute("data-value"))).toBeGreaterThanOrEqual(1);
    expect(shown.upgrade_cta_clicks).toBeGreaterThanOrEqual(before.upgrade_cta_clicks + 1);
    await expect(page.getByTestId("events-chart")).toBeVisible();
    await expect(page.getByTestId("top-deals")).toBeVisible();

    // Another range: the URL keeps it and the cards follow /v1 for that window.
    await page.getByRole("button", { name: "30 days" }).click();
    await expect(page).toHaveURL(/days=30/);
    await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
    await expectCardsEqualV1(page, request, jwt, 30);

    // CSV export of what is shown.
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Key figures and funnel" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^perkway-analytics-live-30d-summary\.csv$/);
    const csv = fs.readFileSync((await file.path())!, "utf8");
    expect(csv.split(/\r?\n/)[0]).toBe("section,metric,value,rate_from_previous");
    expect(csv).toContain(`kpi,total_deal_views,${(await cards(page)).total_deal_views}`);
    expect(csv).toMatch(/funnel,redeemed,\d+/);
    // Rates are rounded (a fraction to 4 decimals), never 0.3333333333333333.
    for (const line of csv.split(/\r?\n/).filter((l) => l.startsWith("funnel,"))) expect(line.split(",")[3]).toMatch(/^(\d+(\.\d{1,4})?)?$/);

    await expectAccessible(page);
    await screenshotBoth(page, "portal-analytics");
  });

  test("one event type per chart, unique members beside event counts, rounded rates in the CSV, readable at 375 px", async ({ page, request }) => {
    test.setTimeout(180_000);
    const p = createPartnerWithAdmin();
    const auth = await request.post("/v1/authentications", { data: p.keys.live });
    const headers = { authorization: `Bearer ${(await auth.json()).jwt_token}` };
    const ids: string[] = [];
    for (const who of ["ada", "bob"]) {
      const res = await request.post("/v1/users", { headers, data: { email: `${who}-${p.partner_id.slice(0, 8)}@e2e.example` } });
      expect(res.status()).toBe(201);
      ids.push((await res.json()).id);
    }
    const deals = (await (await request.get("/v1/deals?limit=2", { headers })).json()).data as { id: string }[];
    expect(deals.length).toBeGreaterThan(0);
    const [ada, bob] = ids;
    const deal = deals[0].id;
    // Ada lists twice and opens the deal three times and redeems it; Bob lists once and opens it once.
    const events = [
      ...[ada, ada, bob].map((user_id) => ({ event_type: "deal_list_viewed", user_id, deal_ids: [deal] })),
      ...[ada, ada, ada, bob].map((user_id) => ({ event_type: "deal_detail_viewed", user_id, deal_id: deal })),
      { event_type: "deal_redeemed", user_id: ada, deal_id: deal },
    ];
    expect((await request.post("/events/track", { headers, data: { events } })).status()).toBe(202);

    await page.setViewportSize(WIDTHS.phone);
    await signIn(page, p.admin.email, p.admin.password);
    await page.goto("/analytics?days=7");
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("members-any")).toHaveText("2", { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    const byType = page.getByTestId("event-types");
    await expect(byType.getByRole("row", { name: /Deal viewed/ })).toContainText(/4\s*2/);
    await expect(page.getByTestId("members-deal_detail_viewed")).toHaveText("2");
    await expect(page.getByTestId("members-deal_list_viewed")).toHaveText("2");
    await expect(page.getByTestId("members-deal_redeemed")).toHaveText("1");
    // The funnel counts member × deal pairs, nested: two members opened the deal, neither opened its
    // instructions, so Ada's "Mark as redeemed" is a record but not a funnel step.
    await expect(page.getByTestId("funnel-viewed")).toHaveText("2");
    await expect(page.getByTestId("funnel-started")).toHaveText("0");
    await expect(page.getByTestId("funnel-redeemed")).toHaveText("0");

    // The chart shows one event type, detail views first, with its events and unique members.
    const chart = page.getByTestId("events-chart");
    await expect(chart).toHaveAttribute("data-metric", "deal_detail_viewed");
    await expect(page.getByTestId("chart-totals")).toContainText(/Deal viewed, total\s*4\s*Unique members\s*2/);
    await page.getByLabel("Event shown").click();
    await page.getByRole("option", { name: "Marked redeemed" }).click();
    await expect(chart).toHaveAttribute("data-metric", "deal_redeemed");
    await expect(page.getByTestId("chart-totals")).toContainText(/Marked redeemed, total\s*1\s*Unique members\s*1/);
    await expect(chart.locator(".recharts-bar-rectangle path, .recharts-rectangle").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone.width);
    await expectAccessible(page);
    await screenshotBoth(page, "portal-analytics-chosen-metric");

    // CSV: the funnel's pairs and rates (0 of 2, then none after a zero).
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Key figures and funnel" }).click();
    const csv = fs.readFileSync((await (await download).path())!, "utf8");
    expect(csv.split(/\r?\n/)[0]).toBe("section,metric,value,rate_from_previous");
    expect(csv).toContain("funnel,viewed,2,");
    expect(csv).toContain("funnel,started,0,0");
    expect(csv).toContain("kpi,total_redemptions,1");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const types = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Events and members by type" }).click();
    const typesCsv = fs.readFileSync((await (await types).path())!, "utf8");
    expect(typesCsv).toContain("deal_detail_viewed,4,2");
    expect(typesCsv).toContain("any,8,2");
  });

  test("overview: 30-day KPIs equal GET /v1/analytics?days=30, the checklist links to each step", async ({ page, request }) => {
    const jwt = await token(request);
    await signInDemoAdmin(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    await expect(page.getByTestId("admin-email")).toHaveText(requireEnv("E2E_ADMIN_EMAIL").trim(), { ignoreCase: true });
    await expect(async () => {
      await page.reload();
      const api = await v1Analytics(request, jwt, 30);
      await expect(page.getByTestId("kpi-deal-views")).toHaveText(api.total_deal_views.toLocaleString("en"), { timeout: 1000 });
      await expect(page.getByTestId("kpi-members")).toHaveText(api.total_users.toLocaleString("en"), { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const checklist = page.getByRole("list").filter({ hasText: "First API call made" });
    for (const step of ["Keys created", "First API call made", "First member", "First deal viewed", "First redemption"]) {
      await expect(checklist.getByText(step)).toBeVisible();
    }
    // The demo partner has done every step: each item still links to where it is done.
    await expect(checklist.getByRole("link", { name: /Members/ })).toHaveAttribute("href", "/members");
    await expectAccessible(page);
    await screenshotBoth(page, "portal-overview");
  });

  test("a super admin without a partner sees the platform's entry points", async ({ page }) => {
    await signInSuperAdmin(page);
    await page.goto("/");
    await expect(page.getByTestId("admin-role")).toHaveText("Super admin");
    const main = page.getByRole("main");
    for (const name of ["Partners", "Catalogue", "Platform"]) await expect(main.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    await page.goto("/analytics");
    await expect(page.getByText("Choose a partner first")).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "portal-overview-super-admin");
  });
});
