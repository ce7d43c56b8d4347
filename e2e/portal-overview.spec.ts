// Overview and navigation, issue 26 item 6: "First API call made" and the API keys page's "Last
// used" read one truth (a member added in the portal is no API call; authenticating with the keys
// is), and "Open hosted app" (a new tab) with "Copy hosted app link" in the shell's header and on
// Settings; axe and screenshots at 1280 and 375 px.
import { expect, test, type Page } from "@playwright/test";
import { createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn, WIDTHS } from "./support";

async function apiCallStep(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  return page.getByRole("listitem").filter({ hasText: "First API call made" });
}

test.describe("portal overview and navigation", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the checklist's first API call and the API keys page's last use agree, before and after the keys are used", async ({ page }) => {
    const p = createPartnerWithAdmin();
    await signIn(page, p.admin.email, p.admin.password);

    // A member added in the portal: the programme has a member, but the keys were never used.
    await page.goto("/members");
    await page.getByRole("button", { name: "Add member" }).first().click();
    await page.getByRole("dialog").getByLabel("Email").fill(`first-${p.partner_id.slice(0, 8)}@example.com`);
    await page.getByRole("dialog").getByLabel("Email").press("Enter");
    await expect(page.getByRole("dialog")).toBeHidden();

    let step = await apiCallStep(page);
    await expect(step).toContainText("(to do)");
    await expect(step.getByTestId("last-api-call")).toHaveText("Your keys have not been used yet");
    await expect(page.getByRole("listitem").filter({ hasText: "First member" })).toContainText("(done)");
    const liveKeys = page.getByRole("region", { name: "Live keys" });
    await page.goto("/api-keys");
    await expect(liveKeys).toContainText(/Last used\s*Never/);

    // The keys authenticate once: both pages now say so.
    expect((await page.request.post("/v1/authentications", { data: p.keys.live })).status()).toBe(200);
    await expect(async () => {
      step = await apiCallStep(page);
      await expect(step).toContainText("(done)", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(step.getByTestId("last-api-call")).toHaveText(/^Keys last used \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M UTC$/);
    await expectAccessible(page);
    await screenshotBoth(page, "portal-overview-first-call");
    await page.goto("/api-keys");
    await expect(liveKeys).toContainText("Last used");
    await expect(liveKeys).not.toContainText(/Last used\s*Never/);
  });

  test("Open hosted app and Copy hosted app link in the header at both widths and on Settings", async ({ page, context, baseURL }) => {
    const p = createPartnerWithAdmin();
    const hosted = `http://${p.subdomain}.${new URL(baseURL!).host}`;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseURL!).origin });
    await signIn(page, p.admin.email, p.admin.password);
    await page.goto("/");

    // Phones: in the menu (the header keeps one row); wider screens: in the header.
    await page.setViewportSize(WIDTHS.phone);
    const headerHeight = async () => (await page.getByRole("banner").boundingBox())!.height;
    expect(await headerHeight()).toBeLessThan(70);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await expect(menu.getByRole("link", { name: "Open hosted app (opens in a new tab)" })).toHaveAttribute("href", hosted);
    await expect(menu.getByRole("button", { name: "Copy hosted app link" })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone.width);

    await page.setViewportSize(WIDTHS.desktop);
    const header = page.getByRole("banner");
    const open = header.getByRole("link", { name: "Open hosted app (opens in a new tab)" });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute("href", hosted);
    await expect(open).toHaveAttribute("target", "_blank");
    await expect(header.getByRole("button", { name: "Copy hosted app link" })).toBeVisible();
    expect(await headerHeight()).toBeLessThan(70);
    await page.getByRole("banner").getByRole("button", { name: "Copy hosted app link" }).click();
    await expect(page.getByText("Copied to the clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hosted);

    // It opens the partner's hosted app in a new tab.
    const [tab] = await Promise.all([context.waitForEvent("page"), page.getByRole("banner").getByRole("link", { name: /Open hosted app/ }).click()]);
    await tab.waitForLoadState();
    expect(tab.url().startsWith(hosted)).toBe(true);
    await expect(tab).toHaveTitle(`${p.name} perks`);
    await tab.close();

    // Settings: the same pair beside the page's title.
    await page.goto("/settings");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Open hosted app (opens in a new tab)" })).toHaveAttribute("href", hosted);
    await expect(main.getByRole("button", { name: "Copy hosted app link" })).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(page);
    await screenshotBoth(page, "portal-settings-hosted-app");
    await page.goto("/");
    await screenshotBoth(page, "portal-overview-shell");
  });
});
