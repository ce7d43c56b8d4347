// Super admin area against the production build: create a partner whose first admin signs in with
// the set-password link; deactivate it (its keys get 403 partner_inactive over /v1); create a
// servicepass deal and mark it api_excluded (it leaves GET /v1/deals, stays in the hosted app);
// import a CSV of 50 deals with 2 bad rows; categories and platform pages. axe-core on every page,
// screenshots at 1280 and 375 px. The spec uses its own super admin (created with the CLI), so its
// "view as" never changes the shared demo super admin's session.
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { cli, createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn, waitForHydration } from "./support";
import { requireEnv } from "./env";

// Each test stands alone (its own data); the super admin is created once per worker.

const run = `${Date.now().toString(36)}${process.pid.toString(36)}`; // one per worker process
const superAdmin = { email: `ops-${run}@e2e.example`, password: `pw-super-${run}-0123456789` };

type Keys = { public_key: string; private_key: string };

async function v1(page: Page, keys: Keys, path: string) {
  const auth = await page.request.post("/v1/authentications", { data: keys });
  if (auth.status() !== 200) return { status: auth.status(), body: await auth.json() };
  const { jwt_token } = await auth.json();
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${jwt_token}` } });
  return { status: res.status(), body: await res.json() };
}

function demoPartner() {
  const creds = JSON.parse(fs.readFileSync(requireEnv("E2E_CREDENTIALS_FILE"), "utf8"));
  return creds.partners[0] as { subdomain: string; keys: { test: Keys; live: Keys } };
}

test.beforeAll(() => {
  cli("admin:create", "--email", superAdmin.email, "--role", "super_admin", "--password", superAdmin.password);
});

test("create a partner; its first admin sets a password and sees an empty portal; deactivation stops its keys", async ({ page, browser }) => {
  // The longest journey of the suite (two browsers, five axe checks, four pages shot at two widths):
  // 78 s alone on a slow day, so 90 s was too tight once the whole suite shared the two cores.
  test.setTimeout(180_000);
  await signIn(page, superAdmin.email, superAdmin.password);
  await page.goto("/partners");
  await expect(page.getByRole("heading", { name: "Partners", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-partners");

  const name = `E2E Ventures ${run}`;
  const adminEmail = `first-${run}@e2e.example`;
  await page.getByRole("button", { name: "New partner" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Partner name").fill(name);
  await dialog.getByLabel("Europe").check();
  await dialog.getByRole("textbox", { name: "Subdomain" }).fill(`e2e-${run}`);
  await dialog.getByLabel("API only: the partner builds the UI").check();
  await dialog.getByLabel("First admin's email").fill(adminEmail);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Create partner" }).click();

  await expect(dialog.getByRole("heading", { name: `${name} is ready` })).toBeVisible();
  const setPasswordUrl = await dialog.getByRole("textbox", { name: "Set-password link" }).inputValue();
  const keys: Keys = { public_key: await dialog.getByRole("textbox", { name: "Sandbox public key" }).inputValue(), private_key: await dialog.getByRole("textbox", { name: "Sandbox private key" }).inputValue() };
  expect(keys.private_key.length).toBeGreaterThan(20);
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-partner-created");
  expect((await v1(page, keys, "/v1/deals?limit=1")).status).toBe(200);

  // The first admin chooses a password with the link, then signs in to an empty portal.
  const ctx = await browser.newContext();
  const adminPage = await ctx.newPage();
  const password = `pw-first-${run}-0123456789`;
  await adminPage.goto(setPasswordUrl);
  await adminPage.getByLabel("New password", { exact: true }).fill(password);
  await adminPage.getByLabel("Confirm password").fill(password);
  await adminPage.getByRole("button", { name: /set password/i }).click();
  // Setting the password signs the admin in.
  await expect(adminPage).toHaveURL((u) => u.pathname === "/");
  const me = await adminPage.request.get("/api/trpc/partner.get");
  expect((await me.json()).result.data.name).toBe(name);

  // Deactivate: the keys get 403 partner_inactive on the next request, the admin loses the portal.
  await dialog.getByRole("link", { name: `Open ${name}` }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-partner-detail");
  await page.getByRole("button", { name: "Deactivate partner" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: `Deactivate ${name}` }).click();
  await expect(page.getByText("Inactive", { exact: true }).first()).toBeVisible();
  const refused = await v1(page, keys, "/v1/deals?limit=1");
  expect(refused.status).toBe(403);
  expect(refused.body.error.code).toBe("partner_inactive");
  await adminPage.goto("/");
  await expect(adminPage).toHaveURL(/\/login/);
  await ctx.close();

  // View as (read-only) is recorded, and "Exit view as" returns to the super-admin pages.
  await page.getByRole("button", { name: "Activate partner" }).click();
  await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: `View as ${name} (read-only)` }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/");
  await page.getByRole("button", { name: "Exit view as" }).click();
  await expect(page).toHaveURL(/\/partners$/); // Exit view as reloads onto the partner list
  await page.goto("/platform");
  await expect(page.getByRole("heading", { name: "Platform", level: 1 })).toBeVisible();
  await expect(page.getByText(`Opened ${name}'s portal read-only`)).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-platform");
});

