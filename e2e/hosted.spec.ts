// Hosted deal app against the production build: partner subdomains ({subdomain}.localhost, which
// Chromium resolves to 127.0.0.1) and the /p/{subdomain} path fallback. A member created through
// POST /v1/users signs in with their link, sees exactly what GET /v1/deals?user_id= returns (plus
// api_excluded deals, which only the API hides), redeems, and the events show in GET /v1/analytics.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { cli, createPartnerWithAdmin, expectAccessible, screenshotBoth } from "./support";
import { analytics, apiDealsFor, apiToken, bearer, createMember, createPrivateDeal, demoPartner, listedIds, nextListViewed, signInWithLink, subdomainOrigin } from "./hosted-support";

// The list comparisons read the demo partner's catalogue: keep this file's tests from changing it
// under each other.
test.describe.configure({ mode: "serial", timeout: 90_000 });

/** The page's list equals the API's, with api_excluded deals (404 on the API) as the only extras. */
async function expectListMatchesApi(request: APIRequestContext, token: string, memberId: string, shown: string[]) {
  const apiIds = (await apiDealsFor(request, token, memberId)).map((d) => d.id);
  expect(shown.filter((id) => apiIds.includes(id))).toEqual(apiIds);
  for (const extra of shown.filter((id) => !apiIds.includes(id))) {
    expect((await request.get(`/v1/deals/${extra}`, { headers: bearer(token) })).status(), `${extra} is api_excluded`).toBe(404);
  }
}

