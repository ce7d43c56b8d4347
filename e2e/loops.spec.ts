// Closing the member programme's loops (issue 25) against the production build: a member asks for an
// approval-required deal, an admin approves it in the portal inbox, the member gets the email and the
// instructions; a decline carries its note; an inquiry is answered by email from the inbox; "Mark as
// redeemed" survives a reload and shows on My perks and on the member's portal page; a hidden shared
// deal leaves a previewed member's list. The e2e app has no SMTP: emails are read from its outbox.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { requireEnv } from "./env";
import { apiToken, bearer, createMember, demoPartner, signInWithLink } from "./hosted-support";
import { createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn, signInDemoAdmin, WIDTHS } from "./support";

type OutboxEmail = { kind: string; subject: string; text: string; html: string };

/** The emails the app queued for `to`, newest first (e2e/tools/read-outbox.ts on the app's database). */
function outbox(to: string): OutboxEmail[] {
  const env: NodeJS.ProcessEnv = { ...process.env, PERKWAY_DATA_DIR: requireEnv("E2E_DATA_DIR"), AUTH_SECRET: requireEnv("E2E_AUTH_SECRET"), LOG_LEVEL: "silent" };
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  else delete env.DATABASE_URL;
  const out = execFileSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "e2e/tools/read-outbox.ts", to], { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return JSON.parse(out) as OutboxEmail[];
}

async function emailOf(to: string, kind: string): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect.poll(() => (found = outbox(to).find((e) => e.kind === kind)), { timeout: 20_000 }).toBeTruthy();
  return found!;
}

