// Hosted deal app: reachable on the partner's subdomain and by the /p/{subdomain} path fallback.
// Chromium resolves *.localhost to 127.0.0.1, so `{subdomain}.localhost:{port}` needs no DNS setup.
import { expect, test } from "@playwright/test";
import { requireEnv } from "./env";

function subdomainOrigin(baseURL: string | undefined, subdomain: string): string {
  const base = new URL(baseURL ?? "http://localhost:3100");
  return `${base.protocol}//${subdomain}.localhost${base.port ? `:${base.port}` : ""}`;
}

test.describe("hosted app", () => {
  test("the partner subdomain shows the partner's page", async ({ page, baseURL }) => {
    const subdomain = requireEnv("E2E_PARTNER_SUBDOMAIN");
    const response = await page.goto(`${subdomainOrigin(baseURL, subdomain)}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-frame-options"]).toBe("DENY");
    const name = process.env.E2E_PARTNER_NAME;
    await expect(page.getByTestId("partner-name")).toHaveText(name ? `${name} perks` : /\S perks$/);
    await expect(page.getByText("Sign in through the link your organization sent you.")).toBeVisible();
  });

  test("/p/{subdomain} shows the same partner", async ({ page, baseURL }) => {
    const subdomain = requireEnv("E2E_PARTNER_SUBDOMAIN");
    await page.goto(`${subdomainOrigin(baseURL, subdomain)}/`);
    const name = await page.getByTestId("partner-name").textContent();

    const response = await page.goto(`/p/${subdomain}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("partner-name")).toHaveText(name ?? "");
  });

  test("an unknown subdomain shows the not-found page", async ({ page, baseURL }) => {
    const unknown = `no-such-partner-${Date.now().toString(36)}`;
    const bySubdomain = await page.goto(`${subdomainOrigin(baseURL, unknown)}/`);
    expect(bySubdomain?.status()).toBe(404);
    await expect(page.getByTestId("hosted-not-found")).toBeVisible();

    const byPath = await page.goto(`/p/${unknown}`);
    expect(byPath?.status()).toBe(404);
    await expect(page.getByTestId("hosted-not-found")).toBeVisible();
  });

  test("the portal is not served on a partner subdomain", async ({ page, baseURL }) => {
    const subdomain = requireEnv("E2E_PARTNER_SUBDOMAIN");
    const response = await page.goto(`${subdomainOrigin(baseURL, subdomain)}/login`);
    expect(response?.status()).toBe(404);
  });
});
