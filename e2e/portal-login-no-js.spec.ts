// Issue 44, item 17: the portal's sign-in form submitted with JavaScript disabled (what a user on a
// loaded machine gets before the scripts load) posts: the password never reaches the URL, the
// history or the server's request line; a right password signs in, a wrong one says so. The
// change-password form, which works only through JavaScript, cannot be submitted before it runs.
import { expect, test } from "@playwright/test";
import { requireEnv } from "./env";

test.describe("portal sign-in without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the form, never puts the password in a URL, and signs in", async ({ page }) => {
    const requests: { method: string; url: string }[] = [];
    page.on("request", (r) => requests.push({ method: r.method(), url: r.url() }));
    const password = requireEnv("E2E_ADMIN_PASSWORD");

    await page.goto("/login?callbackUrl=%2Fmembers");
    await page.getByLabel("Email").fill(requireEnv("E2E_ADMIN_EMAIL"));
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByTestId("login-error")).toHaveText("Email or password is incorrect");

    await page.getByLabel("Email").fill(requireEnv("E2E_ADMIN_EMAIL"));
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/members$/);

    const posts = requests.filter((r) => r.method === "POST" && new URL(r.url).pathname === "/login");
    expect(posts.length).toBe(2);
    for (const r of requests) {
      expect(r.url).not.toContain(encodeURIComponent(password));
      expect(r.url).not.toContain("password=");
    }

    // Signed in, still without JavaScript: the change-password form would post, and its button is off.
    await page.goto("/account");
    const change = page.getByRole("form", { name: "Change your password" });
    await expect(change).toHaveAttribute("method", "post");
    await expect(change.getByRole("button", { name: "Change password" })).toBeDisabled();
  });
});