test("a servicepass deal marked api_excluded leaves GET /v1/deals and stays in the hosted app", async ({ page }) => {
  test.setTimeout(90_000);
  const demo = demoPartner();
  const product = `E2E Credits ${run}`;
  await signIn(page, superAdmin.email, superAdmin.password);
  await page.goto("/catalogue/new");
  await expect(page.getByRole("heading", { name: "New catalogue deal" })).toBeVisible();
  await page.getByLabel("Product name", { exact: true }).first().fill(product); // (the translation tabs have their own)
  await page.getByLabel("Slug").fill(`e2e-credits-${run}`);
  await page.getByLabel("Short description", { exact: true }).first().fill("Credits for the end-to-end suite");
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Live" }).click();
  await page.getByLabel("Redeem URL").fill("https://example.com/redeem?e={{email}}");
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-catalogue-new");
  await page.getByRole("button", { name: "Create deal" }).click();
  await expect(page).toHaveURL(/\/catalogue\/[0-9a-f-]{36}$/);
  const dealId = page.url().split("/").pop()!;

  const listed = async () => (await v1(page, demo.keys.test, `/v1/deals?q=${encodeURIComponent(product)}`)).body.data.map((d: { id: string }) => d.id);
  expect(await listed()).toEqual([dealId]);

  await page.getByRole("switch", { name: "Excluded from the API" }).click();
  await page.getByRole("button", { name: "Save deal" }).click();
  await expect(page.getByText(`Saved ${product}`)).toBeVisible();
  expect(await listed()).toEqual([]);
  expect((await v1(page, demo.keys.test, `/v1/deals/${dealId}`)).status).toBe(404);
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-catalogue-edit");

  // The hosted app still shows it to a member of the demo partner (sandbox).
  const auth = await page.request.post("/v1/authentications", { data: demo.keys.test });
  const { jwt_token } = await auth.json();
  const user = await page.request.post("/v1/users", { headers: { authorization: `Bearer ${jwt_token}` }, data: { email: `member-${run}@e2e.example` } });
  const signInUrl = (await user.json()).sign_in_url as string;
  const member = await page.context().browser()!.newContext();
  const memberPage = await member.newPage();
  // The magic-link page may replace itself while loading (an aborted first navigation is fine).
  await memberPage.goto(signInUrl, { waitUntil: "commit" }).catch(() => undefined);
  await memberPage.getByRole("button", { name: /continue/i }).click();
  await expect(memberPage.getByTestId("deal-list")).toBeVisible();
  // The list pages 24 at a time: the member searches for it, as they would.
  await memberPage.goto(`${new URL(memberPage.url()).origin}${new URL(memberPage.url()).pathname.replace(/\/$/, "")}/?q=${encodeURIComponent(product)}`);
  await expect(memberPage.getByText(product).first()).toBeVisible();
  await member.close();

  await page.goto("/catalogue");
  await page.getByLabel("Search deals").fill(product);
  await expect(page.getByRole("link", { name: product })).toBeVisible();
  // In the deal's own row (the badge also appears elsewhere on the page).
  await expect(page.getByRole("row").filter({ hasText: product }).getByText("API excluded").first()).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-catalogue");
});

