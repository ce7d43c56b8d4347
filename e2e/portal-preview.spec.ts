// "Preview as member" (issue 26, item 5): the member's list is the hosted app's own cards in the
// partner's colours, read-only (no links into the hosted app, no events recorded); the page fits a
// 375 px screen; the "Describe a member" checkboxes do not draw their labels over each other at 1280 px.
import { expect, test, type Page } from "@playwright/test";
import { createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn, v1, WIDTHS } from "./support";

/** Pairs of labels whose boxes overlap (more than a pixel each way). */
async function overlappingLabels(page: Page, form: string): Promise<string[]> {
  return page.evaluate((formName) => {
    const labels = [...document.querySelectorAll(`form[aria-label="${formName}"] label`)].map((l) => ({ text: l.textContent ?? "", r: l.getBoundingClientRect() }));
    const out: string[] = [];
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++) {
        const a = labels[i].r;
        const b = labels[j].r;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 1 && y > 1) out.push(`${labels[i].text} / ${labels[j].text}`);
      }
    return out;
  }, form);
}

test.describe("preview as member", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the member's branded cards, read-only, no events; fits 375 px; describe-form labels never overlap", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    const name = `Preview perk ${Date.now().toString(36)}`;
    const created = await v1(page, partner.keys.live, "POST", "/v1/partner-deals", {
      product_name: name,
      short_description: "Seen in the preview",
      perk_description: "3 months free",
      market_value: "$300",
      tier: "premium",
      redemption: { method: "url", redeem_url: "https://example.com/claim" },
      status: "live",
    });
    expect(created.status).toBe(201);
    await signIn(page, partner.admin.email, partner.admin.password);
    // The partner's colour on the preview, as in the hosted app.
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto("/deals/preview");
    await page.getByRole("tab", { name: "Describe a member" }).click();
    await expect(page.getByRole("checkbox", { name: "Not incorporated" })).toBeVisible();
    expect(await overlappingLabels(page, "Describe a member")).toEqual([]);

    // Any server action or event post while previewing would be a recorded event.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && (r.headers()["next-action"] || r.url().includes("/events/track"))) posts.push(r.url());
    });
    await page.getByRole("button", { name: "Preview this member" }).click();
    await page.getByLabel("Search in this preview").fill(name);
    const list = page.getByRole("region", { name: "Deals this member gets" });
    const card = list.locator(".deal-card").filter({ hasText: name });
    await expect(card).toBeVisible();
    // The hosted app's card: perk headline, value, the premium badge (no lock: freemium is off).
    await expect(card.getByTestId("deal-headline")).toHaveText("3 months free");
    await expect(card).toContainText("Worth $300");
    await expect(card).toContainText("Premium");
    await expect(card.getByTestId("deal-lock")).toHaveCount(0);
    // Logo fallback: the product's initials ("PP"), never the first two letters of one word.
    await expect(card.locator(".deal-logo-initials")).toHaveText("PP");
    // Read-only: nothing in the grid leads into the hosted app.
    await expect(list.getByRole("link")).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, "portal-preview");

    await page.setViewportSize(WIDTHS.phone);
    await page.getByLabel("Search in this preview").fill("");
    await expect(list.locator(".deal-card").first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(WIDTHS.phone.width);
    await page.getByRole("tab", { name: "Describe a member" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone.width);
    await page.getByRole("tab", { name: "Pick a member" }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.phone.width);
    await expectAccessible(page);
    expect(posts).toEqual([]);
  });
});
