// A deactivated partner's members (issue 26, item 10) are told its programme is paused, on the
// subdomain, the /p/ fallback and the widget, with the member's session or without; activating it
// again brings the app back. And a deal that is not there offers the way back to the partner's deals.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { cli, createPartnerWithAdmin, expectAccessible, screenshotBoth } from "./support";
import { apiToken, createMember, signInWithLink, subdomainOrigin } from "./hosted-support";

test("a deactivated partner's hosted app and widget say the programme is paused", async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const partner = createPartnerWithAdmin();
  const token = await apiToken(request, partner.keys.test);
  const member = await createMember(request, token);
  await signInWithLink(page, member.sign_in_url, partner.name);

  cli("partner:update", partner.partner_id, "--json", JSON.stringify({ active: false }));
  const paused = `${partner.name} perks are paused`;
  for (const url of [`${subdomainOrigin(baseURL, partner.subdomain)}/`, `/p/${partner.subdomain}`, `/p/${partner.subdomain}/perks`, `/embed/${partner.subdomain}`]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { name: paused, level: 1 }), url).toBeVisible();
    await expect(page.getByText("We couldn’t find this page"), url).toHaveCount(0);
  }
  await expectAccessible(page);
  await screenshotBoth(page, "hosted-paused");

  cli("partner:update", partner.partner_id, "--json", JSON.stringify({ active: true }));
  await page.goto(`/p/${partner.subdomain}`);
  await expect(page.getByRole("heading", { name: `${partner.name} perks`, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: paused })).toHaveCount(0);
});

test("a deal that is not there is a styled 404 whose link leads back to the partner's deals", async ({ page, request }) => {
  test.setTimeout(90_000);
  const partner = createPartnerWithAdmin();
  const token = await apiToken(request, partner.keys.test);
  const member = await createMember(request, token);
  await signInWithLink(page, member.sign_in_url, partner.name);
  // Wherever the sign-in link put the member (the subdomain or /p/): an unknown deal there.
  const home = new URL(page.url());
  const base = home.pathname.replace(/\/$/, "");
  expect((await page.goto(`${home.origin}${base}/deals/${randomUUID()}`))?.status()).toBe(404);
  await expect(page.getByTestId("hosted-not-found")).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, "hosted-not-found");
  await page.getByRole("link", { name: `Back to ${partner.name} perks` }).click();
  await expect(page).toHaveURL((u) => u.origin === home.origin && u.pathname.replace(/\/$/, "") === base);
  await expect(page.getByTestId("partner-name")).toHaveText(`${partner.name} perks`);
});
