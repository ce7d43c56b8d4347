// Issue 44, item 13: the portal's tables at 375 px and 1280 px. Activity, the Inbox, a webhook
// endpoint's delivery log, the Platform log and the super admin's partner page never scroll sideways,
// and what each row says stays on screen (Activity's "What", the Inbox's status, the log's Resend).
// Written for the lead to run (not run by its author): screenshots at both widths to look at.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiToken, bearer, createMember, createPrivateDeal, demoPartner } from "./hosted-support";
import { createPartnerWithAdmin, screenshotBoth, signIn, signInDemoAdmin, signInSuperAdmin, WIDTHS } from "./support";

/** A new live member asks for an approval-required demo deal with a long message: a row in the Inbox. */
async function requestAccess(request: APIRequestContext, token: string) {
  const member = await createMember(request, token);
  // Amplitude: approval required and open to any member in the demo catalogue (as e2e/loops.spec.ts uses it).
  const res = await request.get(`/v1/deals?q=Amplitude&limit=5&user_id=${member.id}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  const deal = ((await res.json()).data as { id: string; product_name: string }[]).find((d) => d.product_name === "Amplitude");
  expect(deal, "Amplitude in the demo catalogue").toBeTruthy();
  const created = await request.post(`/v1/deals/${deal!.id}/access-requests`, {
    headers: bearer(token),
    data: { user_id: member.id, message: "We are moving our whole analytics stack this quarter and would love to try this with our team of twelve." },
  });
  expect(created.status(), await created.text()).toBe(201);
}

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, "the page scrolls sideways").toBeLessThanOrEqual(width);
}

/** Every element matched is inside the viewport horizontally (not cut at the right edge). */
async function expectInsideViewport(page: Page, selector: string) {
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
  for (const right of boxes) expect(right).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

/** Waits for the page's heading and its first data (no request in flight), then checks the width. */
async function expectPageFits(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Loaded: no skeleton left (the lists' placeholders are wider than their data).
  await expect(page.locator("[data-slot=skeleton]:visible")).toHaveCount(0, { timeout: 20_000 });
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
  // No table cut inside its box either (a column off to the right), unless the table is one that
  // scrolls by design: those are named, focusable regions (Table's scrollLabel).
  const cut = await page.locator("[data-slot=table-container]:visible").evaluateAll((boxes) =>
    boxes.filter((b) => b.getAttribute("role") !== "region" && b.scrollWidth > b.clientWidth + 1).map((b) => b.querySelector("table")?.getAttribute("aria-label") ?? b.textContent?.slice(0, 80)),
  );
  expect(cut, `${path}: tables wider than their box at ${width} px`).toEqual([]);
}

// Every portal page with a table or a list, at both widths (a page header's actions once pushed
// Webhooks 69 px past 1280).
const PARTNER_PAGES = ["/", "/deals", "/deals/own", "/deals/preview", "/members", "/inbox", "/analytics", "/analytics/report", "/api-keys", "/webhooks", "/settings", "/team", "/activity"];
const SUPER_ADMIN_PAGES = ["/platform", "/partners", "/providers", "/catalogue", "/categories", "/mailbox"];

test.describe("tables at 375 and 1280 px", () => {
  test("every partner page and super-admin page fits both widths", async ({ page, request }) => {
    test.setTimeout(180_000);
    // Rows with long words where the demo has none: an own deal, and an access request in the Inbox.
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.live);
    const suffix = Date.now().toString(36);
    await createPrivateDeal(request, token, {
      product_name: `Extraordinarily long own deal name ${suffix}`,
      short_description: "Supercalifragilisticexpialidocious onboarding credits for founders",
      redemption: { method: "promo_code", promo_code: "WIDE" },
    });
    await requestAccess(request, token);
    await signInDemoAdmin(page);
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      for (const path of PARTNER_PAGES) {
        await expectPageFits(page, path);
        if (size === WIDTHS.desktop) await screenshotBoth(page, `phone-tables-page${path === "/" ? "-overview" : path.replace(/\//g, "-")}`);
      }
    }
    await page.context().clearCookies();
    await signInSuperAdmin(page);
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      for (const path of SUPER_ADMIN_PAGES) {
        await expectPageFits(page, path);
        if (size === WIDTHS.desktop) await screenshotBoth(page, `phone-tables-super${path.replace(/\//g, "-")}`);
      }
    }
  });

  test("partner pages: Activity, Inbox, webhook deliveries", async ({ page, request }) => {
    test.setTimeout(120_000);
    // The Inbox has a request to show (the demo's live inbox starts empty).
    await requestAccess(request, await apiToken(request, demoPartner().keys.live));
    await signInDemoAdmin(page);
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      await page.goto("/activity");
      await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
      if (size === WIDTHS.phone) await expect(page.getByRole("list", { name: "Activity, newest first" }).locator("li").first()).toBeVisible();

      await page.goto("/inbox");
      await expect(page.locator("[data-slot=badge]:visible").first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectInsideViewport(page, "[data-slot=badge]:visible");
    }
    await screenshotBoth(page, "phone-tables-inbox");

    // A failing endpoint: its deliveries say "Failing — retrying at …" in words, with Resend on screen.
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto("/webhooks");
    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const form = page.getByRole("dialog");
    // A public name that never resolves: the worker fails and retries (DNS), as with a typo'd host.
    await form.getByLabel("Endpoint URL").fill(`https://hooks-${Date.now().toString(36)}.perkway-e2e.invalid/receive`);
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByRole("dialog", { name: /signing secret/ }).getByRole("button", { name: "I have stored the secret" }).click();
    await page.getByRole("button", { name: "Send test event" }).last().click();
    for (const size of [WIDTHS.desktop, WIDTHS.phone]) {
      await page.setViewportSize(size);
      await expect(page.getByTestId("delivery-status").first()).toContainText(/^(Queued|Failing — retrying at .+)$/, { timeout: 30_000 });
      await expectNoSidewaysScroll(page);
      await expectInsideViewport(page, 'button:has-text("Resend")');
    }
    await expect(page.getByTestId("delivery-error").first()).not.toContainText("ENOTFOUND");
    await screenshotBoth(page, "phone-tables-webhook-deliveries");
  });

  test("super admin: Platform log and a partner page with a long name", async ({ page }) => {
    const partner = createPartnerWithAdmin(`Orbit Labs with a very long partner name ${Date.now().toString(36)}`);
    await signInSuperAdmin(page);
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      await page.goto("/platform");
      await expect(page.getByRole("heading", { name: "Platform", level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.goto(`/partners/${partner.partner_id}`);
      await expect(page.getByRole("button", { name: /View as/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectInsideViewport(page, 'button:has-text("View as")');
    }
    await screenshotBoth(page, "phone-tables-partner-page");
    // The partner's own admin can sign in (the partner is real, not a fixture of this page only).
    await page.context().clearCookies();
    await signIn(page, partner.admin.email, partner.admin.password);
  });
});
