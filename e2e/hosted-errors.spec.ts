// A server error in the hosted app or the widget (issue 44): the member sees a branded page that says
// what happened and offers to try again (never Next's unbranded default page), and the widget keeps
// its height on the partner's page (it used to collapse the frame to 0 px). The e2e app runs with
// PERKWAY_TEST_FAULTS=1 (scripts/e2e.ts): a request carrying `x-perkway-test-fault: page|layout`
// fails there (src/app/p/[subdomain]/_lib/test-fault.ts).
import { expect, test, type Page } from "@playwright/test";
import { cli, createPartnerWithAdmin, expectAccessible, screenshotBoth, WIDTHS } from "./support";
import { apiToken, createMember, serveSnippetPage } from "./hosted-support";

test.describe.configure({ timeout: 120_000 });

const FAULT = "x-perkway-test-fault";
const TITLE = "Something went wrong on our side";

async function signInHosted(page: Page, subdomain: string, signInUrl: string, partnerName: string) {
  await page.goto(`/p/${subdomain}/auth/magic?token=${new URL(signInUrl).searchParams.get("token")}`);
  await page.getByRole("button", { name: `Continue to ${partnerName}` }).click();
  await expect(page.getByTestId("deal-list").or(page.getByText("No deals are available to you yet."))).toBeVisible();
}

test.describe("hosted app errors", () => {
  test("a page that fails shows the partner's branded error page, and Try again recovers", async ({ page, request }) => {
    const partner = createPartnerWithAdmin(`Orbit Labs ${Date.now().toString(36).slice(-6)}`);
    const member = await createMember(request, await apiToken(request, partner.keys.test));
    await signInHosted(page, partner.subdomain, member.sign_in_url, partner.name);

    await page.setExtraHTTPHeaders({ [FAULT]: "page" });
    await page.goto(`/p/${partner.subdomain}`);
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByText("This page could not be shown just now.")).toBeVisible();
    // The partner's frame stays: its header (name, My perks, sign out) and the footer.
    await expect(page.getByTestId("hosted-header")).toContainText(partner.name);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(page.getByTestId("powered-by")).toBeVisible();
    await expect(page.getByText("Application error")).toHaveCount(0);
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    }
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-error-page");

    // The fault is gone: Try again shows the list.
    await page.setExtraHTTPHeaders({});
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("deal-list").or(page.getByText("No deals are available to you yet."))).toBeVisible();
  });

  test("when the partner's frame itself fails, the page still says what happened, in the member's language", async ({ page, request }) => {
    const partner = createPartnerWithAdmin();
    cli("partner:update", partner.partner_id, "--json", JSON.stringify({ default_locale: "fr", locales: ["fr"] }));
    const member = await createMember(request, await apiToken(request, partner.keys.test));
    await page.goto(`/p/${partner.subdomain}/auth/magic?token=${new URL(member.sign_in_url).searchParams.get("token")}`);
    await page.getByRole("button", { name: `Continuer vers ${partner.name}` }).click();
    await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();

    await page.setExtraHTTPHeaders({ [FAULT]: "layout" });
    await page.goto(`/p/${partner.subdomain}`);
    await expect(page.getByRole("heading", { level: 1, name: "Un problème est survenu de notre côté" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Réessayer" })).toBeVisible();
    await expect(page.getByText("Application error")).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-error-frame");
  });

  test("in the widget the frame keeps its height and says what happened", async ({ page, request, baseURL }) => {
    const partner = createPartnerWithAdmin();
    const member = await createMember(request, await apiToken(request, partner.keys.test));
    const { origin: host, close } = await serveSnippetPage(baseURL, partner);
    try {
      await page.setViewportSize(WIDTHS.desktop);
      // Signed in inside the frame: the page hands the sign-in token to the widget.
      await page.goto(`${host}/?perkway_token=${new URL(member.sign_in_url).searchParams.get("token")}`);
      const frame = page.frameLocator("#perkway-perks");
      const frameEl = page.locator("#perkway-perks");
      await frame.getByRole("button", { name: `Continue to ${partner.name}` }).click();
      await expect(frame.getByTestId("deal-list").or(frame.getByText("No deals are available to you yet."))).toBeVisible();

      for (const where of ["page", "layout"]) {
        await page.setExtraHTTPHeaders({ [FAULT]: where });
        await page.goto(`${host}/`);
        await expect(frame.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
        await expect(frame.getByRole("button", { name: "Try again" })).toBeVisible();
        // The frame follows the error page's height: never collapsed, and the whole message shows.
        await expect.poll(async () => Number(await frameEl.getAttribute("height"))).toBeGreaterThan(150);
        const box = (await frame.getByRole("button", { name: "Try again" }).boundingBox())!;
        const frameBox = (await frameEl.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
        await screenshotBoth(page, `widget-error-${where}`);
      }
      await page.setExtraHTTPHeaders({});
      await frame.getByRole("button", { name: "Try again" }).click();
      await expect(frame.getByTestId("deal-list").or(frame.getByText("No deals are available to you yet."))).toBeVisible();
    } finally {
      await close();
    }
  });
});
