// GET /r/{click_id} reads its click (partner, member, deal) from a per-process cache
// (src/server/services/tracking/clicks.ts). What it reads must never be older than the
// database: a change made elsewhere (another instance, the CLI; here a separate connection writing
// plain SQL) arrives by NOTIFY before the next click; this process's own writes clear it at once.
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPartnerDeal, updatePartnerDeal } from "@/server/services/deals";
import { followClick, issueClick } from "@/server/services/tracking";
import { connectElsewhere, eventually } from "../helpers/elsewhere";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

let elsewhere: pg.Client;
beforeAll(async () => (elsewhere = await connectElsewhere()));
afterAll(async () => elsewhere.end());

async function trackedClick() {
  const subdomain = `cc-${randomBytes(4).toString("hex")}`;
  const { partner } = await seedPartner({ subdomain });
  const scope = { partnerId: partner.id, environment: "test" as const };
  const member = await createTestMember(scope);
  const deal = await createPartnerDeal(scope, {
    product_name: "Tracked",
    short_description: "A tracked deal",
    status: "live",
    tracking_enabled: true,
    redemption: { method: "url", redeem_url: "https://provider.example/signup?ref={{click_id}}&who={{email}}" },
  });
  const clickId = await issueClick(scope, member.id, deal.id);
  const follow = () => followClick(subdomain, clickId);
  // Twice: the second is served from the cache while the feed is healthy.
  expect(await follow()).toMatchObject({ ok: true });
  expect(await follow()).toMatchObject({ ok: true });
  return { subdomain, partner, scope, member, deal, clickId, follow };
}

describe("tracked link redirects", () => {
  it("a deal paused elsewhere is not followed at the next click", async () => {
    const c = await trackedClick();
    await elsewhere.query(`UPDATE deals SET status = 'paused' WHERE id = $1`, [c.deal.id]);
    await eventually(async () => !(await c.follow()).ok, "paused deal");
  });

  it("a member's new email (personalized into the link) and their deletion elsewhere apply at the next click", async () => {
    const c = await trackedClick();
    const email = `new-${randomBytes(4).toString("hex")}@example.com`;
    await elsewhere.query(`UPDATE members SET email = $2 WHERE id = $1`, [c.member.id, email]);
    await eventually(async () => {
      const t = await c.follow();
      return t.ok && t.url.includes(encodeURIComponent(email));
    }, "member email");
    await elsewhere.query(`DELETE FROM members WHERE id = $1`, [c.member.id]);
    await eventually(async () => !(await c.follow()).ok, "deleted member");
  });

  it("a subdomain moved or a partner deactivated elsewhere: the old host no longer follows", async () => {
    const c = await trackedClick();
    const moved = `${c.subdomain}-moved`;
    await elsewhere.query(`UPDATE partners SET subdomain = $2 WHERE id = $1`, [c.partner.id, moved]);
    await eventually(async () => !(await c.follow()).ok, "moved subdomain");
    expect(await followClick(moved, c.clickId)).toMatchObject({ ok: true });
    await elsewhere.query(`UPDATE partners SET active = false WHERE id = $1`, [c.partner.id]);
    await eventually(async () => !(await followClick(moved, c.clickId)).ok, "deactivated partner");
  });

  it("a deal changed by this process: at once", async () => {
    const c = await trackedClick();
    await updatePartnerDeal(c.scope, c.deal.id, { redemption: { method: "url", redeem_url: "https://other.example/go?c={{click_id}}" } });
    const t = await c.follow();
    expect(t.ok && t.url).toBe(`https://other.example/go?c=${c.clickId}`);
  });
});
