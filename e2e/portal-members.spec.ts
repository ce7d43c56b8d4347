// Portal members (/members, /members/import) against the production build: a member created in the
// UI with the keyboard alone is found by GET /v1/users (with the demo partner's keys of the
// environment the portal's switch is on); sign-in link and delete; a CSV of 1,000 rows with 3 bad
// rows imports 997 with the keyboard alone and lists (and downloads) the 3 errors; the sandbox
// switch shows only sandbox members; another partner's admin never sees them; axe on each page.
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { requireEnv } from "./env";
import { checkPage, createPartnerWithAdmin, type KeyPair as Keys, screenshotBoth, signIn, v1, waitForHydration } from "./support";

type Credentials = { partners: { admin: { email: string }; keys: { live: Keys; test: Keys } }[] };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A /v1/users list as these tests read it. */
type UserList = { data?: { id: string; email: string; tier: string }[] };

function demoKeys(): { live: Keys; test: Keys } {
  const creds = JSON.parse(fs.readFileSync(requireEnv("E2E_CREDENTIALS_FILE"), "utf8")) as Credentials;
  const demo = creds.partners.find((p) => p.admin.email === requireEnv("E2E_ADMIN_EMAIL"));
  if (!demo) throw new Error("the demo admin's partner is not in E2E_CREDENTIALS_FILE");
  return demo.keys;
}

/** The portal's current environment, as its switch shows it. */
async function portalEnvironment(page: Page): Promise<"live" | "test"> {
  const sandbox = page.getByRole("radiogroup", { name: "Environment" }).getByRole("radio", { name: "Sandbox" });
  return (await sandbox.getAttribute("aria-checked")) === "true" ? "test" : "live";
}

/** Presses Tab until `target` has the focus (keyboard-only flows). */
async function tabTo(page: Page, target: ReturnType<Page["getByRole"]>, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the target");
}

/** The members table has its first answer (the shared CI machine can be slow). */
async function loaded(page: Page) {
  await expect(page.locator("main [data-slot=skeleton]")).toHaveCount(0, { timeout: 45_000 });
}

