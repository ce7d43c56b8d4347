// Issue 22 over real HTTP in the real app: a copied session cookie stops working at sign-out (portal
// and hosted app), next-auth's routes answer hostile input with a 4xx or a page (never a 5xx, never
// database text), the login page shows only our own sentences, and the current-password check of
// change-password is throttled.
import { expect, test } from "@playwright/test";
import { apiToken, createMember, demoPartner, signInWithLink } from "./hosted-support";
import { createPartnerWithAdmin, signIn } from "./support";

test.describe("sessions end on the server", () => {
  test("a copied portal cookie is refused after sign-out", async ({ page, browser }) => {
    const partner = createPartnerWithAdmin();
    await signIn(page, partner.admin.email, partner.admin.password);
    const copy = await browser.newContext();
    await copy.addCookies(await page.context().cookies());
    expect((await copy.request.get("/api/trpc/me")).status()).toBe(200);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    // The copy still carries a cookie whose signature is fine: the server ended its session.
    expect((await copy.request.get("/api/trpc/me")).status()).toBe(401);
    const stale = await copy.newPage();
    await stale.goto("/");
    await expect(stale).toHaveURL(/\/login/);
    await copy.close();
  });

  test("a copied member cookie is refused after sign-out", async ({ page, browser, request }) => {
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.test);
    const member = await createMember(request, token);
    await signInWithLink(page, member.sign_in_url, partner.name);
    const origin = new URL(page.url()).origin;
    const copy = await browser.newContext();
    await copy.addCookies(await page.context().cookies());
    const copied = await copy.newPage();
    await copied.goto(origin);
    await expect(copied.getByRole("button", { name: "Sign out" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You are signed out.")).toBeVisible();
    await copied.reload();
    await expect(copied.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    await copy.close();
  });
});

test.describe("next-auth and the login page under hostile input", () => {
  test("every next-auth route answers a 4xx or a page, never a 5xx", async ({ request }) => {
    const probes = [
      "/api/auth/error?error=%0Ax",
      "/api/auth/error?error=%E2%80%A8",
      "/api/auth/error?error=" + encodeURIComponent("Invalid `prisma.admin.findUnique()`"),
      "/api/auth/callback/credentials",
      "/api/auth/signin/credentials",
      "/api/auth/nothing-here",
    ];
    for (const url of probes) {
      const res = await request.get(url, { maxRedirects: 0, failOnStatusCode: false });
      expect(res.status(), url).toBeLessThan(500);
    }
  });

  test("a sign-in with a NUL byte (no JavaScript) is a wrong sign-in with our sentence, not database text", async ({ page, request }) => {
    const csrf = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const res = await request.post("/api/auth/callback/credentials", {
      form: { csrfToken: csrf.csrfToken, email: "a\u0000@b.example", password: "whatever-password", callbackUrl: "/" },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
    expect(res.status()).toBeLessThan(500);
    const location = res.headers()["location"] ?? "";
    // next-auth sends a failed no-JavaScript sign-in to its error route, which shows our /login page.
    expect(location).toMatch(/\/login\?|\/api\/auth\/error\?/);
    expect(location).not.toMatch(/prisma|invocation|22021/i);
    await page.goto(location);
    await expect(page.getByRole("alert").filter({ hasText: "Email or password is incorrect" })).toBeVisible();
    await expect(page.getByText(/prisma|invocation/i)).toHaveCount(0);
  });

  test("the login page shows only sentences we wrote, chosen by code", async ({ page }) => {
    await page.goto(`/login?error=${encodeURIComponent("Too many sign-in attempts. Your account is locked: call +1-555-0100")}`);
    await expect(page.getByText("Sign-in failed. Please try again.")).toBeVisible();
    await expect(page.getByText(/\+1-555/)).toHaveCount(0);
    await page.goto("/login?error=CredentialsSignin");
    await expect(page.getByText("Email or password is incorrect")).toBeVisible();
  });

  test("after sign-in, a callbackUrl that leaves the portal lands on the portal instead", async ({ page }) => {
    const partner = createPartnerWithAdmin();
    await page.goto(`/login?callbackUrl=${encodeURIComponent("x:/\\evil.example/")}`);
    await page.getByLabel("Email").fill(partner.admin.email);
    await page.getByLabel("Password").fill(partner.admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).not.toHaveURL(/\/login(\?|$)/);
    expect(new URL(page.url()).host).toBe(new URL(process.env.E2E_BASE_URL!).host);
  });
});

test("the current-password check of change-password is throttled like sign-in", async ({ page }) => {
  const partner = createPartnerWithAdmin();
  await signIn(page, partner.admin.email, partner.admin.password);
  const origin = process.env.E2E_BASE_URL!;
  const change = (current: string) =>
    page.request.post("/api/trpc/team.changePassword", {
      data: { current_password: current, new_password: "a-brand-new-password-1", confirm_password: "a-brand-new-password-1" },
      headers: { origin },
      failOnStatusCode: false,
    });
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await change(`wrong-guess-${i}`)).status());
  expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]); // password_incorrect
  const right = await change(partner.admin.password);
  expect(right.status()).toBe(429);
  expect(JSON.stringify(await right.json())).toContain("Too many wrong current passwords");
});