test("imports a CSV of 50 deals with 2 bad rows: 48 imported, the 2 errors listed", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, superAdmin.email, superAdmin.password);
  await page.goto("/catalogue");
  const header = "slug,product_name,short_description,status,categories,tags,redemption.method,redemption.redeem_url";
  const rows = Array.from({ length: 50 }, (_, i) => {
    const status = i === 11 ? "sideways" : "live";
    const method = i === 37 ? "carrier-pigeon" : "url";
    return `csv-${run}-${i},CSV deal ${run} ${i},Imported from CSV,${status},csv-${run}|CSV ${run},new;popular,${method},https://example.com/${i}`;
  });
  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Catalogue file (JSON or CSV)").setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from([header, ...rows].join("\n")) });
  await expect(dialog.getByTestId("import-preview")).toContainText("50 rows: 48 ready to import");
  await expect(dialog.getByTestId("import-preview")).toContainText("2 with errors");
  await expect(dialog.getByTestId("import-error-row")).toHaveCount(2);
  await expect(dialog.getByTestId("import-error-row").nth(0)).toContainText("Line 13");
  await expect(dialog.getByTestId("import-error-row").nth(1)).toContainText("Line 39");
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-import-preview");
  await dialog.getByRole("button", { name: "Import 48 valid rows" }).click();
  await expect(dialog.getByText("Imported 48 new and 0 updated deals")).toBeVisible();
  await expect(dialog.getByTestId("import-error-row")).toHaveCount(2);
  await expect(dialog.getByTestId("import-error-row").nth(0)).toContainText("status");
  await expect(dialog.getByTestId("import-error-row").nth(1)).toContainText("redemption.method");
});

