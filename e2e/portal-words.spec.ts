// The portal speaks to people: a form's problems in plain words ("Enter a product name", not zod's
// "Too small: expected string to have >=1 characters"), and no API paths on pages that are not for
// developers.
import { expect, test } from "@playwright/test";
import { createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn } from "./support";

// The own-deal form's first render (instructions preview) took over 60 s on loaded shared cores.
test.describe.configure({ timeout: 120_000 });

const ZOD_WORDS = /Too small|Too big|Invalid option|Invalid input|expected string|expected one of/;

test("an empty own deal is refused in plain words, next to its fields", async ({ page }) => {
  const partner = createPartnerWithAdmin();
  await signIn(page, partner.admin.email, partner.admin.password);
  await page.goto("/deals/own/new");
  await expect(page.getByRole("region", { name: "Instructions preview" }).getByText(/Placeholders filled for/)).toBeVisible();
  await expect(page.getByText(/\/v1\//)).toHaveCount(0);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByText("Enter a product name")).toBeVisible();
  await expect(page.getByText("Enter a short description")).toBeVisible();
  await expect(page.getByText(ZOD_WORDS)).toHaveCount(0);
  await expectAccessible(page);
  await screenshotBoth(page, "portal-words-deal-refused");
});

test("pages for people name no API path; the members page says what to do in words", async ({ page }) => {
  const partner = createPartnerWithAdmin();
  await signIn(page, partner.admin.email, partner.admin.password);
  for (const path of ["/members", "/deals/preview", "/analytics", "/inbox"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("main").getByText(/(GET|POST|PATCH|DELETE) \/(v1|events)\//)).toHaveCount(0);
  }
});
