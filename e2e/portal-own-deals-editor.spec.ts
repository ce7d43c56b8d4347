// Own deals (issue 26, item 3): instructions are written in Markdown with a live preview whose
// placeholders show a sample member's values; an unknown {{placeholder}} is refused at save with the
// supported list; instructions stored as HTML open and render as before; the code pool shows who
// claimed which code and when, deletes unclaimed codes after a confirmation, and exports CSV with
// formula-looking cells escaped. axe on each state; screenshots at 1280 and 375 px.
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { checkPage, createPartnerWithAdmin, screenshotBoth, signIn, v1 } from "./support";

const preview = (page: Page) => page.getByTestId("instructions-preview");
const unique = (s: string) => `${s} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("own deals: instructions editor and code pool", () => {
  test.describe.configure({ timeout: 150_000 });

  test("Markdown instructions with a live preview; {{code}} refused with the supported placeholders; stored HTML keeps working", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/deals/own/new");
    await expect(page.getByRole("region", { name: "Instructions preview" }).getByText(/Placeholders filled for/)).toBeVisible();
    const name = unique("Markdown perk");
    await page.getByLabel("Product name").fill(name);
    await page.getByLabel("Short description").fill("For our founders");
    await page.getByLabel("Method").click();
    await page.getByRole("option", { name: "Steps" }).click();

    const box = page.getByLabel("Instructions", { exact: true });
    await box.fill("Your code is {{code}}");
    await expect(page.getByTestId("unknown-placeholders")).toHaveText("{{code}} is not a placeholder we can fill. Use {{email}}, {{user_id}}, {{external_user_id}} or {{partner_id}}.");
    await page.getByRole("button", { name: "Create draft" }).click();
    // Refused at save, on the field, in words: the page stays on the form.
    await expect(page.getByText("{{code}} is not a placeholder we can fill", { exact: false }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/deals\/own\/new$/);

    // The toolbar writes Markdown; the preview shows it as HTML with the sample member's values.
    await box.fill("Sign up as ");
    await box.press("End");
    await page.getByRole("button", { name: "Insert placeholder" }).click();
    await page.getByRole("menuitem", { name: "{{email}}" }).click();
    await expect(box).toHaveValue("Sign up as {{email}}");
    await box.press("End");
    await box.pressSequentially(" then open ");
    await page.getByRole("button", { name: "Bold" }).click();
    await expect(box).toHaveValue("Sign up as {{email}} then open **bold text**");
    await box.fill("1. Sign up as {{email}}\n2. Open **Billing** and [claim it](https://claim.example/c?u={{ user_id }})");
    await expect(preview(page).getByRole("listitem")).toHaveCount(2);
    await expect(preview(page)).toContainText("Sign up as ada@example.com");
    await expect(preview(page).locator("strong")).toHaveText("Billing");
    await expect(preview(page).getByRole("link", { name: "claim it" })).toHaveAttribute("href", "https://claim.example/c?u=00000000-0000-4000-8000-000000000001");
    await expect(page.getByTestId("unknown-placeholders")).toHaveCount(0);
    await checkPage(page);
    await screenshotBoth(page, "portal-own-deal-form");

    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page).toHaveURL(/\/deals\/own\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    // The editor reopens the Markdown as written; the API serves the sanitized HTML.
    await expect(page.getByLabel("Instructions", { exact: true })).toHaveValue("1. Sign up as {{email}}\n2. Open **Billing** and [claim it](https://claim.example/c?u={{ user_id }})");
    const stored = await v1(page, partner.keys.live, "GET", `/v1/partner-deals/${id}`);
    expect((stored.body.redemption as { instructions: string }).instructions).toBe(
      '<ol>\n<li>Sign up as {{email}}</li>\n<li>Open <strong>Billing</strong> and <a href="https://claim.example/c?u={{user_id}}">claim it</a></li>\n</ol>\n',
    );

    // A deal whose instructions were written as HTML over the API opens with that HTML, rendered as before.
    const html = await v1(page, partner.keys.live, "POST", "/v1/partner-deals", {
      product_name: unique("HTML perk"),
      short_description: "Written over the API",
      redemption: { method: "steps", instructions: '<p>Hello {{email}}, <a href="https://x.example/?p={{partner_id}}">start here</a></p>' },
    });
    expect(html.status).toBe(201);
    // The API refuses an unknown placeholder too, naming the supported ones.
    const refused = await v1(page, partner.keys.live, "POST", "/v1/partner-deals", { product_name: "X", short_description: "Y", redemption: { method: "steps", instructions: "{{code}}" } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("{{code}} is not a placeholder we can fill. Use {{email}}, {{user_id}}, {{external_user_id}} or {{partner_id}}.");

    await page.goto(`/deals/own/${html.body.id as string}`);
    await expect(page.getByLabel("Instructions", { exact: true })).toHaveValue('<p>Hello {{email}}, <a href="https://x.example/?p={{partner_id}}">start here</a></p>');
    await expect(preview(page)).toContainText("Hello ada@example.com, start here");
    await expect(preview(page).getByRole("link", { name: "start here" })).toHaveAttribute("href", `https://x.example/?p=${partner.partner_id}`);

    // The list draws each deal's logo; without one, the product's initials ("MP"), not "MA".
    await page.goto("/deals/own");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.locator(".deal-logo-initials")).toHaveText("MP");
  });

  test("the code pool shows who claimed which code and when, deletes unclaimed codes, exports CSV", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    const created = await v1(page, partner.keys.live, "POST", "/v1/partner-deals", {
      product_name: unique("Code perk"),
      short_description: "One code each",
      redemption: { method: "unique_code", instructions: "Use your code" },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await v1(page, partner.keys.live, "POST", `/v1/partner-deals/${id}/codes`, { codes: ["C-1", "C-2", "C-3", "=HYPERLINK(1)"] })).status).toBe(200);
    expect((await v1(page, partner.keys.live, "PATCH", `/v1/partner-deals/${id}`, { status: "live" })).status).toBe(200);
    const email = `claimer-${Date.now().toString(36)}@e2e.example`;
    const member = await v1(page, partner.keys.live, "POST", "/v1/users", { email, external_user_id: "crm-7" });
    expect(member.status).toBe(201);
    const claimed = await v1(page, partner.keys.live, "GET", `/v1/deals/${id}/instructions?user_id=${member.body.id as string}`);
    expect(claimed.status).toBe(200);
    const code = claimed.body.promo_code as string;

    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto(`/deals/own/${id}`);
    await page.getByRole("tab", { name: /Code pool/ }).click();
    const list = page.getByRole("list", { name: "Codes" });
    await expect(list.getByRole("listitem")).toHaveCount(4);
    const claimedRow = list.getByRole("listitem").filter({ hasText: code });
    await expect(claimedRow).toContainText("Claimed");
    await expect(claimedRow).toContainText(`by ${email} (your id crm-7) on`);
    await expect(claimedRow.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    await expect(claimedRow.getByRole("button")).toHaveCount(0);
    await checkPage(page);
    await screenshotBoth(page, "portal-own-deal-code-pool");

    // The CSV: every code, who claimed it, formula-looking cells escaped.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv.split(/\r?\n/)[0]).toBe("code,status,claimed_by_email,claimed_by_user_id,claimed_by_external_user_id,claimed_at,added_at");
    // The claimed code may be the formula-looking one, whose cell is escaped as below.
    const codeCell = code.startsWith("=") ? `"'${code}"` : code;
    expect(csv).toContain(`${codeCell},claimed,${email},${member.body.id as string},crm-7,`);
    // The claim may have drawn any code: the formula-like one is escaped whichever its status.
    expect(csv).toMatch(/^"'=HYPERLINK\(1\)",(available|claimed),/m);

    // Delete one unclaimed code: the dialog names it; the claimed one has no delete button.
    const free = ["C-1", "C-2", "C-3"].find((c) => c !== code)!;
    await page.getByRole("button", { name: `Delete code ${free}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`Delete the code ${free}?`);
    await dialog.getByRole("button", { name: "Delete code" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expect(list.getByText(free, { exact: true })).toHaveCount(0);

    // Delete every unclaimed code: the claimed one stays.
    await page.getByRole("button", { name: "Delete all unclaimed codes" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete 2 codes" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText(code);
    await expect(page.getByLabel("Code counts")).toContainText("Available0");
  });
});
