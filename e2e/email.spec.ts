// Email end to end, as a person meets it. The e2e app runs without SMTP_URL, so every email is kept
// in the outbox and read here the way an operator reads it: on the super admins' Mailbox page.
//   - a member with no link asks for one on the hosted app, opens it from the email and is in;
//   - the same inside the widget (a cross-site iframe on the partner's page): the link comes back to that page;
//   - an address that may not sign in gets the same answer and no email;
//   - an admin resets a forgotten password from the email.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { cli, createPartnerWithAdmin, expectAccessible, screenshotBoth, signIn, signInSuperAdmin, signInThroughForm, waitForHydration } from "./support";
import { apiToken, createMember, serveSnippetPage, subdomainOrigin } from "./hosted-support";

const ANSWER = "If this address can sign in, a link is on its way.";

/** The links of the newest email to `to` with `subject`, read on the Mailbox page by a super admin. */
async function linksFromMailbox(browser: Browser, to: string, subject: string | RegExp, opts: { screenshots?: boolean } = {}): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInSuperAdmin(page);
    await page.goto("/mailbox");
    await expect(page.getByRole("heading", { name: "Mailbox" })).toBeVisible();
    await page.getByLabel("Search recipient or subject").fill(to);
    await page.getByRole("link", { name: subject }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText(to, { exact: true })).toBeVisible();
    const links = await page.getByRole("list", { name: "Links in this email" }).getByRole("link").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    if (opts.screenshots) {
      await screenshotBoth(page, "mailbox-email");
      // axe waits forever on a script-less sandboxed frame: check the page with the text part shown
      // (the frame's content is the email, not the portal).
      await page.getByRole("tab", { name: "Plain text" }).click();
      await expect(page.getByTestId("email-text")).toContainText("Sign in to");
      await expectAccessible(page);
      await page.goto("/mailbox");
      await expect(page.getByRole("table")).toBeVisible();
      await expectAccessible(page);
      await screenshotBoth(page, "mailbox-list");
    }
    return links;
  } finally {
    await context.close();
  }
}

async function mailboxCount(browser: Browser, to: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInSuperAdmin(page);
    await page.goto("/mailbox");
    // The list of this search: its answer arrived and replaced the loading rows.
    const searched = page.waitForResponse((r) => r.url().includes("superAdmin.mailbox") && decodeURIComponent(r.url()).includes(to));
    await page.getByLabel("Search recipient or subject").fill(to);
    await searched;
    await expect(page.getByRole("status", { name: "Loading emails" })).toHaveCount(0);
    await expect(page.getByRole("table").or(page.getByText("No email matches"))).toBeVisible();
    return page.getByRole("table").getByRole("link").count();
  } finally {
    await context.close();
  }
}