test.describe("portal members", () => {
  test.describe.configure({ timeout: 120_000 });
  test("create a member with the keyboard alone, find it with GET /v1/users, copy its sign-in link, delete it", async ({ page }) => {
    await signIn(page, requireEnv("E2E_ADMIN_EMAIL"), requireEnv("E2E_ADMIN_PASSWORD"));
    await page.goto("/members");
    await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
    await loaded(page);
    const env = await portalEnvironment(page);
    const email = `ui-${unique()}@example.com`;

    // Keyboard only: open the dialog, type, submit with Enter.
    const add = page.getByRole("button", { name: "Add member" }).first();
    await tabTo(page, add);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `Add a ${env === "test" ? "sandbox" : "live"} member` })).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeFocused();
    await page.keyboard.type("not-an-email");
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("must be a valid email address")).toBeVisible();
    await page.keyboard.press("Control+A");
    await page.keyboard.type(email);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("cell", { name: email, exact: true })).toBeVisible();

    const listed = await v1<UserList>(page, demoKeys()[env], "GET", `/v1/users?email=${encodeURIComponent(email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data?.map((u) => u.email)).toEqual([email]);

    await page.getByRole("button", { name: `Copy sign-in link for ${email}` }).click();
    const link = page.getByLabel("Sign-in link", { exact: true });
    await expect(link).toHaveValue(/\/auth\/magic\?token=[A-Za-z0-9_-]{43}$/);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: `Delete ${email}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("events stay counted anonymously");
    await confirm.getByRole("button", { name: "Delete member" }).click();
    // While the confirmation is open the table is aria-hidden: wait for it to close first.
    await expect(confirm).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText(`Deleted ${email}`)).toBeVisible();
    await expect(page.getByRole("cell", { name: email, exact: true })).toBeHidden();
    expect((await v1<UserList>(page, demoKeys()[env], "GET", `/v1/users?email=${encodeURIComponent(email)}`)).body.data).toEqual([]);
  });

  test("CSV import with the keyboard alone: 1,000 rows with 3 bad ones import 997 and list the 3 errors", async ({ page }, testInfo) => {
    const partner = createPartnerWithAdmin();
    const run = unique();
    const lines = ["Email,External ID,Plan,Regions,Company size"];
    for (let i = 0; i < 1000; i++) {
      const email = i === 17 ? "not-an-email" : `csv-${run}-${i}@example.com`;
      const tier = i === 400 ? "gold" : i % 3 ? "free" : "premium";
      const size = i === 801 ? "huge" : "1-10";
      lines.push(`${email},crm-${run}-${i},${tier},Europe;Asia,${size}`);
    }
    const file = testInfo.outputPath("members.csv");
    fs.writeFileSync(file, lines.join("\n"));

    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/members/import");
    await expect(page.getByRole("heading", { name: "Import members", level: 1 })).toBeVisible();
    await checkPage(page);

    const input = page.getByLabel("CSV file");
    await waitForHydration(page); // a file chosen before hydration never reaches React's onChange
    await tabTo(page, input);
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Space");
    await (await chooser).setFiles(file);
    await expect(page.getByText("997 of 1,000 rows are ready to import")).toBeVisible();
    // The rows with problems are listed before anything is sent (issue 44).
    const before = page.getByRole("table", { name: "Rows with problems" });
    await expect(before.getByRole("row")).toHaveCount(4);
    await expect(before.getByRole("row").nth(1)).toContainText("not-an-email");
    // Columns were matched by their names.
    await expect(page.getByRole("combobox", { name: "Email (required)" })).toHaveText("Email");
    await expect(page.getByRole("combobox", { name: "Tier" })).toHaveText("Plan");
    await expect(page.getByRole("table", { name: "Preview of the first rows" }).getByRole("row")).toHaveCount(6);
    await checkPage(page);
    await screenshotBoth(page, "portal-members-import-mapped");

    const importButton = page.getByRole("button", { name: "Import 997 live members" });
    await tabTo(page, importButton);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Import summary" })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId("import-created")).toHaveText("997");
    await expect(page.getByTestId("import-existing")).toHaveText("0");
    await expect(page.getByTestId("import-errors")).toHaveText("3");
    const errors = page.getByRole("table", { name: "Rows not imported" });
    await expect(errors.getByRole("row")).toHaveCount(4);
    await expect(errors.getByRole("row").nth(1)).toContainText("19");
    await expect(errors.getByRole("row").nth(1)).toContainText("not-an-email");
    await expect(errors.getByRole("row").nth(2)).toContainText(`csv-${run}-400@example.com`);
    await expect(errors.getByRole("row").nth(3)).toContainText("Company size must be one of");

    const download = page.waitForEvent("download");
    await tabTo(page, page.getByRole("button", { name: "Download problems as CSV" }));
    await page.keyboard.press("Enter");
    const saved = testInfo.outputPath("errors.csv");
    await (await download).saveAs(saved);
    const csv = fs.readFileSync(saved, "utf8").trim().split(/\r?\n/);
    expect(csv[0]).toBe("row,email,field,error");
    expect(csv).toHaveLength(4);

    await checkPage(page);
    await screenshotBoth(page, "portal-members-import-summary");
    const count = await v1<UserList>(page, partner.keys.live, "GET", `/v1/users?limit=1&email=${encodeURIComponent(`csv-${run}-999@example.com`)}`);
    expect(count.body.data?.[0]?.tier).toBe("premium"); // row 999: 999 % 3 === 0
  });

  test("the sandbox switch shows only sandbox members; another partner's admin sees none of them", async ({ page, browser }) => {
    const a = createPartnerWithAdmin();
    const liveEmail = `live-${unique()}@example.com`;
    const sandboxEmail = `sandbox-${unique()}@example.com`;
    expect((await v1(page, a.keys.live, "POST", "/v1/users", { email: liveEmail, tier: "premium" })).status).toBe(201);
    const sandboxMember = await v1(page, a.keys.test, "POST", "/v1/users", { email: sandboxEmail });
    expect(sandboxMember.status).toBe(201);

    await signIn(page, a.admin.email, a.admin.password);
    await page.goto("/members");
    await loaded(page);
    await expect(page.getByRole("cell", { name: liveEmail, exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: sandboxEmail, exact: true })).toBeHidden();
    await checkPage(page);
    await screenshotBoth(page, "portal-members-live");

    await page.getByRole("radiogroup", { name: "Environment" }).getByRole("radio", { name: "Sandbox" }).click();
    await expect(page.getByRole("cell", { name: sandboxEmail, exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("cell", { name: liveEmail, exact: true })).toBeHidden();
    await expect(page.getByText("sandbox deal app")).toBeVisible();
    // Filters go to the server: premium is the live member only.
    await page.getByLabel("Tier").click();
    await page.getByRole("option", { name: "premium" }).click();
    await expect(page.getByText("No members match")).toBeVisible();
    await checkPage(page);
    await screenshotBoth(page, "portal-members-sandbox-filtered");

    // Partner B: A's members are nowhere, and A's member id answers NOT_FOUND.
    const b = createPartnerWithAdmin();
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, b.admin.email, b.admin.password);
    await other.goto("/members");
    await loaded(other);
    await expect(other.getByRole("heading", { name: "No live members yet" })).toBeVisible();
    await other.getByLabel("Search members").fill(liveEmail);
    await expect(other.getByText("No members match")).toBeVisible();
    const res = await other.request.get(`/api/trpc/members.get?input=${encodeURIComponent(JSON.stringify({ id: sandboxMember.body.id }))}`);
    expect(res.status()).toBe(404);
    await other.goto("/activity");
    await expect(other.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
    await expect(other.getByText(a.admin.email)).toBeHidden();
    await checkPage(other);
    await otherContext.close();
  });

  test("empty state says what to do next", async ({ page }) => {
    const p = createPartnerWithAdmin();
    await signIn(page, p.admin.email, p.admin.password);
    await page.goto("/members");
    await loaded(page);
    await expect(page.getByRole("heading", { name: "No live members yet" })).toBeVisible();
    await expect(page.getByText("create them from your backend through the API")).toBeVisible();
    await expect(page.getByText("/v1/")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Import CSV" }).first()).toBeVisible();
    await checkPage(page);
    await screenshotBoth(page, "portal-members-empty");
  });
});
