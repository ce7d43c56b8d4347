// Issue 53.14: the portal's sign-in form with empty fields posts nothing, says under each field what
// is missing (the fields are marked required), and takes down the error of an earlier attempt.
import { expect, test } from "@playwright/test";

test("sign-in with empty fields: messages under the fields, nothing posted, no stale error", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });
  // Where a failed sign-in lands (next-auth and the no-JavaScript post redirect here): its error is up.
  await page.goto("/login?error=CredentialsSignin");
  const email = page.getByRole("textbox", { name: "Email (required)" });
  const password = page.getByLabel("Password (required)");
  await expect(email).toHaveAttribute("required", "");
  await expect(password).toHaveAttribute("required", "");
  await expect(page.getByTestId("login-error")).toHaveText("Email or password is incorrect");
  // Hydrated: our own check replaces the browser's (the form says noValidate only then).
  await expect(page.locator("form[novalidate]")).toBeVisible({ timeout: 60_000 });

  await email.fill("");
  await password.fill("");
  const before = posts.length;
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter your email.")).toBeVisible();
  await expect(page.getByText("Enter your password.")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Enter your email.");
  await expect(page.getByTestId("login-error")).toHaveCount(0);
  expect(posts.length).toBe(before);
});
