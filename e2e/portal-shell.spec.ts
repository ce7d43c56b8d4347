// The portal shell: navigation for every page, the Live / Sandbox switch kept
// across reloads with the sandbox banner and accent, the phone menu at 375 px, a super admin's
// navigation and the read-only "view as" banner, sign-in throttling and the session cookie's flags,
// the public /login and /set-password pages. Fresh partners and admins: the switch and view-as are
// kept per admin, so the demo admins other specs use are never changed here.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { cli, createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn, waitForHydration } from "./support";

const PARTNER_LINKS = ["Overview", "Deals", "Own deals", "Preview as member", "Members", "Inbox", "Analytics", "API keys", "Webhooks", "Settings", "Team", "Activity"];
const PLATFORM_LINKS = ["Partners", "Catalogue", "Categories", "Platform"];

function freshSuperAdmin() {
  const email = `super-${randomUUID().slice(0, 8)}@e2e.example`;
  const password = `pw-${randomUUID()}`;
  cli("admin:create", "--email", email, "--role", "super_admin", "--password", password);
  return { email, password };
}

test.describe("portal shell", () => {
  test("every page has a favicon", async ({ page }) => {
    await page.goto("/login");
    const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
    expect(href).toBeTruthy();
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("image/svg+xml");
  });

  test("navigation lists every partner page; the sandbox switch persists across reloads with a banner", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of PARTNER_LINKS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    for (const name of PLATFORM_LINKS) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    await nav.getByRole("link", { name: "API keys", exact: true }).click();
    await expect(page).toHaveURL(/\/api-keys$/);
    await expect(nav.getByRole("link", { name: "API keys", exact: true })).toHaveAttribute("aria-current", "page");

    const environment = page.getByRole("radiogroup", { name: "Environment" });
    await expect(environment.getByRole("radio", { name: "Live" })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText(/^Sandbox: you are seeing/)).toHaveCount(0);
    await environment.getByRole("radio", { name: "Sandbox" }).click();
    const banner = page.getByRole("status").filter({ hasText: "Sandbox: you are seeing and changing test data only" });
    await expect(banner).toBeVisible();
    await expect(page.locator("[data-environment]")).toHaveAttribute("data-environment", "test");
    // The darker amber (4.5:1 on white) reaches dialogs too, which are portalled to <body> outside the shell.
    const primaryOf = (selector: string) => page.evaluate((s) => getComputedStyle(document.querySelector(s)!).getPropertyValue("--primary").trim(), selector);
    // The build compiles oklch() to lab(), so compare the shell's accent with <body>'s, not a literal.
    const shellAccent = await primaryOf("[data-environment]");
    expect(shellAccent).toMatch(/^(lab|oklch)\(/);
    expect(await primaryOf("body")).toBe(shellAccent);
    await expectAccessible(page);
    await screenshotBoth(page, "portal-shell-sandbox");

    await page.reload();
    await expect(banner).toBeVisible();
    await expect(environment.getByRole("radio", { name: "Sandbox" })).toHaveAttribute("aria-checked", "true");
    await page.goto("/members");
    await expect(banner).toBeVisible();

    await environment.getByRole("radio", { name: "Live" }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.locator("[data-environment]")).toHaveAttribute("data-environment", "live");
    await page.reload();
    await expect(environment.getByRole("radio", { name: "Live" })).toHaveAttribute("aria-checked", "true");
  });

  test("at 375 px the navigation is a menu sheet; the switch and sign-out stay reachable", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, partner.admin.email, partner.admin.password);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0); // the sidebar is hidden
    await expect(page.getByRole("radiogroup", { name: "Environment" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    const sheet = page.getByRole("dialog");
    await waitForHydration(page); // a click before hydration opens nothing
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(sheet).toBeVisible();
    const nav = sheet.getByRole("navigation", { name: "Main" });
    for (const name of PARTNER_LINKS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/screens/portal-shell-menu-phone.png" });
    await nav.getByRole("link", { name: "Team", exact: true }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(sheet).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });

  test("a super admin: platform navigation, then a partner's portal read-only with a view-as banner and Exit view as", async ({ page, baseURL }) => {
    const partner = createPartnerWithAdmin();
    const admin = freshSuperAdmin();
    await signIn(page, admin.email, admin.password);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Overview", exact: true })).toBeVisible();
    for (const name of PLATFORM_LINKS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    for (const name of ["Members", "API keys", "Settings"]) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    await expect(page.getByTestId("account")).toContainText("Super admin");

    const viewAs = await page.request.post("/api/trpc/superAdmin.viewAs", { data: { partnerId: partner.partner_id }, headers: { origin: baseURL! } });
    expect(viewAs.status()).toBe(200);
    await page.goto("/api-keys");
    const banner = page.getByRole("status").filter({ hasText: "portal read-only" });
    await expect(banner).toContainText(partner.name);
    await expect(page.getByRole("button", { name: "Rotate sandbox key" })).toBeDisabled();
    for (const name of ["Members", "API keys", ...PLATFORM_LINKS]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "portal-shell-view-as");
    await banner.getByRole("button", { name: "Exit view as" }).click();
    await expect(page).toHaveURL(/\/partners$/, { timeout: 30_000 });
    await expect(page.getByRole("status").filter({ hasText: "portal read-only" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "API keys", exact: true })).toHaveCount(0);
  });
});

test.describe("sign-in", () => {
  test("the login page: accessible, session cookie HttpOnly and SameSite=Lax (not Secure on localhost)", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "portal-login");
    await signIn(page, partner.admin.email, partner.admin.password);
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, name: "next-auth.session-token" });
  });

  test("failed sign-ins are throttled per email with a clear message", async ({ page }) => {
    const email = `nobody-${randomUUID().slice(0, 8)}@e2e.example`;
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Password").fill(`guess-${i}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByTestId("login-error")).toHaveText("Email or password is incorrect");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    }
    await page.getByLabel("Password").fill("guess-5");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("login-error")).toHaveText("Too many sign-in attempts. Wait 15 minutes and try again.");
    await expectAccessible(page);
  });

  test("/set-password with an unknown or missing token explains what to do", async ({ page }) => {
    await page.goto("/set-password?token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
    await expectAccessible(page);
    await screenshotBoth(page, "portal-set-password-invalid");
  });
});
