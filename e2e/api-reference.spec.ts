// /docs/api: readable before any script runs (the outline is in the server's HTML), then Scalar's
// viewer from the inline document without a second request, with no document validation errors
// logged; the outline axe clean; linked from the portal's API keys and Webhooks pages.
import { expect, test } from "@playwright/test";
import { expectAccessible, screenshotBoth, signInDemoAdmin, WIDTHS } from "./support";

test.describe("API reference", () => {
  // Scalar renders the whole reference client-side: slow on a busy 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test("is readable without JavaScript: every operation and webhook event in the server's HTML", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/docs/api");
    await expect(page.getByRole("heading", { name: "Perkway API reference", level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Authentication" }).getByText("/v1/authentications")).toBeVisible();
    const webhooks = page.getByRole("region", { name: "Webhook events" });
    for (const type of ["user.created", "deal.redeemed", "codes.low", "test.ping"]) await expect(webhooks.getByText(type, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "/v1/openapi.json" })).toBeVisible();
    await screenshotBoth(page, "api-reference-outline");
    await context.close();
  });

  test("renders the viewer from the inline document: no second request, no validation errors, no failed request", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (m) => logged.push(`${m.type()}: ${m.text()}`));
    const documentRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/v1/openapi.json")) documentRequests.push(r.url());
    });
    // The app has no favicon (every page's 404 for it is not this page's concern).
    const failed: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 400 && !r.url().endsWith("/favicon.ico")) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto("/docs/api");
    // The outline is replaced by Scalar once it has rendered the document.
    await expect(page.getByRole("heading", { name: "Perkway API reference", level: 1 })).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Exchange a key pair for an access token" }).first()).toBeVisible();
    await expect(page.getByText("Perkway-Signature").first()).toBeAttached();
    expect(documentRequests).toEqual([]);
    expect(logged.filter((l) => /validation|invalid/i.test(l))).toEqual([]);
    expect(failed).toEqual([]);
    // The viewer is one very long page: screenshots of the viewport, at both widths.
    for (const [label, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `test-results/screens/api-reference-${label}.png` });
    }
  });

  // Scalar's markup is mended in place for this (src/app/docs/api/repair-viewer-a11y.ts).
  test("the viewer is axe clean at 1280 and 375 px", async ({ page }) => {
    await page.goto("/docs/api");
    await expect(page.getByRole("heading", { name: "Perkway API reference", level: 1 })).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Exchange a key pair for an access token" }).first()).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize(WIDTHS.phone);
    await expectAccessible(page);
  });

  test("is linked from the API keys and Webhooks pages", async ({ page }) => {
    await signInDemoAdmin(page);
    await page.goto("/api-keys");
    await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs/api");
    await page.goto("/webhooks");
    const link = page.getByRole("link", { name: "API reference (webhook events)" });
    await expect(link).toHaveAttribute("href", /^\/docs\/api/);
    await link.click();
    await expect(page).toHaveURL(/\/docs\/api/);
    await expect(page.getByText("Perkway-Signature").first()).toBeAttached({ timeout: 20_000 });
  });
});