test("categories: add, rename, reorder with the keyboard, merge", async ({ page }) => {
  await signIn(page, superAdmin.email, superAdmin.password);
  await page.goto("/categories");
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  const a = `Alpha ${run}`;
  const b = `Beta ${run}`;
  await waitForHydration(page); // typing before hydration would be lost
  for (const name of [a, b]) {
    await page.getByLabel("New category name").fill(name);
    await expect(page.getByRole("button", { name: "Add category" })).toBeEnabled();
    await page.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  }
  const up = page.getByRole("button", { name: `Move ${b} up` });
  await up.focus();
  await page.keyboard.press("Enter");
  const names = async () => page.getByRole("row").allInnerTexts();
  await expect.poll(async () => (await names()).findIndex((t) => t.includes(b)) < (await names()).findIndex((t) => t.includes(a))).toBe(true);

  await page.getByRole("button", { name: `Rename ${a}` }).click();
  await page.getByRole("dialog").getByLabel("Category name").fill(`${a} renamed`);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("cell", { name: `${a} renamed`, exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-categories");

  await page.getByRole("button", { name: `Merge ${b} into another category` }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByRole("combobox", { name: "Merge into" }).click();
  await page.getByRole("option", { name: `${a} renamed` }).click();
  await confirm.getByRole("button", { name: `Merge into ${a} renamed and delete ${b}` }).click();
  await expect(page.getByRole("cell", { name: b, exact: true })).toHaveCount(0);
});

test("a partner page opened by an unknown id is a 404 page whose links work", async ({ page }) => {
  await signIn(page, superAdmin.email, superAdmin.password);
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-partner"]) {
    const response = await page.goto(`/partners/${id}`);
    expect(response?.status(), id).toBe(404);
    await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  }
  await expectAccessible(page);
  await screenshotBoth(page, "portal-not-found");
  await page.getByRole("link", { name: "Go to the portal home" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/");
});

test("edit a partner's settings: saved on its behalf and recorded in the platform log in readable dates and one-line names", async ({ page }) => {
  test.setTimeout(120_000);
  const partner = createPartnerWithAdmin();
  await signIn(page, superAdmin.email, superAdmin.password);
  await page.goto(`/partners/${partner.partner_id}`);
  await expect(page.getByRole("heading", { name: partner.name, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Edit settings" }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${partner.name}’s settings` });
  await expect(dialog.getByLabel("Partner name")).toHaveValue(partner.name);
  await dialog.getByLabel("Upgrade link (optional)").fill("not a link");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog.getByText(/https/).first()).toBeVisible();
  const renamed = `${partner.name} renamed`;
  await dialog.getByLabel("Partner name").fill(renamed);
  await dialog.getByLabel("Upgrade link (optional)").fill("https://example.com/upgrade");
  await dialog.getByRole("switch", { name: "Freemium" }).click();
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-partner-edit");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  await expect(page.getByText("https://example.com/upgrade")).toBeVisible();
  // The partner's own API sees the change: it was saved, not just shown.
  expect((await v1(page, partner.keys.test, "/v1/deals?limit=1")).status).toBe(200);

  await page.goto("/platform");
  // Many partners (the list is longer than the screen): move to this one's option and choose it with
  // Enter, as a keyboard user does. Typing its name relied on the select's typeahead, whose buffer
  // resets after a second without a key: on a slow run it jumped to another "E2E …" partner; and a
  // click cannot reach an option below the select's scrolled list.
  await page.getByRole("combobox", { name: "Show activity of" }).click();
  const option = page.getByRole("option", { name: renamed, exact: true });
  await option.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("combobox", { name: "Show activity of" })).toHaveText(renamed);
  const entry = page.getByRole("row").filter({ hasText: "Updated settings: name, freemium enabled, upgrade url" });
  await expect(entry).toHaveCount(1);
  // Dates in words, the portal's one format in the admin's time zone ("Nov 26, 2026, 5:46 PM UTC":
  // src/lib/format-date.ts), not the browser's numeric locale string.
  await expect(entry.locator("time").first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M \S+$/);
  // Who: the super admin's email breaks only at "@" or a dot, never inside a word (it wrapped every
  // few characters before): each part of the address is laid out on a single line.
  const who = entry.getByTestId("activity-who");
  await expect(who).toHaveText(superAdmin.email);
  // (A part that starts a new line also leaves an empty fragment where its <wbr> sits: not counted.)
  const lines = await who.locator("span span").evaluateAll((parts) => parts.map((p) => [...p.getClientRects()].filter((r) => r.width > 1).length));
  expect(lines.length).toBeGreaterThan(2);
  expect(lines.every((n) => n === 1), `line boxes per part: ${lines.join(",")}`).toBe(true);
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-platform-log");
});

test("the partner list shows members per environment and the last activity", async ({ page }) => {
  const partner = createPartnerWithAdmin();
  const auth = await page.request.post("/v1/authentications", { data: partner.keys.test });
  const { jwt_token } = await auth.json();
  for (const n of [1, 2]) {
    const res = await page.request.post("/v1/users", { headers: { authorization: `Bearer ${jwt_token}` }, data: { email: `listed-${n}-${run}@e2e.example` } });
    expect(res.status()).toBe(201);
  }
  await signIn(page, superAdmin.email, superAdmin.password);
  await page.goto("/partners");
  await page.getByLabel("Search partners").fill(partner.name);
  const row = page.getByRole("row").filter({ hasText: partner.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").filter({ hasText: "0 live" })).toContainText("2 sandbox");
  await expect(row.locator("time")).toHaveText(/just now|seconds? ago|minutes? ago/);
  await expect(page.getByRole("columnheader", { name: "Members" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Last activity" })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-partners-list");
});

test("the catalogue's header buttons stay on one line at 1280 px; the export menu downloads CSV", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, superAdmin.email, superAdmin.password);
  await page.goto("/catalogue");
  await expect(page.getByRole("heading", { name: "Servicepass catalogue", level: 1 })).toBeVisible();
  const buttons = [page.getByRole("link", { name: "New deal" }), page.getByRole("button", { name: "Import" }), page.getByRole("button", { name: "Export" })];
  const tops = await Promise.all(buttons.map(async (b) => (await b.boundingBox())!.y));
  expect(Math.max(...tops) - Math.min(...tops), "one row of buttons").toBeLessThan(4);
  for (const b of buttons) expect((await b.boundingBox())!.height, "no button wraps its label").toBeLessThan(44);

  await page.getByRole("button", { name: "Export" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "CSV file (spreadsheets)" }).click();
  expect((await download).suggestedFilename()).toMatch(/^servicepass-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectAccessible(page);
  await screenshotBoth(page, "super-admin-catalogue-header");
});
