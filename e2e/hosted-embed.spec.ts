// The embeddable widget (/embed/{subdomain}) inside a page of another origin: the app runs on
// localhost, the partner's page on 127.0.0.1 (a tiny HTTP server in this spec), so the frame is
// cross-site and its session cookie must be SameSite=None; Secure; Partitioned (Chromium treats
// http://localhost as a secure context). Framing is allowed only from the partner's origins.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { cli, createPartnerWithAdmin, expectAccessible } from "./support";
import { apiToken, createMember, serveSnippetPage } from "./hosted-support";

type HostPage = { origin: string; close: () => Promise<void> };

/** A partner's page on 127.0.0.1 that frames `src` and resizes the frame from its height messages. */
async function servePartnerPage(src: string): Promise<HostPage> {
  const server = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><html lang="en"><head><title>Partner site</title></head><body>
<h1>Partner site</h1><p id="height">no height yet</p>
<iframe id="perks" title="Member perks" src="${src}" style="width:100%;border:0" height="200"></iframe>
<script>
  addEventListener("message", (event) => {
    if (event.data && event.data.type === "perkway:height") {
      document.getElementById("perks").height = String(event.data.height);
      document.getElementById("height").textContent = "height " + event.data.height;
    }
  });
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test.describe("embeddable widget", () => {
  test("works inside an allowed origin's page, with the member's session, and is refused elsewhere", async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    const partner = createPartnerWithAdmin();
    const token = await apiToken(request, partner.keys.test);
    const member = await createMember(request, token);
    const magic = `${baseURL}/embed/${partner.subdomain}/auth/magic?token=${new URL(member.sign_in_url).searchParams.get("token")}`;

    const allowed = await servePartnerPage(magic);
    const refused = await servePartnerPage(`${baseURL}/embed/${partner.subdomain}`);
    try {
      // No allowed origins yet: no framing at all.
      const direct = await request.get(`/embed/${partner.subdomain}`);
      expect(direct.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");

      cli("partner:update", partner.partner_id, "--json", JSON.stringify({ allowed_iframe_origins: [allowed.origin] }));
      const policy = (await request.get(`/embed/${partner.subdomain}`)).headers()["content-security-policy"];
      expect(policy).toContain(`frame-ancestors ${allowed.origin}`);
      expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);

      // Signed in from the partner's backend: the magic link opens inside the frame.
      await page.goto(`${allowed.origin}/`);
      const frame = page.frameLocator("#perks");
      await frame.getByRole("button", { name: `Continue to ${partner.name}` }).click();
      await expect(frame.getByTestId("deal-list")).toBeVisible();
      await expect(page.locator("#height")).toHaveText(/^height \d+$/);
      const cookie = (await page.context().cookies()).find((c) => c.name === "perkway_member")!;
      expect(cookie).toMatchObject({ path: `/embed/${partner.subdomain}`, sameSite: "None", secure: true, httpOnly: true });
      // The session carries on inside the frame: open a deal and reveal how to redeem it.
      await frame.getByTestId("deal-list").getByRole("link").first().click();
      await expect(frame.getByRole("heading", { name: /Redeem this deal|How to redeem|Request access|Coming soon|Not eligible|Premium/ })).toBeVisible();
      await expectAccessible(page);

      // Any other origin is refused by the browser (CSP frame-ancestors): the frame stays empty.
      const blocked = new Promise<string>((resolve) => page.on("console", (m) => m.text().includes("frame-ancestors") && resolve(m.text())));
      await page.goto(`${refused.origin}/`);
      expect(await blocked).toContain("frame-ancestors");
      await expect(page.frameLocator("#perks").getByText("Powered by Perkway")).toHaveCount(0);
    } finally {
      await allowed.close();
      await refused.close();
    }
  });

  test("the frame follows its content both ways, and comes into view after a deep card is opened", async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    const partner = createPartnerWithAdmin();
    const token = await apiToken(request, partner.keys.test);
    const member = await createMember(request, token);
    // The snippet partners paste (portal settings); the page's ?perkway_token= is handed to the frame.
    const { origin, close } = await serveSnippetPage(baseURL, partner);
    try {
      await page.setViewportSize({ width: 1280, height: 700 });
      await page.goto(`${origin}/?perkway_token=${new URL(member.sign_in_url).searchParams.get("token")}`);
      const frameEl = page.locator("#perkway-perks");
      const frame = page.frameLocator("#perkway-perks");
      await frame.getByRole("button", { name: `Continue to ${partner.name}` }).click();
      await expect(frame.getByTestId("deal-list")).toBeVisible();
      await expect.poll(async () => Number(await frameEl.getAttribute("height"))).toBeGreaterThan(1000);
      const tall = Number(await frameEl.getAttribute("height"));

      // The last card, far down the host page: its deal page is shorter, and starts in view.
      const last = frame.getByTestId("deal-list").getByRole("link").last();
      await last.scrollIntoViewIfNeeded();
      await last.click();
      await expect(frame.getByRole("heading", { level: 1 })).toBeVisible();
      await expect.poll(async () => Number(await frameEl.getAttribute("height"))).toBeLessThan(tall);
      await expect(frame.getByRole("heading", { level: 1 })).toBeInViewport();
    } finally {
      await close();
    }
  });
});
