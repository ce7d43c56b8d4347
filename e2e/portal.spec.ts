// Partner portal: sign-in, the signed-in shell, and the tRPC wiring (health query from the browser).
import { expect, test } from "@playwright/test";
import { requireEnv } from "./env";

test.describe("portal sign-in", () => {
  test("an unauthenticated visit to / lands on /login", async ({ page }) => {
    const response = await page.goto("/");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    // The portal can never be framed (clickjacking of the sign-in form): src/proxy.ts.
    const headers = response?.headers() ?? {};
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("a signed-out visit to a portal page returns there after sign-in", async ({ page }) => {
    await page.goto("/members?q=founder");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fmembers%3Fq%3Dfounder$/);
    await page.getByLabel("Email").fill(requireEnv("E2E_ADMIN_EMAIL"));
    await page.getByLabel("Password").fill(requireEnv("E2E_ADMIN_PASSWORD"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/members" && url.searchParams.get("q") === "founder");
  });

  test("signs in and shows the shell with the API health", async ({ page }) => {
    const email = requireEnv("E2E_ADMIN_EMAIL");
    const password = requireEnv("E2E_ADMIN_PASSWORD");

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const item of ["Overview", "Deals", "Members", "API keys", "Settings"]) {
      await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("admin-email")).toHaveText(email.trim(), { ignoreCase: true });
    await expect(page.getByTestId("health-status")).toContainText("API healthy");

    // The session reaches tRPC too (adminProcedure).
    const me = await page.request.get("/api/trpc/me");
    expect(me.status()).toBe(200);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });

  test("a super admin also sees Partners and Catalogue; a partner admin does not", async ({ browser }) => {
    const cases = [
      { email: requireEnv("E2E_SUPER_ADMIN_EMAIL"), password: requireEnv("E2E_SUPER_ADMIN_PASSWORD"), superAdmin: true },
      { email: requireEnv("E2E_ADMIN_EMAIL"), password: requireEnv("E2E_ADMIN_PASSWORD"), superAdmin: false },
    ];
    for (const c of cases) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByLabel("Email").fill(c.email);
      await page.getByLabel("Password").fill(c.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");

      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Overview", exact: true })).toBeVisible();
      for (const item of ["Partners", "Catalogue"]) {
        await expect(nav.getByRole("link", { name: item, exact: true })).toHaveCount(c.superAdmin ? 1 : 0);
      }
      await expect(page.getByTestId("admin-role")).toHaveText(c.superAdmin ? "Super admin" : "Partner admin");
      await context.close();
    }
  });

  test("a wrong password shows the error and stays on /login", async ({ page }) => {
    const email = requireEnv("E2E_ADMIN_EMAIL");

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("definitely-not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page.getByTestId("login-error")).toHaveText("Email or password is incorrect");
    await expect(page).toHaveURL(/\/login/);
  });

  test("admin tRPC procedures refuse anonymous callers", async ({ request }) => {
    const res = await request.get("/api/trpc/me");
    expect(res.status()).toBe(401);
    const body = await res.json();
    expect(body.error.data.code).toBe("UNAUTHORIZED");
  });
});
