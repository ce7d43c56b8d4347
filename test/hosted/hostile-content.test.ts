// Hostile deal content reaches the hosted app's view models inert: URLs that are not http(s) (or a
// site path, for images) never become an href or src, whatever is stored; instructions come back
// sanitized. (The browser suite proves the rendered page runs no script: e2e/hosted.spec.ts.)
import { describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { createPartnerDeal, revealRedemption } from "@/server/services/deals";
import { getHostedDeal, listHostedDeals, safeHttpUrl, safeImageUrl } from "@/server/services/deals/listing/hosted-deals";
import { dealDtoOf, listChannelDeals } from "@/server/services/deals/listing/deal-source";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

describe("hostile deal content", () => {
  it("URL helpers keep only http(s) (and site paths for images)", () => {
    for (const bad of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "data:text/html,<script>x</script>", "vbscript:x", "//evil.example/x.png", "/\\evil.example"]) {
      expect(safeHttpUrl(bad)).toBeNull();
      expect(safeImageUrl(bad)).toBeNull();
    }
    expect(safeImageUrl("/logos/aws.svg")).toBe("/logos/aws.svg");
    expect(safeHttpUrl("https://example.com/x?y=1")).toBe("https://example.com/x?y=1");
  });

  it("stored javascript: URLs and script in instructions never reach the member", async () => {
    const p = await seedPartner();
    const scope = { partnerId: p.partner.id, environment: "test" as const };
    const member = await createTestMember(scope);
    const deal = await createPartnerDeal(scope, {
      product_name: "<script>window.__pwned=1</script>Evil",
      short_description: '<img src=x onerror="window.__pwned=2">',
      redemption: { method: "promo_code", promo_code: "SAFE", instructions: '<p onclick="window.__pwned=3">Hi {{email}}</p><script>window.__pwned=4</script><a href="javascript:window.__pwned=5">x</a>' },
      status: "live",
    });
    // Data written behind the API's validation (an older import, a manual fix in the database).
    await db.deal.update({ where: { id: deal.id }, data: { logoUrl: "javascript:alert(1)", productUrl: "javascript:alert(2)" } });
    const hm = { scope, member };
    // The stored values really are hostile (the cache reloaded them)…
    const raw = (await listChannelDeals(scope, { sort: "name", q: "Evil" })).find((i) => i.entry.id === deal.id)!;
    expect(dealDtoOf(raw.entry, raw.claimable)).toMatchObject({ logo_url: "javascript:alert(1)", product_url: "javascript:alert(2)" });
    // …and none of them reaches the member's view.
    const card = (await listHostedDeals(hm, { q: "Evil" })).deals.find((d) => d.id === deal.id)!;
    expect(card.logoUrl).toBeNull();
    expect(card.productName).toBe("<script>window.__pwned=1</script>Evil"); // text, escaped by React when rendered
    const detail = (await getHostedDeal(hm, deal.id))!;
    expect(detail.productUrl).toBeNull();
    const revealed = await revealRedemption(hm, deal.id);
    if (!revealed.ok) throw new Error("reveal failed");
    expect(revealed.redemption.instructions).not.toMatch(/<script|onclick|javascript:/i);
    expect(revealed.redemption.instructions).toContain(member.email.replace(/&/g, "&amp;"));
  });
});
