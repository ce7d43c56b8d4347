// Admin single sign-on (contract section 17) in a real browser: an owner sets up the partner's IdP in
// Settings → Single sign-on for admins (redirect URI shown, just-in-time joining as Developer); then
// a new colleague types a work email on /login, gets "Sign in with {IdP}" by domain discovery, signs
// in at the IdP (a real oidc-provider on 127.0.0.1; scripts/e2e.ts runs the app with
// OIDC_ALLOW_PRIVATE=1) and lands in the portal as a Developer with an SSO session on /account.
// Also a provider user's account page (2FA, sessions, password: issue 42) at both widths.
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startTestIdp, type TestIdp } from "../test/helpers/oidc-provider";
import { checkPage, cli, createPartnerWithAdmin, screenshotBoth, signIn, waitForHydration, WIDTHS } from "./support";

let idp: TestIdp;
test.beforeAll(async () => (idp = await startTestIdp()));
test.afterAll(async () => idp.close());

/** The IdP's dev login form, then its consent form. */
async function signInAtIdp(page: Page, who: string) {
  await page.locator('input[name="login"]').fill(who);
  await page.locator('input[name="password"]').fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The card alone at both widths (the settings page is long), when E2E_SCREENSHOTS=1. */
async function cardShots(card: Locator, page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await card.screenshot({ path: path.join("test-results", "screens", `${name}-${label}.png`) });
  }
  if (original) await page.setViewportSize(original);
}

test.describe("admin single sign-on", () => {
  test("owner configures the IdP; a new colleague signs in through it and joins as Developer", async ({ page, browser, baseURL }) => {
    test.slow();
    const partner = createPartnerWithAdmin();
    const domain = `sso-${partner.partner_id.slice(0, 8)}.example`;
    idp.setRedirectUris([`${baseURL}/login/sso/callback`]);

    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/settings");
    await waitForHydration(page);
    const card = page.getByTestId("admin-sso-card");
    await card.getByRole("switch", { name: "Single sign-on", exact: true }).click();
    await expect(card.getByTestId("admin-sso-redirect-uri")).toHaveText(`${baseURL}/login/sso/callback`);
    await card.getByLabel("Issuer").fill(idp.issuer);
    await card.getByLabel("Button name").fill("Bank Okta");
    await card.getByLabel("Client ID").fill(idp.clientId);
    await card.getByLabel("Client secret").fill(idp.clientSecret);
    await card.getByLabel("Email domains").fill(domain);
    await card.getByRole("switch", { name: "Add new admins automatically" }).click();
    await card.getByRole("combobox", { name: "Role of new admins" }).click();
    await page.getByRole("option", { name: "Developer" }).click();
    await card.getByRole("button", { name: "Save single sign-on" }).click();
    await expect(page.getByText("Saved single sign-on")).toBeVisible();
    await expect(card.getByLabel("Client secret")).toHaveAttribute("placeholder", "Stored: leave empty to keep it");
    await card.scrollIntoViewIfNeeded();
    await checkPage(page);
    await screenshotBoth(page, "settings-admin-sso");
    await cardShots(card, page, "settings-admin-sso-card");

    // A colleague nobody invited, in another browser.
    const context = await browser.newContext({ viewport: WIDTHS.phone });
    const colleague = await context.newPage();
    const sub = `colleague-${Date.now().toString(36)}`;
    const email = `${sub}@${domain}`;
    idp.accounts.set(sub, { sub, email, email_verified: true });
    await colleague.goto("/login");
    await waitForHydration(colleague);
    await colleague.getByLabel("Email").fill(email);
    const sso = colleague.getByRole("link", { name: "Sign in with Bank Okta" });
    await expect(sso).toBeVisible();
    await checkPage(colleague);
    await screenshotBoth(colleague, "login-sso-discovery");
    await sso.click();
    await signInAtIdp(colleague, sub);
    await expect(colleague).not.toHaveURL(/\/login/);
    await expect(colleague).toHaveURL(new RegExp(`^${baseURL}/`));
    await waitForHydration(colleague);
    const me = await colleague.evaluate(async () => (await fetch("/api/trpc/me")).json());
    expect(me).toMatchObject({ result: { data: { email, role: "partner_admin", teamRole: "developer" } } });
    await colleague.goto("/account");
    await expect(colleague.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
    await expect(colleague.getByText("This browser")).toBeVisible();
    await context.close();

    // The owner sees the join in Activity.
    await page.goto("/activity");
    await expect(page.getByRole("table", { name: "Activity, newest first" }).getByText(`${email} joined the team through single sign-on`)).toBeVisible();
  });

  test("with Require single sign-on, a colleague's password is refused with the way to SSO", async ({ page, baseURL }) => {
    test.slow();
    const partner = createPartnerWithAdmin();
    const domain = `sso-${partner.partner_id.slice(0, 8)}.example`;
    idp.setRedirectUris([`${baseURL}/login/sso/callback`]);
    const analyst = { email: `analyst@${domain}`, password: `pw-${partner.partner_id}-a` };
    cli("admin:create", "--email", analyst.email, "--role", "analyst", "--partner", partner.partner_id, "--password", analyst.password);
    await signIn(page, partner.admin.email, partner.admin.password);
    const saved = await page.evaluate(
      async (input) => (await fetch("/api/trpc/adminSso.update", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) })).status,
      { config: { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, display_name: "Bank Okta", email_domains: [domain], require_sso: true, jit_enabled: false, jit_role: "analyst" } },
    );
    expect(saved).toBe(200);
    await page.context().clearCookies();
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(analyst.email);
    await page.getByLabel("Password").fill(analyst.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByTestId("login-error")).toContainText("Your organization signs in with single sign-on");
    await expect(page.getByRole("link", { name: "Sign in with Bank Okta" })).toBeVisible();
  });

  test("a provider user's account page: two-factor authentication, sessions, password", async ({ page }) => {
    const provider = cli<{ provider_id: string }>("provider:create", "--name", `Cloud ${Date.now().toString(36)}`);
    const email = `prov-${provider.provider_id.slice(0, 8)}@cloud.example`;
    const password = `pw-${provider.provider_id}`;
    cli("admin:create", "--email", email, "--role", "provider", "--provider", provider.provider_id, "--password", password);
    await signIn(page, email, password);
    await page.goto("/provider/account");
    await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
    await expect(page.getByText("This browser")).toBeVisible();
    await checkPage(page);
    await screenshotBoth(page, "provider-account");
  });
});
