// Analytics → Member digests (analytics.digests): digests sent, opened through a tracked link, deals
// clicked from the email, over the page's window, for the session's partner and environment only.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as followLink } from "@/app/api/email/digest-link/route";
import { runDigests } from "@/server/services/digests";
import { db } from "../helpers/db";
import { createTestMember } from "../helpers/seed-members";
import { callerOf, seedPortalPartner, trpcError } from "./portal-fixtures";

const config = { scheme: "http" as const, appDomain: "perks.test", pathFallback: false };
const ZERO = { digests_sent: 0, digests_opened: 0, deal_clicks: 0, ending_soon_sent: 0 };

describe("analytics.digests", () => {
  it("counts sent, opened (a link followed, once per digest) and deal clicks; other partners and Sandbox see none", async () => {
    const p = await seedPortalPartner();
    const other = await seedPortalPartner();
    const scope = { partnerId: p.partnerId, environment: "live" as const };
    const a = await createTestMember(scope);
    await createTestMember(scope);
    await db.deal.create({
      data: { slug: `d-${randomUUID().slice(0, 8)}`, productName: "Digest analytics deal", shortDescription: "x", dealType: "partner_private", ownerPartnerId: p.partnerId, environment: "live", status: "live", redemptionMethod: "url", redemptionRedeemUrl: "https://example.com/r" },
    });
    expect(await p.live.analytics.digests({ days: 30 })).toEqual(ZERO);

    expect((await runDigests(config, new Date("2027-09-08T09:00:00Z"), [p.partnerId])).digests).toBe(2);
    const digest = await db.memberDigest.findFirstOrThrow({ where: { memberId: a.id } });
    const email = await db.emailMessage.findUniqueOrThrow({ where: { id: digest.emailId! } });
    const links = email.links.filter((l) => l.includes("/api/email/digest-link?t="));
    expect(links.length).toBeGreaterThan(1);
    // Every link of member a's digest followed, the first one twice: one open; each follow that
    // lands on a deal is a deal click.
    let dealFollows = 0;
    for (const link of [links[0], ...links]) {
      const res = await followLink(new Request(link));
      expect(res.status).toBe(302);
      if (/\/deals\/[0-9a-f-]{36}$/.test(res.headers.get("location") ?? "")) dealFollows += 1;
    }
    expect(dealFollows).toBeGreaterThan(0);

    const figures = await p.live.analytics.digests({ days: 7 });
    expect(figures).toEqual({ digests_sent: 2, digests_opened: 1, deal_clicks: dealFollows, ending_soon_sent: 0 });
    expect(await p.sandbox.analytics.digests({ days: 7 })).toEqual(ZERO);
    expect(await other.live.analytics.digests({ days: 7 })).toEqual(ZERO);
  });

  it("the analytics page and the ROI report give the figures the raw rows give, for the window, partner and environment", async () => {
    const p = await seedPortalPartner();
    const other = await seedPortalPartner();
    type Scope = { partnerId: string; environment: "live" | "test" };
    const live: Scope = { partnerId: p.partnerId, environment: "live" };
    const sandbox: Scope = { partnerId: p.partnerId, environment: "test" };
    const elsewhere: Scope = { partnerId: other.partnerId, environment: "live" };
    const deal = await db.deal.create({
      data: { slug: `d-${randomUUID().slice(0, 8)}`, productName: "Raw rows deal", shortDescription: "x", dealType: "partner_private", ownerPartnerId: p.partnerId, environment: "live", status: "live", redemptionMethod: "url", redemptionRedeemUrl: "https://example.com/r" },
    });
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * 86_400_000);
    const members = { live: await createTestMember(live), sandbox: await createTestMember(sandbox), elsewhere: await createTestMember(elsewhere) };
    // Digests: sent and opened, sent and not opened, nothing new (no email), 10 days old (outside a
    // 7-day window, inside 30), and one each in the Sandbox and at another partner.
    const digests: { scope: Scope; member: string; at: Date; email: boolean; opened: boolean }[] = [
      { scope: live, member: members.live.id, at: ago(1), email: true, opened: true },
      { scope: live, member: members.live.id, at: ago(2), email: true, opened: false },
      { scope: live, member: members.live.id, at: ago(3), email: false, opened: false },
      { scope: live, member: members.live.id, at: ago(4), email: true, opened: true },
      { scope: live, member: members.live.id, at: ago(10), email: true, opened: true },
      { scope: sandbox, member: members.sandbox.id, at: ago(1), email: true, opened: true },
      { scope: elsewhere, member: members.elsewhere.id, at: ago(1), email: true, opened: true },
    ];
    for (const [i, d] of digests.entries()) {
      await db.memberDigest.create({
        data: { partnerId: d.scope.partnerId, environment: d.scope.environment, memberId: d.member, period: `raw-${i}`, emailId: d.email ? randomUUID() : null, openedAt: d.opened ? d.at : null, createdAt: d.at },
      });
    }
    // Clicks: on a deal (digest and reminder), on a non-deal link (no deal), an old one, other scopes.
    const clicks: { scope: Scope; member: string; deal: string | null; source: string; at: Date }[] = [
      { scope: live, member: members.live.id, deal: deal.id, source: "digest", at: ago(1) },
      { scope: live, member: members.live.id, deal: deal.id, source: "digest", at: ago(1) },
      { scope: live, member: members.live.id, deal: deal.id, source: "ending_soon", at: ago(2) },
      { scope: live, member: members.live.id, deal: null, source: "digest", at: ago(2) },
      { scope: live, member: members.live.id, deal: deal.id, source: "digest", at: ago(12) },
      { scope: sandbox, member: members.sandbox.id, deal: deal.id, source: "digest", at: ago(1) },
      { scope: elsewhere, member: members.elsewhere.id, deal: deal.id, source: "digest", at: ago(1) },
    ];
    for (const c of clicks) {
      await db.digestClick.create({ data: { partnerId: c.scope.partnerId, environment: c.scope.environment, memberId: c.member, dealId: c.deal, source: c.source, createdAt: c.at } });
    }
    // Ending-soon reminders: one sent, one not sent (no email), one at another partner.
    const other2 = await createTestMember(live);
    await db.endingSoonReminder.create({ data: { memberId: members.live.id, dealId: deal.id, partnerId: p.partnerId, environment: "live", emailId: randomUUID(), createdAt: ago(1) } });
    await db.endingSoonReminder.create({ data: { memberId: other2.id, dealId: deal.id, partnerId: p.partnerId, environment: "live", emailId: null, createdAt: ago(1) } });
    await db.endingSoonReminder.create({ data: { memberId: members.elsewhere.id, dealId: deal.id, partnerId: other.partnerId, environment: "live", emailId: randomUUID(), createdAt: ago(1) } });

    // The figures from the raw rows, read back as they are stored.
    const expected = async (scope: Scope, days: number) => {
      const from = now - days * 86_400_000;
      const inScope = { partnerId: scope.partnerId, environment: scope.environment };
      const ds = (await db.memberDigest.findMany({ where: inScope })).filter((r) => r.createdAt.getTime() >= from);
      const cs = (await db.digestClick.findMany({ where: inScope })).filter((r) => r.createdAt.getTime() >= from);
      const es = (await db.endingSoonReminder.findMany({ where: inScope })).filter((r) => r.createdAt.getTime() >= from);
      return {
        digests_sent: ds.filter((r) => r.emailId !== null).length,
        digests_opened: ds.filter((r) => r.openedAt !== null).length,
        deal_clicks: cs.filter((r) => r.dealId !== null).length,
        ending_soon_sent: es.filter((r) => r.emailId !== null).length,
      };
    };
    // The rows above, counted by hand: the raw-row reading is not vacuous.
    expect(await expected(live, 7)).toEqual({ digests_sent: 3, digests_opened: 2, deal_clicks: 3, ending_soon_sent: 1 });
    expect(await expected(live, 30)).toEqual({ digests_sent: 4, digests_opened: 3, deal_clicks: 4, ending_soon_sent: 1 });
    for (const days of [7, 30]) {
      const want = await expected(live, days);
      expect(await p.live.analytics.digests({ days })).toEqual(want);
      expect((await p.live.analytics.roi({ days })).digests).toEqual(want);
    }
    expect((await p.sandbox.analytics.roi({ days: 7 })).digests).toEqual(await expected(sandbox, 7));
    expect((await p.sandbox.analytics.roi({ days: 7 })).digests).toEqual({ digests_sent: 1, digests_opened: 1, deal_clicks: 1, ending_soon_sent: 0 });
    expect((await other.live.analytics.roi({ days: 7 })).digests).toEqual(await expected(elsewhere, 7));
  });

  it("refuses a bad range and a signed-out caller", async () => {
    const p = await seedPortalPartner();
    expect((await trpcError(p.live.analytics.digests({ days: 0 }))).code).toBe("BAD_REQUEST");
    expect((await trpcError(callerOf(null).analytics.digests({ days: 7 }))).code).toBe("UNAUTHORIZED");
  });
});