async function askForLink(page: Page, email: string) {
  await page.getByLabel("Your email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  // The action issues a link and renders the email: seconds on a loaded 2-core machine.
  await expect(page.getByRole("status").filter({ hasText: ANSWER })).toBeVisible({ timeout: 30_000 });
}

test.describe("email", () => {
  test("a member with no link asks for one on the hosted app, opens it from the email and is in", async ({ page, request, baseURL, browser }) => {
    test.setTimeout(120_000);
    const partner = createPartnerWithAdmin();
    const member = await createMember(request, await apiToken(request, partner.keys.live));
    const origin = subdomainOrigin(baseURL, partner.subdomain);

    await page.goto(`${origin}/`);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-self-sign-in");
    await askForLink(page, member.email.toUpperCase());
    await expectAccessible(page);

    const links = await linksFromMailbox(browser, member.email, `Your sign-in link for ${partner.name}`, { screenshots: true });
    const link = links.find((l) => l.includes("/auth/magic?token="));
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByRole("button", { name: `Continue to ${partner.name}` }).click();
    await expect(page.getByTestId("deal-list").or(page.getByText("No deals are available to you yet."))).toBeVisible();

    // The used link's page offers the same email field.
    await page.context().clearCookies();
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "This sign-in link has already been used" })).toBeVisible();
    await expect(page.getByLabel("Your email")).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-magic-link-used-self-sign-in");
  });

  test("an address that may not sign in gets the same answer and no email", async ({ page, baseURL, browser }) => {
    test.setTimeout(120_000);
    const partner = createPartnerWithAdmin();
    const stranger = `stranger-${Date.now().toString(36)}@e2e.example`;
    await page.goto(`${subdomainOrigin(baseURL, partner.subdomain)}/`);
    await askForLink(page, stranger);
    // A mistyped address is pointed out (that tells nothing about who is a member).
    await page.goto(`${subdomainOrigin(baseURL, partner.subdomain)}/`);
    await page.getByLabel("Your email").fill("not-an-address");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByText("Enter an email address such as you@example.com.")).toBeVisible();
    expect(await mailboxCount(browser, stranger)).toBe(0);
  });

  test("the same inside the widget: the emailed link brings the member back to the partner's page, signed in there", async ({ page, request, baseURL, browser }) => {
    test.setTimeout(120_000);
    const partner = createPartnerWithAdmin();
    const member = await createMember(request, await apiToken(request, partner.keys.live));
    // The partner's page, on another origin, with the snippet the portal's settings give them.
    const { origin: host, close } = await serveSnippetPage(baseURL, partner);
    try {
      await page.goto(`${host}/members/perks?tab=all`);
      const frame = page.frameLocator("#perkway-perks");
      await frame.getByLabel("Your email").fill(member.email);
      await frame.getByRole("button", { name: "Email me a sign-in link" }).click();
      await expect(frame.getByRole("status").filter({ hasText: ANSWER })).toBeVisible({ timeout: 30_000 });

      // The link goes back to the page the member asked from (not the standalone app)…
      const links = await linksFromMailbox(browser, member.email, `Your sign-in link for ${partner.name}`);
      const link = links.find((l) => l.includes("perkway_token="));
      expect(link, links.join(" ")).toBeTruthy();
      expect(link!.startsWith(`${host}/members/perks?tab=all&perkway_token=`)).toBe(true);
      // …whose snippet hands the token to the frame (and takes it out of the address bar).
      await page.goto(link!);
      await frame.getByRole("button", { name: `Continue to ${partner.name}` }).click();
      await expect(frame.getByTestId("deal-list").or(frame.getByText("No deals are available to you yet."))).toBeVisible();
      expect(page.url()).toBe(`${host}/members/perks?tab=all`);
      await expect(frame.getByRole("button", { name: "Sign out" })).toBeVisible();
      // Still signed in when the member comes back to the page later.
      await page.goto(`${host}/members/perks`);
      await expect(frame.getByRole("button", { name: "Sign out" })).toBeVisible();
    } finally {
      await close();
    }
  });

  test("the widget sends no link to a page outside the partner's allowed origins", async ({ request, baseURL, browser }) => {
    test.setTimeout(120_000);
    const partner = createPartnerWithAdmin();
    const member = await createMember(request, await apiToken(request, partner.keys.live));
    // A forged return address posted from the widget's own page: the ordinary link goes out instead.
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${baseURL}/embed/${partner.subdomain}?return_to=${encodeURIComponent("https://evil.example/steal")}`);
      await page.getByLabel("Your email").fill(member.email);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await expect(page.getByRole("status").filter({ hasText: ANSWER })).toBeVisible({ timeout: 30_000 });
    } finally {
      await context.close();
    }
    const links = await linksFromMailbox(browser, member.email, `Your sign-in link for ${partner.name}`);
    expect(links.some((l) => l.includes("evil.example"))).toBe(false);
    expect(links.some((l) => l.includes("/auth/magic?token="))).toBe(true);
  });

  test("'On request' access: the answer is §10's sentence, then says a newcomer's request waits for approval (issue 44)", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const partner = createPartnerWithAdmin();
    cli("partner:update", partner.partner_id, "--json", JSON.stringify({ member_access: "request" }));
    const stranger = `newcomer-${Date.now().toString(36)}@e2e.example`;
    await page.goto(`${subdomainOrigin(baseURL, partner.subdomain)}/`);
    await expect(page.getByText(`Your request to join goes to ${partner.name} for approval.`)).toBeVisible();
    await page.getByLabel("Your email").fill(stranger);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    const answer = page.getByRole("status");
    await expect(answer).toContainText(`Your request to join ${partner.name} is now waiting for their approval`, { timeout: 30_000 });
    // Contract §10: the same answer whatever the address and mode; a link only for who may sign in.
    await expect(answer).toContainText("If this address can sign in, a link is on its way.");
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-self-sign-in-request");
    // (No sign-in email goes to a newcomer in this mode: test/api/self-sign-in.test.ts; the admins'
    // notification of the request names the address, so the Mailbox search would find that one.)
  });

  test("an admin resets a forgotten password from the email", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const partner = createPartnerWithAdmin();
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const email = page.getByLabel("Email");
    await email.fill(partner.admin.email);
    await expect(email).toHaveValue(partner.admin.email);
    await page.getByRole("button", { name: "Email me a reset link" }).click();
    await expect(page.getByText("Check your email")).toBeVisible();

    const links = await linksFromMailbox(browser, partner.admin.email, "Reset your Perkway password");
    const reset = links.find((l) => l.includes("/set-password?token="));
    expect(reset).toBeTruthy();
    await page.goto(reset!);
    const password = `new-${partner.partner_id}`;
    await page.getByLabel("New password").fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Set password" }).click();
    // The new password signs the admin in (set-password-form.tsx); it also works from a fresh browser.
    await expect(page.getByTestId("account")).toBeVisible({ timeout: 30_000 });
    const fresh = await browser.newContext();
    try {
      await signInThroughForm(await fresh.newPage(), partner.admin.email, password);
    } finally {
      await fresh.close();
    }
    // The notice of the change is in the mailbox too.
    expect((await linksFromMailbox(browser, partner.admin.email, "Your Perkway password was changed")).length).toBeGreaterThan(0);
  });

  test("an admin chooses notifications per kind; settings show the support email and the previews", async ({ page }) => {
    test.setTimeout(120_000);
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/account#notifications");
    await expect(page.getByRole("heading", { name: "Email notifications" })).toBeVisible();
    await page.getByRole("combobox", { name: "Codes running low" }).click();
    await page.getByRole("option", { name: "Daily digest" }).click();
    await expect(page.getByText("Notification settings saved").first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Codes running low" })).toHaveText("Daily digest");
    await expectAccessible(page);
    await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot of a scrolled page repeats the sticky header
    await screenshotBoth(page, "team-notifications");

    await page.goto("/settings");
    await page.getByLabel("Support email (Reply-To)").fill("help@e2e.example");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved").first()).toBeVisible();
    // The previews read the saved record: shown after a reload (the card did not always refetch in
    // time after the merge of this round's settings cards: noted in issue 44's closing note).
    await page.reload();
    await expect(page.getByTestId("preview-subject")).toHaveText(`Your sign-in link for ${partner.name}`);
    await expect(page.getByText("help@e2e.example", { exact: true })).toBeVisible();
    await page.getByRole("combobox", { name: "Email", exact: true }).click();
    await page.getByRole("option", { name: "Password reset" }).click();
    await expect(page.getByTestId("preview-subject")).toHaveText("Reset your Perkway password");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotBoth(page, "settings-email");
    await page.getByRole("tab", { name: "Plain text" }).click(); // see the Mailbox note on axe and frames
    await expectAccessible(page);
  });

  test("Send sign-in email from the Members page: one member, then the selected ones", async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const partner = createPartnerWithAdmin();
    const token = await apiToken(request, partner.keys.live);
    const [a, b] = [await createMember(request, token), await createMember(request, token)];
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/members");
    await page.getByRole("button", { name: `Send sign-in email to ${a.email}` }).click();
    await expect(page.getByText(`Sign-in email to ${a.email} kept in the Mailbox: no email server is set up, so nothing was sent`)).toBeVisible();
    await page.getByRole("checkbox", { name: `Select ${a.email}` }).click();
    await page.getByRole("checkbox", { name: `Select ${b.email}` }).click();
    await expect(page.getByText("2 members selected")).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "members-send-sign-in-email");
    await page.getByRole("region", { name: "Selected members" }).getByRole("button", { name: "Send sign-in email" }).click();
    await expect(page.getByText("2 sign-in emails kept in the Mailbox: no email server is set up, so nothing was sent")).toBeVisible();
    expect(await mailboxCount(browser, a.email)).toBe(2);
  });
});
