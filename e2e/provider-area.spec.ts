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
