// Portal team and activity (/team, /activity) against the production build, each on a fresh
// partner (passwords and admins change here): invite an admin → open the one-time set-password link
// → sign in as them; the last admin cannot be removed, another one can (with a confirmation); a
// password change keeps this browser signed in and signs out the other session; the activity page
// lists those changes with filters and before/after; axe on each page.
import { expect, test, type Page } from "@playwright/test";
import { checkPage, createPartnerWithAdmin, screenshotBoth, signIn, waitForHydration } from "./support";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The team table has its first answer (the shared CI machine can be slow). */
async function loaded(page: Page) {
  await expect(page.locator("main [data-slot=skeleton]")).toHaveCount(0, { timeout: 45_000 });
}

/** The one-time set-password link the invitation dialog shows. */
async function invitationLink(page: Page) {
  const linkField = page.getByLabel("Set-password link", { exact: true });
  await expect(linkField).toHaveValue(/\/set-password\?token=/);
  return linkField.inputValue();
}

test.describe("portal team", () => {
  test.describe.configure({ timeout: 120_000 });
  test("invite an admin, who sets a password through the link and signs in; remove them again", async ({ page, browser }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/team");
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await loaded(page);
    const admins = page.getByRole("table", { name: "Admins" });
    await expect(admins.getByRole("row")).toHaveCount(2);
    // The only admin cannot be removed.
    await expect(page.getByRole("button", { name: `Remove ${partner.admin.email}` })).toBeDisabled();
    await checkPage(page);
    await screenshotBoth(page, "portal-team");

    const email = `invited-${unique()}@example.com`;
    await page.getByRole("button", { name: "Invite admin" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite an admin" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Name (optional)").fill("Ada Invited");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    const link = await invitationLink(page);
    await expect(page.getByText("shown only once")).toBeVisible();
    await checkPage(page);
    await page.getByRole("button", { name: "Done" }).click();
    await expect(admins.getByRole("row", { name: /Ada Invited/ })).toContainText("Invited");

    // The invited admin, in their own browser.
    const context = await browser.newContext();
    const invited = await context.newPage();
    await invited.goto(link);
    // Typed before the script runs, the form is sent without it (the next test covers that case).
    await waitForHydration(invited);
    await invited.getByLabel("New password", { exact: true }).fill("a good long password");
    await invited.getByLabel("Confirm password").fill("a good long password");
    await invited.getByRole("button", { name: "Set password" }).click();
    // Setting the password signs them in.
    await expect(invited).toHaveURL((u) => u.pathname === "/");
    // Invited with the default role, Admin: the Team page is the owners' (contract section 17).
    await invited.goto("/team");
    await expect(invited.getByRole("heading", { name: "Your role does not include this page" })).toBeVisible();
    await page.reload();
    await expect(admins.getByRole("row", { name: /Ada Invited/ })).toContainText("Active");

    // Removed by the first admin (confirmation names them); their session ends.
    await page.reload();
    await page.getByRole("button", { name: `Remove ${email}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`${email} loses access`);
    await confirm.getByRole("button", { name: "Remove admin" }).click();
    await expect(confirm).toBeHidden({ timeout: 30_000 });
    await expect(admins.getByRole("row")).toHaveCount(2);
    await invited.goto("/team");
    await expect(invited).toHaveURL(/\/login/);
    await context.close();

    await page.goto("/activity");
    const log = page.getByRole("table", { name: "Activity, newest first" });
    await expect(log.getByText(`Removed the admin ${email}`)).toBeVisible();
    // The sentence names the role the admin was invited with (contract section 17).
    await expect(log.getByText(new RegExp(`^Invited ${email.replace(/[.+]/g, "\\$&")}`)).first()).toBeVisible();
    await page.getByLabel("Area").click();
    await page.getByRole("option", { name: "Team" }).click();
    // Header + invited, chose a password, two sign-ins (this admin's and the invited one's), removed.
    await expect(log.getByRole("row")).toHaveCount(6);
    await expect(log.getByText(`${email} chose a password with a set-password link`)).toBeVisible();
    await log.getByText("Before and after").first().click();
    await expect(log.getByText('"name": "Ada Invited"').first()).toBeVisible();
    await checkPage(page);
    await screenshotBoth(page, "portal-activity");
  });

  test("a password set before the page's script runs (or without JavaScript) is set, and the page says to sign in", async ({ page, browser }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/team");
    await loaded(page);
    const email = `no-script-${unique()}@example.com`;
    await page.getByRole("button", { name: "Invite admin" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite an admin" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    const link = await invitationLink(page);

    // The form without its script goes through the server action as a plain POST: the password is
    // set, and the page (whose link is now used) says to sign in with it.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const invited = await context.newPage();
    await invited.goto(link);
    await invited.getByLabel("New password", { exact: true }).fill("another good long password");
    await invited.getByLabel("Confirm password").fill("another good long password");
    await invited.getByRole("button", { name: "Set password" }).click();
    await expect(invited.getByText("If you chose your password, sign in with it")).toBeVisible();
    await expect(invited.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
    await context.close();
    // It was set: the invited admin signs in with it.
    const later = await browser.newContext();
    await signIn(await later.newPage(), email, "another good long password");
    await later.close();
  });

  test("change your password: this browser stays signed in, the other session is signed out", async ({ page, browser }) => {
    const partner = createPartnerWithAdmin();
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await signIn(other, partner.admin.email, partner.admin.password);
    await signIn(page, partner.admin.email, partner.admin.password);
    await page.goto("/team");
    await loaded(page);

    const form = page.getByRole("form", { name: "Change your password" });
    await form.getByLabel("Current password").fill("wrong password entirely");
    await form.getByLabel("New password", { exact: true }).fill("the next password 123");
    await form.getByLabel("New password again").fill("the next password 123");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("The current password is not correct")).toBeVisible();

    await form.getByLabel("Current password").fill(partner.admin.password);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password changed")).toBeVisible();
    await page.goto("/members");
    await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();

    await other.goto("/members");
    await expect(other).toHaveURL(/\/login/);
    await signIn(other, partner.admin.email, "the next password 123");
    await elsewhere.close();
  });
});
