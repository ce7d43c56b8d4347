// The super-admin pages do not exist for a partner admin: each answers the 404 page, as an unknown
// address does (the role is checked once, by the (super-admin) route group's layout). Signed out,
// they send to the sign-in page like every portal page.
import { expect, test } from "@playwright/test";
import { signInDemoAdmin } from "./support";

const PAGES = ["/partners", "/partners/00000000-0000-4000-8000-000000000000", "/catalogue", "/catalogue/new", "/catalogue/00000000-0000-4000-8000-000000000000", "/categories", "/mailbox", "/mailbox/00000000-0000-4000-8000-000000000000", "/platform"];

test("a partner admin gets the 404 page on every super-admin page", async ({ page }) => {
  await signInDemoAdmin(page);
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "This page does not exist" }), path).toBeVisible();
  }
});

test("signed out, a super-admin page sends to the sign-in page", async ({ page }) => {
  await page.goto("/catalogue");
  await expect(page).toHaveURL(/\/login(\?|$)/);
});
