// Provider-confirmed redemption end to end (issue 29): a member follows a tracked deal's link in the
// hosted app (/r/{click_id} → the provider's page with the click id), a test provider confirms with
// a signed POST /v1/provider/conversions, and the partner's ROI funnel in the portal moves (clicked,
// redeemed, confirmed, value). Also: the deal's Tracking tab (secret shown once on rotation), the
// printable report, the friendly page of an unknown click; axe and screenshots at 1280 and 375 px.
import { createHmac } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { apiToken, bearer, createMember, demoPartner, subdomainOrigin } from "./hosted-support";
import { expectAccessible, screenshotBoth, signInDemoAdmin } from "./support";

const signature = (secret: string, body: string) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
};

async function roiRow(page: Page, name: string) {
  const row = page.getByTestId("roi-deals").getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole("cell");
  // Money cells read "$120": digits only.
  const n = async (i: number) => Number((await cells.nth(i).textContent())!.replace(/[^0-9.-]/g, ""));
  // Deal | Opened the deal | Started redeeming | Redeemed | Confirmed by the provider | Redemption records | Value confirmed | …
  return { viewed: await n(1), started: await n(2), redeemed: await n(3), confirmed: await n(4), records: await n(5), valueConfirmed: await n(6) };
}

test.describe("provider-confirmed redemption", () => {
  test("a member clicks a tracked deal, the provider confirms, the partner's funnel moves", async ({ page, request, baseURL, context }) => {
    test.setTimeout(240_000); // a long flow: hosted app, provider, portal pages with axe and screenshots
    const partner = demoPartner();
    const jwt = await apiToken(request, partner.keys.live);
    const name = `Tracked perk ${Date.now().toString(36)}`;
    // The "provider" is a page of the app itself (no network here): /healthz with the click id.
    const created = await request.post("/v1/partner-deals", {
      headers: bearer(jwt),
      data: { product_name: name, short_description: "A tracked perk", status: "live", est_value: 120, tracking_enabled: true, redemption: { method: "url", redeem_url: `${baseURL}/healthz?ref={{click_id}}` } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const deal = (await created.json()) as { id: string; provider_secret: string };
    expect(deal.provider_secret).toMatch(/^whsec_/);

    // The member opens the deal on the partner's host and follows the redeem link.
    const member = await createMember(request, jwt);
    const origin = subdomainOrigin(baseURL, partner.subdomain);
    await page.goto(member.sign_in_url);
    await page.getByRole("button", { name: `Continue to ${partner.name}` }).click();
    await page.goto(`${origin}/deals/${deal.id}`);
    await page.getByRole("button", { name: "Get this deal" }).click();
    // The deal's own name is isolated in the sentence (FSI … PDI, so it keeps its direction in Arabic).
    const link = page.getByRole("link", { name: new RegExp(`^Go to \u2068?${name}`) });
    await expect(link).toHaveAttribute("href", /^\/r\/clk_[A-Za-z0-9_-]+$/);
    const [provider] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await provider.waitForURL(/\/healthz\?ref=clk_/);
    const clickId = new URL(provider.url()).searchParams.get("ref")!;
    expect((await link.getAttribute("href"))!.endsWith(clickId)).toBe(true);
    await provider.close();

    // The test provider confirms, signed with the deal's provider secret.
    const body = JSON.stringify({ click_id: clickId });
    const confirm = await request.post("/v1/provider/conversions", { headers: { "content-type": "application/json", "Perkway-Signature": signature(deal.provider_secret, body) }, data: body });
    expect(confirm.status(), await confirm.text()).toBe(200);
    const confirmed = await confirm.json();
    expect(confirmed).toMatchObject({ duplicate: false, redemption: { user_id: member.id, deal_id: deal.id, source: "provider", confirmed: true } });

    // The partner's ROI funnel shows the click, the redemption and its confirmation.
    await signInDemoAdmin(page);
    await page.goto("/analytics?days=7");
    await expect(page.getByRole("heading", { name: "Return on investment" })).toBeVisible();
    await expect(async () => {
      await page.reload();
      const row = await roiRow(page, name);
      // The nested funnel: opened the deal, started (instructions, link), redeemed, confirmed.
      expect(row).toMatchObject({ started: 1, redeemed: 1, confirmed: 1, records: 1, valueConfirmed: 120 });
      expect(row.viewed).toBeGreaterThanOrEqual(1);
    }).toPass({ timeout: 30_000 });
    expect(Number((await page.getByTestId("funnel-confirmed").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId("roi-value-chart")).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "provider-analytics-roi");

    // The printable one-page report.
    await page.goto("/analytics/report?days=7");
    await expect(page.getByRole("heading", { level: 1, name: /return on investment/ })).toBeVisible();
    await expect(page.getByTestId("roi-deals").getByRole("row").filter({ hasText: name })).toHaveCount(1);
    await expectAccessible(page);
    await screenshotBoth(page, "provider-roi-report");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });

    // The deal's Tracking tab: on, with a rotation that shows the new secret once and its snippets.
    await page.goto(`/deals/own/${deal.id}`);
    await page.getByRole("tab", { name: "Tracking" }).click();
    await expect(page.getByRole("switch", { name: "Track redemptions of this deal" })).toBeChecked();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Rotate provider secret" }).click();
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const dialog = page.getByRole("dialog", { name: `Provider secret of ${name}` });
    await expect(dialog.getByTestId("provider-secret")).toHaveText(/^whsec_/);
    const rotated = (await dialog.getByTestId("provider-secret").textContent())!;
    await expect(dialog.getByRole("region", { name: "curl snippet" })).toContainText(rotated);
    await expectAccessible(page);
    await screenshotBoth(page, "provider-secret-dialog");
    await dialog.getByRole("button", { name: "I stored the secret" }).click();
    // The old secret is refused now, the new one is a duplicate of the same click.
    const old = await request.post("/v1/provider/conversions", { headers: { "content-type": "application/json", "Perkway-Signature": signature(deal.provider_secret, body) }, data: body });
    expect(old.status()).toBe(400);
    expect((await old.json()).error.code).toBe("signature_invalid");
    const again = await request.post("/v1/provider/conversions", { headers: { "content-type": "application/json", "Perkway-Signature": signature(rotated, body) }, data: body });
    expect((await again.json()).duplicate).toBe(true);

    // An unknown click: the friendly page, not an error.
    const unknown = await page.goto(`${origin}/r/clk_unknown000000000000000`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This link doesn't lead anywhere" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to your perks" })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "provider-unknown-click");
  });
});
