// Issue 41 in the browser: an admin sets up two-factor authentication on /account with a code that
// otplib computes from the key the page shows, signs out, signs in with a code, then with a recovery
// code (which then no longer works); and an analyst's portal shows only what the role allows, at
// 1280 and 375 px.
import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { cli, createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn, WIDTHS } from "./support";

/** The code of the step `offsetSeconds` from now (the step the setup used is refused again: replay). */
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("textbox", { name: "Authentication code" })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).toHaveURL(/\/login/);
}

test("set up 2FA, sign in with a code, then with a recovery code", async ({ page }) => {
  test.setTimeout(120_000);
  const partner = createPartnerWithAdmin();
  await signIn(page, partner.admin.email, partner.admin.password);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByText("Show the setup link as text").click();
  await expect(page.getByTestId("otpauth-uri")).toContainText(`secret=${secret}`);
  await expectAccessible(page);

  await page.getByRole("textbox", { name: "Authentication code" }).fill(await codeAt(secret));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allInnerTexts()).map((c) => c.trim());
  await screenshotBoth(page, "account-recovery-codes");
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("10 of 10 recovery codes left")).toBeVisible();

  // A code: the next step's (the setup used this one, and a step is accepted once).
  await signOut(page);
  await passwordStep(page, partner.admin.email, partner.admin.password);
  await page.getByRole("textbox", { name: "Authentication code" }).fill(await codeAt(secret, 30));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);

  // A recovery code, once.
  await signOut(page);
  await passwordStep(page, partner.admin.email, partner.admin.password);
  await page.getByRole("textbox", { name: "Authentication code" }).fill(recovery[0]);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await page.goto("/account");
  await expect(page.getByText("9 of 10 recovery codes left")).toBeVisible();
  await expect(page.getByRole("table", { name: "Your sessions" })).toBeVisible();

  await signOut(page);
  await passwordStep(page, partner.admin.email, partner.admin.password);
  await page.getByRole("textbox", { name: "Authentication code" }).fill(recovery[0]);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("The code is not right, or was already used. Try the newest code from your app.");
});

test("an analyst's portal: the overview and analytics, nothing else", async ({ page }) => {
  test.setTimeout(120_000);
  const partner = createPartnerWithAdmin();
  const email = `analyst-${partner.partner_id.slice(0, 8)}@e2e.example`;
  const password = `pw-analyst-${partner.partner_id}`;
  cli("admin:create", "--email", email, "--role", "analyst", "--partner", partner.partner_id, "--password", password);
  await signIn(page, email, password);
  for (const size of Object.values(WIDTHS)) {
    await page.setViewportSize(size);
    await page.goto("/");
    if (size.width < 1024) await page.getByRole("button", { name: /menu/i }).click();
    const nav = page.getByRole("navigation", { name: "Main" }).last();
    await expect(nav.getByRole("link", { name: "Analytics" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Your account" })).toBeVisible();
    for (const hidden of ["Members", "Inbox", "API keys", "Webhooks", "Settings", "Team", "Activity", "Own deals"]) {
      await expect(nav.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);
    }
    if (size.width < 1024) await page.keyboard.press("Escape");
  }
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Your role does not include this page" })).toBeVisible();
  expect((await page.request.get("/api/trpc/members.list?input=%7B%7D")).status()).toBe(403);
  await page.goto("/analytics");
  await expectAccessible(page);
  await screenshotBoth(page, "analyst-analytics");
});
