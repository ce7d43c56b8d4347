// Portal members, issue 26 item 4: a card list on phones (no page wider than the screen), emails
// that wrap only before the @, search and filters kept in the URL (reload, back/forward, a member's
// page and back), bulk CSV export (selection and every matching member, formula cells escaped) and
// bulk delete behind a confirmation naming the members; axe and screenshots at 1280 and 375 px.
import fs from "node:fs";
import Papa from "papaparse";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn, WIDTHS } from "./support";

type Keys = { public_key: string; private_key: string };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function createMembers(page: Page, keys: Keys, users: Record<string, unknown>[]) {
  const auth = await page.request.post("/v1/authentications", { data: keys });
  expect(auth.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await auth.json()) as { jwt_token: string }).jwt_token}` };
  for (const user of users) expect((await page.request.post("/v1/users", { headers, data: user })).status()).toBe(201);
  return headers;
}

async function loaded(page: Page) {
  await expect(page.locator("main [data-slot=skeleton]")).toHaveCount(0, { timeout: 45_000 });
}

/** A line may start at the @ or after a hyphen (a word's end), never inside a word. */
function expectWordBreaks(email: string, starts: number[]) {
  for (const i of starts) expect(email[i] === "@" || email[i - 1] === "-", `the email wraps inside a word, before "${email.slice(i)}"`).toBe(true);
}

/** Where the element's text wraps: the index of each character that starts a new line. */
async function lineStarts(link: Locator): Promise<number[]> {
  return link.evaluate((el) => {
    const starts: number[] = [];
    let index = 0;
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++, index++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (lastTop !== null && top > lastTop + 2) starts.push(index);
        lastTop = top;
      }
    }
    return starts;
  });
}

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function download(page: Page, click: () => Promise<void>) {
  const waiting = page.waitForEvent("download");
  await click();
  const file = await waiting;
  return { name: file.suggestedFilename(), rows: Papa.parse<Record<string, string>>(fs.readFileSync((await file.path())!, "utf8"), { header: true, skipEmptyLines: true }).data };
}

test.describe("portal members on phones and in bulk", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a card list at 375 px, emails wrap only before the @, filters in the URL, bulk export and delete", async ({ page }) => {
    const p = createPartnerWithAdmin();
    const run = unique();
    const long = `alexandra.konstantinopoulou-${run}@very-long-company-domain-name.example`;
    const premium = [long, `premium2-${run}@example.com`, `premium3-${run}@example.com`];
    const free = `free-${run}@example.com`;
    const headers = await createMembers(page, p.keys.live, [
      { email: premium[0], tier: "premium", external_user_id: `=HYPERLINK("x")-${run}` },
      { email: premium[1], tier: "premium" },
      { email: premium[2], tier: "premium" },
      { email: free },
    ]);

    await page.setViewportSize(WIDTHS.phone);
    await signIn(page, p.admin.email, p.admin.password);
    await page.goto("/members");
    await loaded(page);
    // Phones: one card per member in a list, no table, nothing wider than the screen.
    const cards = page.getByRole("list", { name: "Live members" });
    await expect(cards.getByRole("article")).toHaveCount(4);
    await expect(page.getByRole("table")).toBeHidden();
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTHS.phone.width);
    const card = cards.getByRole("article", { name: long });
    for (const action of [`Send sign-in email to ${long}`, `Copy sign-in link for ${long}`, `Edit ${long}`, `Delete ${long}`]) await expect(card.getByRole("button", { name: action })).toBeVisible();
    await expect(card.getByText("Premium")).toBeVisible();
    const phoneLink = card.getByRole("link", { name: long });
    const phoneBreaks = await lineStarts(phoneLink);
    expect(phoneBreaks.length).toBeGreaterThan(0);
    expectWordBreaks(long, phoneBreaks);
    await expectAccessible(page);

    // Filters and search go into the URL, and come back from it.
    await page.getByLabel("Tier").click();
    await page.getByRole("option", { name: "Premium" }).click();
    await expect(page).toHaveURL(/[?&]tier=premium/);
    await expect(cards.getByRole("article")).toHaveCount(3);
    await page.getByLabel("Search members").fill("premium");
    await expect(page).toHaveURL(/[?&]q=premium/);
    await expect(cards.getByRole("article")).toHaveCount(2);
    await page.reload();
    await loaded(page);
    await expect(page.getByLabel("Search members")).toHaveValue("premium");
    await expect(page.getByRole("combobox", { name: "Tier" })).toHaveText("Premium");
    await expect(cards.getByRole("article")).toHaveCount(2);
    await screenshotBoth(page, "portal-members-filtered");

    // A member's page and back: still filtered. Back once more: before the search; then forward.
    await cards.getByRole("link", { name: premium[1] }).click();
    await expect(page).toHaveURL(/\/members\/[0-9a-f-]{36}$/);
    await page.goBack();
    await expect(page.getByLabel("Search members")).toHaveValue("premium");
    await expect(cards.getByRole("article")).toHaveCount(2);
    await page.getByLabel("Search members").fill("");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(cards.getByRole("article")).toHaveCount(4);
    await page.goBack();
    await expect(page.getByRole("combobox", { name: "Tier" })).toHaveText("Premium");
    await expect(cards.getByRole("article")).toHaveCount(3);
    await page.goForward();
    await expect(page.getByRole("combobox", { name: "Tier" })).toHaveText("All");
    await expect(cards.getByRole("article")).toHaveCount(4);

    // Wide screens: the table; the long email wraps only before the @ there too.
    await page.setViewportSize(WIDTHS.desktop);
    const table = page.getByRole("table", { name: "Live members" });
    await expect(table).toBeVisible();
    await expect(cards).toBeHidden();
    expectWordBreaks(long, await lineStarts(table.getByRole("link", { name: long })));

    // Export every matching member (a filter), then the selection.
    await page.getByLabel("Tier").click();
    await page.getByRole("option", { name: "Premium" }).click();
    await expect(table.getByRole("row")).toHaveCount(4);
    const matching = await download(page, () => page.getByRole("button", { name: "Export matching members (CSV)" }).click());
    expect(matching.name).toMatch(/^perkway-members-live-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(matching.rows.map((r) => r.email).sort()).toEqual([...premium].sort());
    // A cell a spreadsheet would run as a formula is escaped, as in every CSV we write.
    expect(matching.rows.find((r) => r.email === long)?.external_user_id).toBe(`'=HYPERLINK("x")-${run}`);

    await table.getByRole("checkbox", { name: `Select ${premium[1]}` }).check();
    await table.getByRole("checkbox", { name: `Select ${premium[2]}` }).check();
    const bar = page.getByRole("region", { name: "Selected members" });
    await expect(bar).toContainText("2 members selected");
    const selected = await download(page, () => bar.getByRole("button", { name: "Export selected (CSV)" }).click());
    expect(selected.rows.map((r) => r.email).sort()).toEqual([premium[1], premium[2]].sort());
    expect(Object.keys(selected.rows[0])).toEqual(expect.arrayContaining(["email", "external_user_id", "tier", "regions", "company_size", "created_at"]));
    await expectAccessible(page);
    await screenshotBoth(page, "portal-members-selected");

    // Delete the selection: the confirmation names them; cancel keeps them, confirm erases them.
    await bar.getByRole("button", { name: "Delete selected" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: "Delete 2 members?" })).toBeVisible();
    await expect(confirm.getByRole("list", { name: "Members to delete" })).toContainText(premium[1]);
    await expect(confirm.getByRole("list", { name: "Members to delete" })).toContainText(premium[2]);
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(table.getByRole("row")).toHaveCount(4);
    await bar.getByRole("button", { name: "Delete selected" }).click();
    await confirm.getByRole("button", { name: "Delete 2 members" }).click();
    await expect(confirm).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText("Deleted 2 members")).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(bar).toBeHidden();
    for (const email of [premium[1], premium[2]]) {
      const res = await page.request.get(`/v1/users?email=${encodeURIComponent(email)}`, { headers });
      expect(((await res.json()) as { data: unknown[] }).data).toEqual([]);
    }
    const kept = await page.request.get(`/v1/users?email=${encodeURIComponent(free)}`, { headers });
    expect(((await kept.json()) as { data: unknown[] }).data).toHaveLength(1);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    await screenshotBoth(page, "portal-members-after-bulk-delete");
  });
});