async function dealIdNamed(request: Parameters<typeof apiToken>[0], token: string, name: string, userId?: string): Promise<string> {
  const res = await request.get(`/v1/deals?q=${encodeURIComponent(name)}&limit=5${userId ? `&user_id=${userId}` : ""}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  const deal = ((await res.json()).data as { id: string; product_name: string }[]).find((d) => d.product_name === name);
  expect(deal, `${name} in the demo catalogue`).toBeTruthy();
  return deal!.id;
}

/** The demo partner's admin in a browser context of their own, on the inbox filtered to one address. */
async function adminInbox(browser: Browser, search: string): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signInDemoAdmin(admin);
  await admin.goto("/inbox");
  await expect(admin.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await admin.getByRole("searchbox", { name: "Search" }).fill(search);
  await expect(admin.getByRole("row").filter({ hasText: search }).first()).toBeVisible();
  return admin;
}

test.describe("access requests, the inbox and redemption records", () => {
  // Two browser contexts, several pages, axe checks and screenshots at two widths each: on 2 shared cores
  // a flow takes 40–90 s.
  test.describe.configure({ timeout: 180_000 });

  test("request → approve in the inbox → email and instructions; Mark as redeemed on My perks and the member's page", async ({ page, request, browser }) => {
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.live);
    const member = await createMember(request, token);
    const dealId = await dealIdNamed(request, token, "Amplitude", member.id);

    await signInWithLink(page, member.sign_in_url, partner.name);
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/deals/${dealId}`);
    const panel = page.getByTestId("access-request");
    await expect(panel.getByRole("heading", { name: "Request access" })).toBeVisible();
    await expect(panel).toContainText("usually answers within 5 business days");
    await panel.getByLabel(/Anything .* should know\?/).fill("We are moving our analytics this quarter");
    await panel.getByRole("button", { name: "Request access" }).click();
    await expect(page.getByTestId("access-status")).toContainText("Waiting for");
    await page.reload();
    await expect(page.getByTestId("access-status")).toContainText("Waiting for");
    await expect(page.getByRole("button", { name: "Withdraw request" })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "loops-hosted-request-pending");

    const admin = await adminInbox(browser, member.email);
    await expect(admin.getByTestId("inbox-count").first()).toBeVisible();
    const row = admin.getByRole("row").filter({ hasText: member.email });
    await expect(row).toContainText("Access to Amplitude");
    await expect(row).toContainText("We are moving our analytics this quarter");
    await expectAccessible(admin);
    await screenshotBoth(admin, "loops-portal-inbox");
    await row.getByRole("button", { name: `Approve ${member.email}'s request (Access to Amplitude)` }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByLabel("Note for the member (optional)").fill("Welcome aboard");
    await expectAccessible(admin);
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(row.getByText("Approved", { exact: true }).filter({ visible: true })).toBeVisible();

    const email = await emailOf(member.email, "access_decision");
    expect(email.subject).toContain("Approved: your access to Amplitude");
    expect(email.text).toContain(`/deals/${dealId}`);
    expect(email.text).toContain("Welcome aboard");

    // The member follows the email's link: the deal is open, with its instructions.
    await page.goto(`${origin}/deals/${dealId}`);
    await expect(page.getByTestId("access-approved")).toContainText("approved your request");
    await page.getByRole("button", { name: "Get this deal" }).click();
    await expect(page.getByTestId("redeem-instructions")).toBeVisible();
    await page.getByRole("button", { name: "Mark as redeemed" }).click();
    await expect(page.getByTestId("redeemed-on")).toContainText("Redeemed on");
    await page.reload();
    await expect(page.getByTestId("redeemed-on")).toContainText("Redeemed on");
    await expect(page.getByRole("button", { name: "Get this deal" })).toHaveCount(0);

    await page.goto(`${origin}/perks`);
    const redeemed = page.getByRole("region", { name: "Redeemed deals" });
    await expect(redeemed.getByRole("link", { name: "Amplitude" })).toBeVisible();
    await expect(redeemed).toContainText("Marked as redeemed");
    const requests = page.getByRole("region", { name: "Access requests" });
    await expect(requests.getByRole("listitem").filter({ hasText: "Amplitude" })).toContainText("Approved");
    await expectAccessible(page);
    await screenshotBoth(page, "loops-hosted-my-perks");

    await admin.goto(`/members/${member.id}`);
    const redemptions = admin.getByRole("list", { name: "Redemptions" });
    await expect(redemptions).toContainText("Amplitude");
    // On a phone the redemptions fit their card (they scrolled sideways, cut off, as a table).
    const before = admin.viewportSize()!;
    await admin.setViewportSize(WIDTHS.phone);
    expect(await redemptions.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 375)).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await admin.setViewportSize(before);
    await expect(admin.getByRole("list", { name: "Access requests" })).toContainText("Approved");
    await expectAccessible(admin);
    await screenshotBoth(admin, "loops-portal-member");
  });

  test("a bulk decline with a note: the member's email and the deal say so, and they can ask again", async ({ page, request, browser }) => {
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.live);
    const member = await createMember(request, token);
    const dealId = await dealIdNamed(request, token, "Amplitude", member.id);
    await signInWithLink(page, member.sign_in_url, partner.name);
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/deals/${dealId}`);
    await page.getByTestId("access-request").getByRole("button", { name: "Request access" }).click();
    await expect(page.getByTestId("access-status")).toContainText("Waiting for");

    const admin = await adminInbox(browser, member.email);
    await admin.getByRole("checkbox", { name: `Select ${member.email}'s request (Access to Amplitude)` }).click();
    await admin.getByRole("region", { name: "Bulk decision" }).getByRole("button", { name: "Decline selected" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByLabel("Why (optional, sent to the member)").fill("Only for incorporated companies");
    await dialog.getByRole("button", { name: "Decline" }).click();
    await expect(admin.getByRole("row").filter({ hasText: member.email }).getByText("Declined", { exact: true }).filter({ visible: true })).toBeVisible();

    const email = await emailOf(member.email, "access_decision");
    expect(email.subject).toContain("was declined");
    expect(email.text).toContain("Only for incorporated companies");

    await page.reload();
    await expect(page.getByTestId("access-status")).toContainText("was declined");
    await expect(page.getByTestId("access-status")).toContainText("Only for incorporated companies");
    await expect(page.getByTestId("access-request").getByRole("button", { name: "Request access" })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "loops-hosted-request-declined");
  });

  test("an inquiry is answered by email from the inbox", async ({ page, request, browser }) => {
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.live);
    const member = await createMember(request, token);
    const dealId = await dealIdNamed(request, token, "Replicate", member.id);
    await signInWithLink(page, member.sign_in_url, partner.name);
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/deals/${dealId}`);
    await page.getByRole("button", { name: "Request access" }).click();
    await page.getByLabel("What would you like to ask?").fill("Does Replicate work for agencies?");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("inquiry-sent")).toBeVisible();

    const admin = await adminInbox(browser, member.email);
    const row = admin.getByRole("row").filter({ hasText: member.email });
    await expect(row).toContainText("Inquiry about Replicate");
    const dialog = admin.getByRole("dialog");
    await row.getByRole("button", { name: `Reply to ${member.email}` }).click();
    await expect(dialog).toContainText("Does Replicate work for agencies?");
    await dialog.getByLabel("Your reply").fill("Yes: agencies qualify for the first year.");
    // Opened once, it stays open with what was typed (it used to live in a table cell, remounted
    // whenever the list re-rendered, and closed under the admin's hands: this test clicked until
    // it stayed).
    await expect(dialog.getByLabel("Your reply")).toHaveValue("Yes: agencies qualify for the first year.");
    await expectAccessible(admin);
    await screenshotBoth(admin, "loops-portal-inbox-reply");
    await dialog.getByRole("button", { name: "Send reply" }).click();
    await expect(row.getByText("Replied", { exact: true }).filter({ visible: true })).toBeVisible();

    const email = await emailOf(member.email, "inquiry_reply");
    expect(email.subject).toBe("Re: your question about Replicate");
    expect(email.text).toContain("Yes: agencies qualify for the first year.");
  });

  test("a partner hides a shared deal and a previewed member no longer gets it", async ({ page, request }) => {
    const partner = createPartnerWithAdmin();
    const token = await apiToken(request, partner.keys.live);
    const dealId = await dealIdNamed(request, token, "Sentry");
    await signIn(page, partner.admin.email, partner.admin.password);

    const preview = async () => {
      await page.goto("/deals/preview");
      await page.getByRole("tab", { name: "Describe a member" }).click();
      await page.getByRole("button", { name: "Preview this member" }).click();
      await page.getByRole("tab", { name: /^Listed/ }).click();
      await page.getByLabel("Search in this preview").fill("Sentry");
    };
    await preview();
    await expect(page.getByRole("region", { name: "Deals this member gets" }).getByText("Sentry", { exact: true })).toBeVisible();

    await page.goto(`/deals/${dealId}`);
    await page.getByRole("button", { name: "Hide from my members" }).click();
    await expect(page.getByRole("button", { name: "Show again" })).toBeVisible();

    await preview();
    await expect(page.getByRole("region", { name: "Deals this member gets" }).getByText("Sentry", { exact: true })).toHaveCount(0);
    await page.getByRole("tab", { name: /^Hidden/ }).click();
    await expect(page.getByText("Hidden by you").first()).toBeVisible();
  });

  test("a locked deal names the missing answer; the member answers it in their profile and the deal opens", async ({ page, request, browser }) => {
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.live);
    const member = await createMember(request, token);
    const dealId = await dealIdNamed(request, token, "Clerky");
    await signInWithLink(page, member.sign_in_url, partner.name);
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/deals/${dealId}`);
    await expect(page.getByTestId("deal-locked")).toBeVisible();
    await expect(page.getByTestId("missing-answer")).toContainText("Your profile has no answer for “Country”.");
    await page.getByRole("link", { name: "Answer it in your profile" }).click();
    await expect(page.getByRole("heading", { name: "Your profile", level: 1 })).toBeVisible();
    await expect(page.getByText("A deal you opened needs this answer.")).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "loops-hosted-profile");
    await page.getByLabel("Two-letter country codes, e.g. DE, FR").fill("US");
    await page.getByRole("button", { name: "Save and go back to the deal" }).click();
    await expect(page).toHaveURL(new RegExp(`/deals/${dealId}$`));
    await expect(page.getByTestId("deal-locked")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reveal code" })).toBeVisible();

    // The partner's side: which questions members may answer (Settings).
    const admin = await (await browser.newContext()).newPage();
    await signInDemoAdmin(admin);
    await admin.goto("/settings");
    const card = admin.getByRole("group", { name: "Members may answer" });
    await expect(card.getByRole("checkbox", { name: "Country" })).toBeChecked();
    await expectAccessible(admin);
    await screenshotBoth(admin, "loops-portal-settings-profile");
  });
});
