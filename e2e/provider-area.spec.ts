// The provider area (contract section 18, issue 42): a provider user edits its deal, the super admin
// approves the change and it reaches /v1; the provider uploads 10,000 codes and sees the count; the
// results page at 1280 and 375 px. Seeded with the operator CLI (catalog:import, provider:create,
// admin:create --role provider). Axe on each page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { cli, createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn, signInSuperAdmin, v1 } from "./support";

const PASSWORD = "correct horse battery staple";

function seedProvider() {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const file = path.join(os.tmpdir(), `provider-e2e-${tag}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify([{ slug: `provider-e2e-${tag}`, product_name: `Cloud credits ${tag}`, short_description: "Credits for startups", status: "live", redemption: { method: "unique_code" } }]),
  );
  const imported = cli<{ deals: { id: string }[] }>("catalog:import", file);
  const dealId = imported.deals[0].id;
  const provider = cli<{ provider_id: string }>("provider:create", "--name", `Cloud Inc ${tag}`, "--deals", dealId);
  const email = `provider-${tag}@cloud.example`;
  cli("admin:create", "--email", email, "--role", "provider", "--provider", provider.provider_id, "--password", PASSWORD);
  return { tag, dealId, email, name: `Cloud credits ${tag}` };
}

test.describe("provider area", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a provider edits a deal, the super admin approves it, /v1 shows the change", async ({ browser }) => {
    const s = seedProvider();
    const providerPage = await (await browser.newContext()).newPage();
    await signIn(providerPage, s.email, PASSWORD);
    // The provider lands in the provider area and cannot open partner pages.
    await expect(providerPage).toHaveURL(/\/provider$/);
    await providerPage.goto("/members");
    await expect(providerPage).toHaveURL(/\/provider$/);
    await expect(providerPage.getByRole("cell", { name: s.name, exact: true })).toBeVisible();
    await expectAccessible(providerPage);

    await providerPage.getByRole("button", { name: `Propose changes to ${s.name}` }).click();
    const dialog = providerPage.getByRole("dialog");
    await dialog.getByLabel("Name", { exact: true }).fill(`${s.name} (2027 edition)`);
    await dialog.getByRole("button", { name: "Send for review" }).click();
    await expect(providerPage.getByText("Change in review")).toBeVisible();

    const adminPage = await (await browser.newContext()).newPage();
    await signInSuperAdmin(adminPage);
    await adminPage.goto("/providers");
    const review = adminPage.getByRole("article", { name: `Change request for ${s.name}` });
    await expect(review.getByRole("cell", { name: `${s.name} (2027 edition)` })).toBeVisible();
    await expectAccessible(adminPage);
    await review.getByLabel("Note to the provider (optional)").fill("Approved, thanks");
    await review.getByRole("button", { name: "Approve" }).click();
    await expect(review).toHaveCount(0);

    const partner = createPartnerWithAdmin();
    await expect
      .poll(async () => (await v1<{ product_name: string }>(adminPage, partner.keys.live, "GET", `/v1/deals/${s.dealId}`)).body.product_name)
      .toBe(`${s.name} (2027 edition)`);
    await providerPage.reload();
    await expect(providerPage.getByText("Note from Perkway: “Approved, thanks”")).toBeVisible();
  });

  test("a provider uploads 10,000 codes and sees the count; results at 1280 and 375 px", async ({ page }) => {
    const s = seedProvider();
    await signIn(page, s.email, PASSWORD);
    await page.goto("/provider/codes");
    await page.getByLabel("Deal", { exact: true }).click();
    await page.getByRole("option", { name: s.name }).click();
    const codes = ["code", ...Array.from({ length: 10_000 }, (_, i) => `E2E-${s.tag}-${i}`)].join("\n");
    await page.getByLabel("CSV file").setInputFiles({ name: "codes.csv", mimeType: "text/csv", buffer: Buffer.from(codes) });
    await expect(page.getByText("10,000 codes in the file.")).toBeVisible();
    await page.getByRole("button", { name: "Upload codes" }).click();
    await expect(page.getByTestId("upload-summary")).toContainText("10,000 added");
    await expect(page.getByTestId(`pool-${s.dealId}`)).toHaveText("10,000 available / 10,000");
    await expect(page.getByText(`E2E-${s.tag}-0`)).toHaveCount(0);
    await expectAccessible(page);

    await page.goto("/provider/results");
    await expect(page.getByText("Confirmed conversions per month")).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectAccessible(page);
    await screenshotBoth(page, "provider-results");
  });
});

// Issues 53.6, 53.10 and 53.12: the super admin's tracking switch is saved with "Save deal" (the secret
// shown once, kept on later switch-ons), deals are linked to a provider by name (removable chips, ids
// underneath); the provider area speaks in words (no raw "live"/"off"), its results show all six
// facts at 375 px, and its sign-in speaks to providers. Screenshots at 1280 and 375 px.
test.describe("provider tools in words", () => {
  test.describe.configure({ timeout: 480_000 }); // four portal pages, each compiled on first visit by a dev server

  test("tracking saved with the deal, deals linked by name, the provider's pages at 375 px", async ({ browser }) => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const file = path.join(os.tmpdir(), `provider-words-${tag}.json`);
    const tracked = `Tracked credits ${tag}`;
    const other = `Object storage ${tag}`;
    fs.writeFileSync(
      file,
      JSON.stringify([
        { slug: `words-a-${tag}`, product_name: tracked, short_description: "Credits", status: "live", redemption: { method: "url", redeem_url: "https://cloud.example/join?c={{click_id}}" } },
        { slug: `words-b-${tag}`, product_name: other, short_description: "Storage", status: "live", redemption: { method: "unique_code" } },
      ]),
    );
    const [a] = cli<{ deals: { id: string }[] }>("catalog:import", file).deals;
    const providerName = `Words Inc ${tag}`;
    const provider = cli<{ provider_id: string }>("provider:create", "--name", providerName, "--deals", a.id);
    const email = `words-${tag}@cloud.example`;
    cli("admin:create", "--email", email, "--role", "provider", "--provider", provider.provider_id, "--password", PASSWORD);

    // The switch is a change of the form: nothing happens until "Save deal", then the secret, once.
    const admin = await (await browser.newContext()).newPage();
    await signInSuperAdmin(admin);
    await admin.goto(`/catalogue/${a.id}`);
    const trackingSwitch = admin.getByRole("switch", { name: "Track redemptions of this deal" });
    await trackingSwitch.click();
    await expect(admin.getByText("Tracking turns on when you save")).toBeVisible();
    await admin.reload();
    await expect(trackingSwitch).not.toBeChecked();
    await trackingSwitch.click();
    await admin.getByRole("button", { name: "Save deal" }).click();
    const dialog = admin.getByRole("dialog", { name: `Provider secret of ${tracked}` });
    await expect(dialog.getByTestId("provider-secret")).toHaveText(/^whsec_/);
    await dialog.getByRole("button", { name: "I stored the secret" }).click();
    await expect(trackingSwitch).toBeChecked();
    await expectAccessible(admin);
    await screenshotBoth(admin, "catalogue-tracking-saved");

    // Linking by name: search, a chip (removable), link; ids stay underneath.
    await admin.goto("/providers");
    const card = admin.getByTestId("provider-card").filter({ hasText: providerName });
    await card.getByLabel("Link more deals").fill(other);
    await card.getByRole("button", { name: `Add ${other}` }).click();
    const chips = card.getByRole("list", { name: "Chosen deals" });
    await expect(chips).toContainText(other);
    await chips.getByRole("button", { name: `Remove ${other}` }).click();
    await expect(chips).toHaveCount(0);
    await card.getByLabel("Link more deals").fill(other);
    await card.getByRole("button", { name: `Add ${other}` }).click();
    await card.getByRole("button", { name: "Link deal" }).click();
    await expect(card.getByRole("button", { name: `Unlink ${other}` })).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, "providers-link-by-name");

    // A click on the tracked deal, so the provider's results have a row.
    const partner = createPartnerWithAdmin();
    const member = await v1<{ id: string }>(admin, partner.keys.live, "POST", "/v1/users", { email: `m-${tag}@example.com` });
    expect(member.status).toBe(201);
    const instructions = await v1<{ redeem_url: string }>(admin, partner.keys.live, "GET", `/v1/deals/${a.id}/instructions?user_id=${member.body.id}`);
    expect(instructions.body.redeem_url).toMatch(/\/r\/clk_/);
    expect((await v1(admin, partner.keys.live, "POST", "/events/track", { event_type: "redeem_url_clicked", user_id: member.body.id, deal_id: a.id })).status).toBeLessThan(300);

    // The provider's sign-in speaks to providers; its pages use words, and a phone sees every fact.
    const page = await (await browser.newContext()).newPage();
    await page.goto("/login?callbackUrl=%2Fprovider");
    await expect(page.getByText("Use the email and password of your provider account")).toBeVisible();
    await expect(page.getByText(/partner admin/i)).toHaveCount(0);
    await screenshotBoth(page, "provider-sign-in");
    await signIn(page, email, PASSWORD);
    await page.goto("/provider");
    const row = page.getByRole("row").filter({ hasText: tracked });
    await expect(row.getByText("Tracking on · 90-day window").filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: other }).getByText("Not tracked").filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "off", exact: true })).toHaveCount(0);
    await expect(page.getByRole("cell", { name: "live", exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, "provider-deals-words");

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/provider/results");
    const rows = page.getByRole("list", { name: "Results by deal and month" });
    const first = rows.getByRole("listitem").filter({ hasText: tracked });
    for (const fact of ["Clicks", "Confirmed", "Rate", "Value"]) await expect(first.getByText(fact, { exact: true })).toBeVisible();
    await expect(first).toContainText(/\d{4}-\d{2}/);
    await expectAccessible(page);
    await screenshotBoth(page, "provider-results-phone");
    await page.goto("/provider/tracking");
    await expect(page.getByRole("heading", { name: "Last 50 postbacks" })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "provider-tracking");
  });
});
