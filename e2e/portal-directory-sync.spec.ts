// Settings → Directory sync (contract section 20, issue 56) on a partner of its own, one journey: an
// owner creates a directory token (shown once, with the base URL), a directory uses it over real HTTP
// (POST /scim/v2/Users), the request shows in the log with the last sync time, the owner revokes the
// token (a confirmation naming it) and the token then gets 401. Axe on each state; screenshots at
// 375 and 1280 px, where the page never scrolls sideways (the request log scrolls in its own box).
import { expect, test, type Page } from "@playwright/test";
import { checkPage, createPartnerWithAdmin, screenshotBoth, signIn, WIDTHS } from "./support";

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
}

test("an owner creates a directory token, the directory syncs with it, the owner revokes it", async ({ page }) => {
  test.setTimeout(120_000); // the long settings page, axe four times and two widths, on shared cores
  const partner = createPartnerWithAdmin();
  await signIn(page, partner.admin.email, partner.admin.password);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Directory sync" });
  // A new admin starts in Live: the card says so, and its tokens write live members.
  await expect(card.getByText("Live: real members", { exact: true })).toBeVisible({ timeout: 30_000 });

  // Empty: the base URL to paste, no token, no request, never synced.
  const baseUrl = (await card.getByTestId("scim-base-url").textContent())?.trim() ?? "";
  expect(baseUrl).toMatch(/^http:\/\/localhost:\d+\/scim\/v2$/);
  await expect(card.getByRole("button", { name: "Copy SCIM base URL" })).toBeVisible();
  await expect(card.getByRole("heading", { name: "No live directory tokens yet" })).toBeVisible();
  await expect(card.getByRole("heading", { name: "No requests yet" })).toBeVisible();
  await expect(card.getByTestId("last-sync")).toHaveText("Not yet: no request with a live token so far.");
  // A page for people: the base URL is the only address it shows.
  await expect(card.getByText(/\/v1\//)).toHaveCount(0);
  await checkPage(page);
  await screenshotBoth(page, "portal-directory-sync-empty", card);

  // The form's words come from the schema, next to the field.
  await card.getByRole("button", { name: "Create token" }).click();
  await expect(card.getByText("Name the token (for example: Entra ID production)")).toBeVisible();
  await card.getByLabel("Token name").fill("Okta e2e");
  await card.getByRole("button", { name: "Create token" }).click();

  // Shown once, with copy buttons; only the confirming button closes it.
  const dialog = page.getByRole("dialog", { name: "New live directory token" });
  await expect(dialog.getByText("It is shown only once")).toBeVisible();
  await expect(dialog.getByText("“Okta e2e” writes live members.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Copy directory token" })).toBeVisible();
  const token = await dialog.getByRole("textbox", { name: "Directory token" }).inputValue();
  expect(token).toMatch(/^scim_live_[0-9A-Za-z]{40}$/);
  await expect(dialog.getByRole("textbox", { name: "SCIM base URL" })).toHaveValue(baseUrl);
  await checkPage(page);
  await screenshotBoth(page, "portal-directory-sync-new-token", dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "I have stored the token" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(token)).toHaveCount(0);
  const tokens = card.getByRole("table", { name: "Directory tokens (live)" });
  const row = tokens.getByRole("row", { name: /Okta e2e/ });
  await expect(row.getByText("Never")).toBeVisible();
  await expect(row.getByText(partner.admin.email)).toBeVisible();

  // The directory provisions a member with it, over real HTTP.
  const email = `dir-${Date.now().toString(36)}@e2e.example`;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/scim+json" };
  const created = await page.request.post(`${baseUrl}/Users`, {
    headers,
    data: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: email, externalId: "okta-00u1", name: { givenName: "Ada", familyName: "Lovelace" }, active: true },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The log and the last sync (the request is recorded before its answer is sent).
  await card.getByRole("button", { name: "Refresh requests" }).click();
  const log = card.getByRole("table", { name: "Directory requests, newest first" });
  const posted = log.getByRole("row").filter({ hasText: "POST" });
  await expect(posted).toHaveCount(1);
  await expect(posted.getByText("/scim/v2/Users", { exact: true })).toBeVisible();
  await expect(posted.getByText("201", { exact: true })).toBeVisible();
  await expect(posted.getByText("created", { exact: true })).toBeVisible();
  await expect(posted.getByText("Okta e2e")).toBeVisible();
  await expect(card.getByTestId("last-sync")).toContainText("Your directory last called Perkway");
  await expect(row.getByText("Never")).toHaveCount(0);
  await checkPage(page);
  await screenshotBoth(page, "portal-directory-sync", card);

  // Both widths: the page never scrolls sideways; the log scrolls in its own named box on a phone.
  await page.setViewportSize(WIDTHS.phone);
  await expectNoSidewaysScroll(page);
  const scroller = card.getByRole("region", { name: "Directory requests (scrolls sideways)" });
  await expect(scroller).toBeVisible();
  expect(await scroller.evaluate((b) => b.scrollWidth > b.clientWidth)).toBe(true);
  await expect(card.getByRole("list", { name: "Directory tokens (live)" }).getByText("Okta e2e")).toBeVisible();
  await page.setViewportSize(WIDTHS.desktop);
  await expectNoSidewaysScroll(page);

  // Revoke: the confirmation names the token and says the directory stops syncing.
  await row.getByRole("button", { name: "Revoke Okta e2e" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke “Okta e2e”?" });
  await expect(confirm.getByText(/Your directory stops syncing with this token at once/)).toBeVisible();
  await checkPage(page);
  await screenshotBoth(page, "portal-directory-sync-revoke", confirm);
  await confirm.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByText("“Okta e2e” is revoked: your directory can no longer sync with it")).toBeVisible();
  await expect(row.getByText(/^Revoked /)).toBeVisible();
  await expect(row.getByRole("button", { name: "Revoke Okta e2e" })).toHaveCount(0);

  // The token no longer works; its owner still sees the directory calling.
  const refused = await page.request.get(`${baseUrl}/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`, { headers });
  expect(refused.status()).toBe(401);
  await card.getByRole("button", { name: "Refresh requests" }).click();
  await expect(log.getByRole("row").filter({ hasText: "401" })).toHaveCount(1);
  // The log keeps no personal data: the filter's value is masked.
  await expect(log.getByText('/scim/v2/Users?filter=userName eq "…"', { exact: true })).toBeVisible();
  await expect(card.getByText(email)).toHaveCount(0);
  await screenshotBoth(page, "portal-directory-sync-revoked", card);
});
