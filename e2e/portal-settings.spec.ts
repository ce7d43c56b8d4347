// Portal settings, on a partner of its own (the demo partner's subdomain is used by other specs):
// the live preview follows the form; reserved and taken subdomains and bad origins are refused next
// to the field; a save persists, shows the new hosted-app URL and reaches the hosted app.
import { expect, test } from "@playwright/test";
import { requireEnv } from "./env";
import { createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn } from "./support";

test.describe("portal settings", () => {
  test("edits settings with a live preview; refuses reserved and taken subdomains next to the field", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect(page.getByText("the same in Live and Sandbox")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Subdomain" })).toHaveValue(partner.subdomain);
    await expect(page.getByTestId("hosted-url")).toContainText(partner.subdomain);

    // The preview follows what is typed, before saving.
    const preview = page.getByTestId("branding-preview");
    await page.getByLabel("Headline").fill("Perks for our founders");
    await expect(preview.getByTestId("preview-headline")).toHaveText("Perks for our founders");
    await page.getByLabel("Welcome text").fill("Sign in with the link we emailed you.");
    await expect(preview.getByTestId("preview-welcome")).toHaveText("Sign in with the link we emailed you.");
    await page.getByLabel("Primary colour", { exact: true }).fill("#0f766e");
    await expect(preview.getByTestId("preview-button")).toHaveCSS("background-color", "rgb(15, 118, 110)");
    await page.getByLabel("Partner name").fill(`${partner.name} Labs`);
    await expect(preview.getByTestId("preview-name")).toHaveText(`${partner.name} Labs`);

    // A reserved subdomain: refused by the schema, next to the field, nothing saved.
    const subdomain = page.getByRole("textbox", { name: "Subdomain" });
    await subdomain.fill("admin");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(subdomain).toHaveAttribute("aria-invalid", "true");
    const subdomainItem = page.locator("[data-slot=form-item]").filter({ has: subdomain });
    await expect(subdomainItem.getByText("this subdomain is reserved")).toBeVisible();

    // A subdomain another partner has: refused by the server (409), shown at the same place.
    await subdomain.fill(requireEnv("E2E_PARTNER_SUBDOMAIN"));
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(subdomainItem.getByText(/already taken/)).toBeVisible();

    // A bad origin names its line.
    await subdomain.fill(`${partner.subdomain}-x`);
    const origins = page.getByLabel("Allowed iframe origins");
    await origins.fill("https://app.example.com\nhttps://example.com/path");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText(/Line 2 \(https:\/\/example\.com\/path\) is not an origin/)).toBeVisible();
    await origins.fill("https://app.example.com");

    await page.getByLabel("Upgrade URL").fill("https://example.com/upgrade");
    await page.getByRole("switch", { name: "Freemium" }).click();
    await expect(page.getByText(/only premium members can open their instructions/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    await expect(page.getByText("All changes saved.")).toBeVisible();

    // Persisted: after a reload, and in the embed snippet and hosted-app URL.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Subdomain" })).toHaveValue(`${partner.subdomain}-x`);
    await expect(page.getByLabel("Headline")).toHaveValue("Perks for our founders");
    await expect(page.getByLabel("Upgrade URL")).toHaveValue("https://example.com/upgrade");
    await expect(page.getByRole("switch", { name: "Freemium" })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("embed-snippet")).toContainText(`/embed/${partner.subdomain}-x`);
    await expect(page.getByTestId("hosted-url")).toContainText(`${partner.subdomain}-x`);
    // The hosted app reads the same record.
    const hosted = await page.request.get(`/p/${partner.subdomain}-x`);
    expect(hosted.status()).toBe(200);
    expect(await hosted.text()).toContain("Perks for our founders");
    // The change is in the activity log of this partner (before/after recorded by the service).
    await screenshotBoth(page, "portal-settings");
  });
});