test.describe("hosted app", () => {
  test("the partner subdomain welcomes signed-out visitors, with a nonce CSP and no framing", async ({ page, baseURL }) => {
    const partner = demoPartner();
    const response = await page.goto(`${subdomainOrigin(baseURL, partner.subdomain)}/`);
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    await expect(page.getByTestId("partner-name")).toHaveText(`${partner.name} perks`);
    await expect(page.getByRole("button", { name: "Email me a sign-in link" })).toBeVisible();
    await expect(page.getByText("Powered by Perkway")).toBeVisible();
    await expectAccessible(page);

    // The same partner by path.
    expect((await page.goto(`/p/${partner.subdomain}`))?.status()).toBe(200);
    await expect(page.getByTestId("partner-name")).toHaveText(`${partner.name} perks`);
  });

  test("an unknown subdomain is not found, and the portal is not served on a partner subdomain", async ({ page, baseURL }) => {
    const unknown = `no-such-partner-${Date.now().toString(36)}`;
    expect((await page.goto(`${subdomainOrigin(baseURL, unknown)}/`))?.status()).toBe(404);
    await expect(page.getByTestId("hosted-not-found")).toBeVisible();
    expect((await page.goto(`/p/${unknown}`))?.status()).toBe(404);
    await expect(page.getByTestId("hosted-not-found")).toBeVisible();
    // A page the partner's app does not have: the app's own 404, with the way back to its deals.
    const partner = demoPartner();
    for (const address of [`${subdomainOrigin(baseURL, partner.subdomain)}/login`, `/p/${partner.subdomain}/no/such/page`]) {
      expect((await page.goto(address))?.status()).toBe(404);
      await expect(page.getByTestId("hosted-not-found")).toBeVisible();
      await expect(page.getByRole("link", { name: `Back to ${partner.name} perks` })).toBeVisible();
    }
  });

  test("sign in on the subdomain, see the member's deals, reveal and claim codes; analytics move", async ({ page, request, baseURL, context }) => {
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.test);
    const member = await createMember(request, token);
    const origin = subdomainOrigin(baseURL, partner.subdomain);
    expect(member.sign_in_url.startsWith(`${origin}/auth/magic?token=`)).toBe(true);
    const before = await analytics(request, token);

    // GET never consumes the link: opening it twice still offers to continue.
    await page.goto(member.sign_in_url);
    await expect(page.getByRole("button", { name: `Continue to ${partner.name}` })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-magic-link");
    await signInWithLink(page, member.sign_in_url, partner.name);
    expect(new URL(page.url()).pathname).toBe("/");

    const cookie = (await context.cookies(origin)).find((c) => c.name === "perkway_member")!;
    expect(cookie).toMatchObject({ httpOnly: true, path: "/", domain: `${partner.subdomain}.localhost` });
    await expect(page.getByTestId("sandbox-banner")).toBeVisible();

    // The list is what GET /v1/deals?user_id= returns for this member (retried once: other spec
    // files may publish deals of the demo partner meanwhile).
    // The API's order is "recommended"; the app shows 24 cards a page: ask for enough pages to see all.
    await expect(async () => {
      await page.goto(new URL("/?sort=recommended&page=10", page.url()).toString());
      await expectListMatchesApi(request, token, member.id, await listedIds(page));
    }).toPass({ intervals: [500, 1000] });
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-deal-list");

    const deals = await apiDealsFor(request, token, member.id);
    const promo = deals.find((d) => d.status === "live" && d.redemption?.method === "promo_code")!;
    const unique = deals.find((d) => d.status === "live" && d.redemption?.method === "unique_code")!;

    // Reveal, copy and mark a promo code as redeemed.
    await page.getByTestId("deal-list").getByRole("link", { name: promo.product_name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: promo.product_name })).toBeVisible();
    await page.getByRole("button", { name: "Reveal code" }).click();
    const expected = await (await request.get(`/v1/deals/${promo.id}/instructions?user_id=${member.id}`, { headers: bearer(token) })).json();
    await expect(page.getByTestId("redeem-code")).toHaveText(expected.promo_code);
    await page.getByRole("button", { name: "Copy code" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    await page.getByRole("button", { name: "Mark as redeemed" }).click();
    await expect(page.getByTestId("redeemed-on")).toContainText("Redeemed on");
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-deal-promo-code");

    // Claim a one-time code; it is shown again on a later visit.
    await page.goto(`${origin}/deals/${unique.id}`);
    await page.getByRole("button", { name: "Claim your code" }).click();
    const code = (await page.getByTestId("redeem-code").textContent())!.trim();
    expect(code.length).toBeGreaterThan(3);
    await page.reload();
    await expect(page.getByTestId("redeem-code")).toHaveText(code);
    await expect(page.getByRole("button", { name: "Claim your code" })).toHaveCount(0);
    // My perks lists the claimed code as claimed, not as a redemption the member marked (issue 44).
    await page.goto(`${origin}/perks`);
    const redeemed = page.getByRole("region", { name: "Redeemed deals" });
    const claimedRow = redeemed.getByRole("listitem").filter({ hasText: unique.product_name });
    await expect(claimedRow).toContainText("Code claimed");
    await expect(claimedRow).not.toContainText("Marked as redeemed");
    // The promo code the member did mark says so.
    await expect(redeemed.getByRole("listitem").filter({ hasText: promo.product_name })).toContainText("Marked as redeemed");

    // The partner's analytics count the member's views and redemption.
    await expect(async () => {
      const after = await analytics(request, token);
      expect(after.event_counts.deal_list_viewed ?? 0).toBeGreaterThan(before.event_counts.deal_list_viewed ?? 0);
      expect(after.total_deal_views).toBeGreaterThanOrEqual(before.total_deal_views + 2);
      expect(after.total_redemptions).toBeGreaterThanOrEqual(before.total_redemptions + 1);
      expect(after.top_deals.length).toBeGreaterThan(0);
    }).toPass({ intervals: [500, 1000, 2000] });

    // Sign out ends the session.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You are signed out.")).toBeVisible();
    await page.goto(`${origin}/deals/${unique.id}`);
    await expect(page.getByRole("heading", { name: "Sign in to see this deal" })).toBeVisible();
  });

  test("the same through /p/{subdomain}, and a used link shows what to do", async ({ page, request, context }) => {
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.test);
    const member = await createMember(request, token);
    const pathLink = `/p/${partner.subdomain}/auth/magic?token=${new URL(member.sign_in_url).searchParams.get("token")}`;
    await signInWithLink(page, pathLink, partner.name);
    expect(new URL(page.url()).pathname).toBe(`/p/${partner.subdomain}`);
    const cookie = (await context.cookies()).find((c) => c.name === "perkway_member")!;
    expect(cookie).toMatchObject({ httpOnly: true, path: `/p/${partner.subdomain}`, domain: "localhost" });
    await page.goto(`/p/${partner.subdomain}?sort=recommended&page=10`); // the API's order, every page
    await expectListMatchesApi(request, token, member.id, await listedIds(page));
    await page.goto(`/p/${partner.subdomain}`);

    // Search narrows the list to what the API's q finds.
    const first = (await apiDealsFor(request, token, member.id))[0];
    await page.getByLabel("Search deals").fill(first.product_name);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("deal-list").getByRole("link", { name: first.product_name, exact: true })).toBeVisible();

    // The link was consumed by the first confirmation.
    await page.goto(pathLink);
    await expect(page.getByRole("heading", { name: "This sign-in link has already been used" })).toBeVisible();
    await expect(page.getByLabel("Your email")).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-magic-link-used");
  });

  test("on a phone, the chosen category's chip is in view and the heading names it", async ({ page, request }) => {
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.test);
    const member = await createMember(request, token);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInWithLink(page, `/p/${partner.subdomain}/auth/magic?token=${new URL(member.sign_in_url).searchParams.get("token")}`, partner.name);
    const chips = page.getByRole("navigation", { name: "Categories" }).getByRole("link");
    const all = await listedIds(page);
    // The last category: at 375 px the row scrolls sideways and this chip starts far off-screen.
    const name = (await chips.last().textContent())!.trim();
    await chips.last().click();
    await expect(page.getByRole("heading", { name: new RegExp(`^Your deals in ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(\\d+\\)$`) })).toBeVisible();
    const current = page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name, exact: true });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect.poll(async () => {
      const box = (await current.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 375;
    }).toBe(true);
    expect((await listedIds(page)).length).toBeLessThan(all.length);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Show all deals" }).click();
    await expect(page.getByRole("heading", { name: /^Your deals \(\d+\)$/ })).toBeVisible();
    expect(await listedIds(page)).toEqual(all);
  });

  test("keyboard only: open a deal and reveal its code", async ({ page, request }) => {
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.test);
    const member = await createMember(request, token);
    await signInWithLink(page, `/p/${partner.subdomain}/auth/magic?token=${new URL(member.sign_in_url).searchParams.get("token")}`, partner.name);
    const promo = (await apiDealsFor(request, token, member.id)).find((d) => d.status === "live" && d.redemption?.method === "promo_code")!;
    const link = page.getByTestId("deal-list").getByRole("link", { name: promo.product_name, exact: true });
    for (let i = 0; i < 200 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: promo.product_name })).toBeVisible();
    const reveal = page.getByRole("button", { name: "Reveal code" });
    for (let i = 0; i < 30 && !(await reveal.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(reveal).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("redeem-code")).toBeVisible();
    await expect(page.getByRole("heading", { name: "How to redeem" })).toBeFocused();
  });

  test("locked deals: the list links to them, each says why, premium ones offer the upgrade", async ({ page, request }) => {
    const partner = demoPartner(); // freemium on, with an upgrade URL
    const token = await apiToken(request, partner.keys.test);
    const member = await createMember(request, token); // free tier
    const listViewed = nextListViewed(page);
    await signInWithLink(page, `/p/${partner.subdomain}/auth/magic?token=${new URL(member.sign_in_url).searchParams.get("token")}`, partner.name);
    // deal_list_viewed carries exactly the deals on the member's screen.
    expect(await listViewed).toEqual(await listedIds(page));
    // Premium deals are not in the member's list (as GET /v1/deals?user_id= hides them from free members)…
    const apiIds = new Set((await apiDealsFor(request, token, member.id)).map((d) => d.id));
    const premium = (await (await request.get(`/v1/deals?tier=premium&limit=100`, { headers: bearer(token) })).json()).data as { id: string; product_name: string }[];
    expect(premium.length).toBeGreaterThan(0);
    expect(premium.filter((d) => apiIds.has(d.id))).toEqual([]);
    for (const id of await listedIds(page)) expect(premium.map((d) => d.id)).not.toContain(id);

    // …but counted on it, and listed with the reason on the locked page.
    const locked = page.getByRole("region", { name: /Locked deals/ });
    await expect(locked).toBeVisible();
    const lockedViewed = nextListViewed(page);
    await locked.getByRole("link", { name: /^See why \d+ deals? (is|are) locked$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Locked deals/ })).toBeVisible();
    const lockedIds = await page.getByTestId("locked-deal-list").locator(":scope > li").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-deal-id")));
    expect(await lockedViewed).toEqual(lockedIds);
    const card = page.getByTestId("locked-deal-list").locator(":scope > li").filter({ has: page.getByTestId("deal-lock").filter({ hasText: "Premium: This deal is for premium members. Upgrade your membership to unlock it." }) }).first();
    const cardId = await card.getAttribute("data-deal-id");
    const deal = premium.find((d) => d.id === cardId)!;
    expect(deal, "a premium deal is locked for its tier").toBeTruthy();
    await expect(card.getByRole("link", { name: deal.product_name, exact: true })).toBeVisible();
    const upgrade = page.getByRole("region", { name: "Premium membership" }).getByRole("link", { name: /Upgrade to unlock/ });
    await expect(upgrade).toHaveAttribute("href", "https://northstar.example/membership");
    await expect(upgrade).toHaveAttribute("target", "_blank");
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-locked-deals");

    // The deal itself explains the lock and offers the upgrade.
    await card.getByRole("link", { name: deal.product_name, exact: true }).click();
    await expect(page.getByTestId("deal-locked")).toContainText("This deal is for premium members.");
    await expect(page.getByTestId("deal-locked").getByRole("link", { name: /Upgrade to unlock/ })).toHaveAttribute("href", "https://northstar.example/membership");
    await expect(page.getByRole("button", { name: /Reveal code|Claim your code|Get this deal|Show the steps|Request access/ })).toHaveCount(0);
  });

  test("members never see another partner's private deals, nor sandbox members live ones", async ({ page, request }) => {
    const partner = demoPartner();
    const testToken = await apiToken(request, partner.keys.test);
    const liveToken = await apiToken(request, partner.keys.live);
    const other = createPartnerWithAdmin();
    const otherToken = await apiToken(request, other.keys.test);
    const suffix = Date.now().toString(36);
    const otherDeal = await createPrivateDeal(request, otherToken, { product_name: `Other partner perk ${suffix}`, short_description: "Only theirs", redemption: { method: "promo_code", promo_code: "THEIRS" } });
    const liveDeal = await createPrivateDeal(request, liveToken, { product_name: `Live only perk ${suffix}`, short_description: "Live members only", redemption: { method: "promo_code", promo_code: "LIVE" } });
    const sandboxDeal = await createPrivateDeal(request, testToken, { product_name: `Sandbox perk ${suffix}`, short_description: "Sandbox members", redemption: { method: "promo_code", promo_code: "SANDBOX" } });

    const member = await createMember(request, testToken);
    await signInWithLink(page, `/p/${partner.subdomain}/auth/magic?token=${new URL(member.sign_in_url).searchParams.get("token")}`, partner.name);
    await page.goto(`/p/${partner.subdomain}/?q=${suffix}`);
    await expect(page.getByTestId("deal-list").getByRole("link")).toHaveText([`Sandbox perk ${suffix}`]);
    await expect(page.getByTestId("locked-deal-list")).toHaveCount(0);
    for (const id of [otherDeal.id, liveDeal.id]) {
      expect((await page.goto(`/p/${partner.subdomain}/deals/${id}`))?.status()).toBe(404);
    }
    expect((await page.goto(`/p/${partner.subdomain}/deals/${sandboxDeal.id}`))?.status()).toBe(200);
    // Tidy the demo catalogue for other specs.
    for (const [token, id] of [[liveToken, liveDeal.id], [testToken, sandboxDeal.id]] as const) {
      await request.patch(`/v1/partner-deals/${id}`, { headers: bearer(token), data: { status: "expired" } });
    }
  });

  test("hostile deal content is shown as text, never run", async ({ page, request }) => {
    const partner = demoPartner();
    const token = await apiToken(request, partner.keys.test);
    const suffix = Date.now().toString(36);
    // The API refuses script URLs outright…
    const refused = await request.post("/v1/partner-deals", { headers: bearer(token), data: { product_name: "x", short_description: "x", logo_url: "javascript:alert(1)", redemption: { method: "url", redeem_url: "javascript:alert(1)" } } });
    expect(refused.status()).toBe(400);
    // …and markup in text fields and instructions stays inert.
    const name = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">Hostile ${suffix}`;
    const deal = await createPrivateDeal(request, token, {
      product_name: name,
      short_description: `<svg onload="window.__pwned=3"></svg>short`,
      long_description: `<iframe src="javascript:window.__pwned=4"></iframe>long`,
      redemption: { method: "promo_code", promo_code: `<b onmouseover="window.__pwned=5">CODE</b>`, instructions: `<p onclick="window.__pwned=6">Hi {{email}}</p><script>window.__pwned=7</script><a href="javascript:window.__pwned=8">click</a>` },
    });
    const member = await createMember(request, token);
    await signInWithLink(page, `/p/${partner.subdomain}/auth/magic?token=${new URL(member.sign_in_url).searchParams.get("token")}`, partner.name);
    await page.goto(`/p/${partner.subdomain}/?q=${suffix}`);
    await expect(page.getByTestId("deal-list").getByRole("link", { name, exact: true })).toBeVisible();
    await page.getByTestId("deal-list").getByRole("link", { name, exact: true }).click();
    await page.getByRole("button", { name: "Reveal code" }).click();
    await expect(page.getByTestId("redeem-code")).toHaveText(`<b onmouseover="window.__pwned=5">CODE</b>`);
    await expect(page.getByTestId("redeem-instructions")).toContainText(`Hi ${member.email}`);
    await page.getByTestId("redeem-instructions").click();
    await page.getByTestId("redeem-code").hover();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const live = page.locator('main [href^="javascript:" i], main [src^="javascript:" i], main script, main iframe, main [onclick], main [onerror], main [onload]');
    expect(await live.evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 120)))).toEqual([]);
    await request.patch(`/v1/partner-deals/${deal.id}`, { headers: bearer(token), data: { status: "expired" } });
  });
});

// Operator changes (the CLI) take effect on the member's next request.
test("a deactivated partner's app says the programme is paused, and comes back on reactivation", async ({ page }) => {
  const other = createPartnerWithAdmin();
  expect((await page.goto(`/p/${other.subdomain}`))?.status()).toBe(200);
  cli("partner:update", other.partner_id, "--json", JSON.stringify({ active: false }));
  await page.goto(`/p/${other.subdomain}`);
  await expect(page.getByRole("heading", { name: `${other.name} perks are paused` })).toBeVisible();
  cli("partner:update", other.partner_id, "--json", JSON.stringify({ active: true }));
  expect((await page.goto(`/p/${other.subdomain}`))?.status()).toBe(200);
});
