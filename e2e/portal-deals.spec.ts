// Portal deal pages (/deals, /deals/preview, /deals/own…) against the production build: a rule added
// in the UI hides a deal for a previewed member and the reason names that rule; a private deal made
// in the UI, given codes and published, appears in GET /v1/deals for its partner only; a refused
// go-live shows the missing fields; axe-core on each page; screenshots for review.
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { requireEnv } from "./env";
import { checkPage, createPartnerWithAdmin, type KeyPair as Keys, screenshotBoth, signIn, v1 } from "./support";

/** The form is hydrated once its client-side instructions preview has answered. */
async function formReady(page: Page) {
  await expect(page.getByRole("region", { name: "Instructions preview" }).getByText(/Placeholders filled for/)).toBeVisible();
}

const unique = (s: string) => `${s} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("portal deals", () => {
  // Long flows (a draft, a refusal, codes, go-live, the /v1 checks) with an axe check and two
  // screenshots per step: 26–32 s on a loaded 2-core CI machine, against the 30 s default.
  test.describe.configure({ timeout: 120_000 });
  test("catalogue: visible and hidden deals with the reason in words", async ({ page }) => {
    await signIn(page, requireEnv("E2E_ADMIN_EMAIL"), requireEnv("E2E_ADMIN_PASSWORD"));
    await page.goto("/deals");
    await expect(page.getByRole("heading", { name: "Deals", level: 1 })).toBeVisible();
    const table = page.getByRole("table", { name: "Deals in your catalogue" });
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    await page.getByLabel("Visibility").click();
    await page.getByRole("option", { name: "Hidden only" }).click();
    // The demo catalogue has api_excluded deals: hidden from the API, still in the hosted app.
    await expect(page.getByText(/Kept out of your API: your own app does not get it/).first()).toBeVisible();
    await checkPage(page);
    await screenshotBoth(page, "portal-deals-catalogue");
  });

  test("a visibility rule added in the UI hides a deal from a previewed member, naming the rule", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    const name = unique("Rule test deal");
    const created = await v1(page, partner.keys.live, "POST", "/v1/partner-deals", {
      product_name: name,
      short_description: "Only for some",
      redemption: { method: "url", redeem_url: "https://example.com/claim" },
      status: "live",
    });
    expect(created.status).toBe(201);
    await signIn(page, partner.admin.email, partner.admin.password);

    await page.goto(`/deals/own/${created.body.id}`);
    await page.getByRole("tab", { name: /Visibility rules/ }).click();
    await expect(page.getByTestId("rules-sentence")).toHaveText("Visible to your members only.");
    await page.getByRole("button", { name: "Add rule" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Rule type").click();
    await page.getByRole("option", { name: "Exclude user types" }).click();
    await dialog.getByRole("checkbox", { name: "SME" }).click();
    await dialog.getByLabel("Priority").fill("7");
    await dialog.getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByTestId("rules-sentence")).toContainText("Idea stage, Early-stage startup, Growth-stage startup or Scale-up members");
    // The rules table names the rule type in words, never its code.
    await expect(page.getByRole("cell", { name: "Exclude user types", exact: true })).toBeVisible();
    await expect(page.getByText("exclude_user_type")).toHaveCount(0);
    await checkPage(page);
    await screenshotBoth(page, "portal-deals-rules");

    await page.goto("/deals/preview");
    await page.getByRole("tab", { name: "Describe a member" }).click();
    await page.getByRole("checkbox", { name: "SME", exact: true }).click();
    await page.getByRole("button", { name: "Preview this member" }).click();
    await page.getByRole("tab", { name: /^Hidden/ }).click();
    // The list is paged: search for the deal.
    await page.getByLabel("Search in this preview").fill(name);
    const reasons = page.getByRole("list", { name: `Why ${name} is hidden` });
    await expect(reasons).toContainText("the rule “Exclude user types” (priority 7)");
    await expect(reasons).not.toContainText("exclude_user_type");
    await checkPage(page);
    await screenshotBoth(page, "portal-deals-preview");

    // Without SME the member gets it: it is in their listed deals.
    await page.getByRole("button", { name: "Reset to a default member" }).click();
    await page.getByRole("button", { name: "Preview this member" }).click();
    await page.getByRole("tab", { name: /^Listed/ }).click();
    // The list is paged: search for the deal.
    await page.getByLabel("Search in this preview").fill(name);
    await expect(page.getByRole("region", { name: "Deals this member gets" }).getByText(name)).toBeVisible();
  });

  test("a private deal made in the UI, with codes, goes live for its partner only; a refused go-live shows the missing fields", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    const name = unique("Private perk");

    await page.goto("/deals/own");
    await expect(page.getByRole("heading", { name: "Own deals", level: 1 })).toBeVisible();
    await expect(page.getByText("No own deals yet")).toBeVisible();
    await checkPage(page);
    await page.getByRole("link", { name: "New deal" }).click();
    await formReady(page);
    await page.getByLabel("Product name").fill(name);
    await page.getByLabel("Short description").fill("For our founders only");
    await page.getByLabel("Method").click();
    await page.getByRole("option", { name: "unique code" }).click();
    // Markdown keeps HTML: what was typed as HTML is still sanitized the same way.
    await page.getByLabel("Instructions", { exact: true }).fill('<p onclick="steal()">Hello {{email}}</p><script>alert(1)</script>');
    await expect(page.getByTestId("instructions-preview")).toHaveText("Hello ada@example.com");
    await checkPage(page);
    await screenshotBoth(page, "portal-deals-new");
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page).toHaveURL(/\/deals\/own\/[0-9a-f-]{36}$/);

    // No codes yet: the go-live is refused with the reason.
    await page.getByRole("button", { name: "Go live" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "This deal cannot go live yet" });
    await expect(refusal).toContainText("Add at least one unique code to the code pool before the deal goes live");
    await expect(refusal).not.toContainText("/v1/");
    await screenshotBoth(page, "portal-deals-refused");

    await refusal.getByRole("button", { name: "Open the code pool" }).click();
    await page.getByLabel("Codes to add").fill("P-1\nP-2\nP-2\nP-3");
    await page.getByRole("button", { name: "Add pasted codes" }).click();
    await expect(page.getByRole("status", { name: "Codes added" })).toContainText("1 duplicate within the paste, 0 already in the pool");
    await page.getByLabel("Warn when available codes are at or below").fill("3");
    await page.getByRole("button", { name: "Save warning threshold" }).click();
    await expect(page.getByText("Low on codes")).toBeVisible();
    await checkPage(page);
    await screenshotBoth(page, "portal-deals-codes");

    await page.getByRole("button", { name: "Go live" }).click();
    await expect(page.getByText("Status").locator("..").getByText("Live", { exact: true })).toBeVisible();

    const mine = await v1(page, partner.keys.live, "GET", `/v1/deals?q=${encodeURIComponent(name)}`);
    expect((mine.body.data as { product_name: string }[]).map((d) => d.product_name)).toEqual([name]);
    const creds = JSON.parse(fs.readFileSync(requireEnv("E2E_CREDENTIALS_FILE"), "utf8")) as { partners: { keys: { live: Keys } }[] };
    const other = await v1(page, creds.partners[0].keys.live, "GET", `/v1/deals?q=${encodeURIComponent(name)}`);
    expect(other.body.data).toEqual([]);

    await page.goto("/deals/own");
    await page.getByRole("tab", { name: /^Live/ }).click();
    await expect(page.getByRole("link", { name })).toBeVisible();
  });

  test("a url deal without its redeem URL cannot go live: the field says why", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/deals/own/new");
    await formReady(page);
    await page.getByLabel("Product name").fill(unique("Url deal"));
    await page.getByLabel("Short description").fill("Link perk");
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page).toHaveURL(/\/deals\/own\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Go live" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This deal cannot go live yet" })).toContainText("Enter the redemption link before the deal goes live");
    // Next to the field, too, in plain words (no field codes).
    await expect(page.getByText("Enter the redemption link before the deal goes live").nth(1)).toBeVisible();

    // Drafts can be deleted, after a confirmation that names the deal.
    await page.getByRole("button", { name: "Delete draft" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete draft" }).click();
    await expect(page).toHaveURL(/\/deals\/own$/);
  });
});
