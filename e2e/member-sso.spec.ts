// Members sign in through the partner's identity provider (contract §15) in a real browser at 375 px:
// the hosted app's "Continue with …" and the widget's popup. The IdP is a real oidc-provider started
// here on 127.0.0.1 (scripts/e2e.ts runs the app with OIDC_ALLOW_PRIVATE=1); its dev login form takes
// any account id. Chromium resolves {subdomain}.localhost to the app.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { cli, createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn } from "./support";
import { subdomainOrigin } from "./hosted-support";
import { startTestIdp, type TestIdp } from "../test/helpers/oidc-provider";

let idp: TestIdp;
test.beforeAll(async () => (idp = await startTestIdp()));
test.afterAll(async () => idp.close());

function oidcPartner(baseURL: string | undefined, extra: Record<string, unknown> = {}, emailLink = true) {
  const partner = createPartnerWithAdmin();
  const origin = subdomainOrigin(baseURL, partner.subdomain);
  idp.setRedirectUris([`${origin}/auth/oidc/callback`]);
  cli("partner:update", partner.partner_id, "--json", JSON.stringify({
    ...extra,
    member_sign_in: { email_link: emailLink, handoff: false, oidc: { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, display_name: "Test University", allowed_email_domains: [], claims: {} } },
  }));
  return { partner, origin };
}

function account() {
  const sub = `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  idp.accounts.set(sub, { sub, email: `${sub}@uni.example`, email_verified: true });
  return sub;
}

/** The IdP's dev login form, then its consent form. */
async function signInAtIdp(page: Page, who: string) {
  await page.locator('input[name="login"]').fill(who);
  await page.locator('input[name="password"]').fill("any");
  await page.getByRole("button", { name: "Sign-in" }).click();
  // In the widget's popup this answer closes the page: a click that loses its page is done, not failed.
  await page.getByRole("button", { name: "Continue" }).click().catch((err: Error) => {
    if (!page.isClosed()) throw err;
  });
}

test.describe("member sign-in with the partner's identity provider", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("hosted app: Continue with {display_name}, then the deal list", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const { origin } = oidcPartner(baseURL);
    const who = account();
    await page.goto(`${origin}/`);
    await page.getByTestId("idp-sign-in").click();
    await signInAtIdp(page, who);
    await expect(page).toHaveURL(new RegExp(`^${origin}/`));
    await expect(page.getByTestId("deal-list")).toBeVisible();
  });

  // The partner's site (127.0.0.1) is another site than the app (localhost): the frame's cookies are
  // partitioned, and the test IdP sends Cross-Origin-Opener-Policy as large IdPs do, so the popup loses
  // its opener on the way: the frame must collect the sign-in itself.
  test("widget: the IdP opens in a popup and the cross-site frame reloads signed in", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    // The partner's page frames the widget; it is served before the partner exists (its origin is an allowed one).
    let subdomain = "";
    const server = http.createServer((_req, res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`<!doctype html><html lang="en"><head><title>Partner site</title></head><body><iframe id="perks" title="Member perks" src="${baseURL}/embed/${subdomain}" style="width:100%;border:0" height="700"></iframe></body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { partner } = oidcPartner(baseURL, { allowed_iframe_origins: [hostOrigin] });
    subdomain = partner.subdomain;
    try {
      const who = account();
      await page.goto(`${hostOrigin}/`);
      const frame = page.frameLocator("#perks");
      const [popup] = await Promise.all([page.waitForEvent("popup"), frame.getByTestId("idp-sign-in").click()]);
      await signInAtIdp(popup, who);
      await expect(frame.getByTestId("deal-list")).toBeVisible({ timeout: 20_000 });
      // The session is the frame's own: the popup (first-party) was never signed in.
      if (!popup.isClosed()) await expect(popup.getByTestId("member-sign-in-page")).toBeVisible();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

test("email links off: the sign-in and used-link pages offer only Continue with …, and a hand-off-only app no email field", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const { origin, partner } = oidcPartner(baseURL, {}, false);
  const emailFields = page.locator('input[type="email"]');
  await page.goto(`${origin}/`);
  await expect(page.getByTestId("idp-sign-in")).toBeVisible();
  await expect(page.getByText("Sign in with your organization’s account")).toBeVisible();
  await expect(emailFields).toHaveCount(0);
  await page.goto(`${origin}/auth/magic?token=not-a-link`);
  await expect(page.getByTestId("magic-link-problem")).toBeVisible();
  await expect(page.getByTestId("idp-sign-in")).toBeVisible();
  await expect(emailFields).toHaveCount(0);
  await expectAccessible(page);
  await screenshotBoth(page, "magic-link-idp-only");
  cli("partner:update", partner.partner_id, "--json", JSON.stringify({ member_sign_in: { email_link: false, handoff: true, oidc: null } }));
  // The app's partner cache hears of the change through the database's change feed.
  await expect(async () => {
    await page.goto(`${origin}/`);
    await expect(page.getByText(/Open this page from .* website or app/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("idp-sign-in")).toHaveCount(0);
  await expect(emailFields).toHaveCount(0);
  await screenshotBoth(page, "sign-in-handoff-only");
  await page.goto(`${origin}/auth/magic?token=not-a-link`);
  await expect(page.getByTestId("magic-link-problem")).toContainText(/Open this page from .* website or app/);
  await expect(emailFields).toHaveCount(0);
});

test("portal: Test sign-in runs the flow in a new tab and reports the claims; nobody is signed in", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const { partner } = oidcPartner(baseURL);
  const who = account();
  await signIn(page, partner.admin.email, partner.admin.password);
  await page.goto("/settings");
  const card = page.getByTestId("member-sign-in-card");
  const [tab] = await Promise.all([page.context().waitForEvent("page"), card.getByRole("button", { name: "Test sign-in" }).click()]);
  await signInAtIdp(tab, who);
  await expect(tab.getByRole("heading", { name: "Test sign-in worked" })).toBeVisible();
  await expect(tab.getByTestId("oidc-test-admission")).toContainText(`as a new live member, ${who}@uni.example`);
  await expectAccessible(tab);
  await screenshotBoth(tab, "oidc-test-report");
  // The report signed nobody in: the deal app still asks for a sign-in.
  await tab.goto(tab.url().replace(/\/auth\/oidc\/callback.*$/, "/"));
  await expect(tab.getByTestId("idp-sign-in")).toBeVisible();
});

