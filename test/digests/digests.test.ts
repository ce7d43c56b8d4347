// Contract section 19 on real parts (PostgreSQL, the services, the route handlers as Next calls them):
// deal expiry and deal.expired once with two runners, member digests (only new claimable deals, none
// when nothing is new, live only, once per period), ending-soon rules, one-click unsubscribe.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as followLink } from "@/app/api/email/digest-link/route";
import { POST as unsubscribePost } from "@/app/api/email/member-unsubscribe/route";
import { expireEndedDeals } from "@/server/services/deals";
import { runDigests } from "@/server/services/digests";
import { getDigestFigures } from "@/server/services/events";
import { createWebhookEndpoint } from "@/server/services/webhooks";
import type { PartnerScope } from "@/server/scope";
import { db } from "../helpers/db";
import { seedOwnDeal as ownDeal } from "../helpers/seed-deals";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";
import { itOnPostgres } from "../helpers/requires-postgres";

const config = { scheme: "http" as const, appDomain: "perks.test", pathFallback: false };
const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);


async function livePartner() {
  const p = await seedPartner();
  return { partnerId: p.partner.id, scope: { partnerId: p.partner.id, environment: "live" as const } };
}

const digestsOf = (memberId: string) => db.memberDigest.findMany({ where: { memberId }, orderBy: { createdAt: "asc" } });

async function viewed(scope: PartnerScope, memberId: string, dealId: string, at: Date) {
  await db.$executeRaw`INSERT INTO events (id, partner_id, environment, event_type, member_id, deal_id, occurred_at, received_at)
    VALUES (gen_random_uuid(), ${scope.partnerId}::uuid, ${scope.environment}::"Environment", 'deal_detail_viewed', ${memberId}::uuid, ${dealId}::uuid, ${at}, now())`;
}


describe("deal expiry", () => {
  itOnPostgres("expires ended deals once with two concurrent runners and fires deal.expired once each", async () => {
    const { scope } = await livePartner();
    await createWebhookEndpoint(scope, { url: "http://127.0.0.1:9/hook", event_types: ["deal.expired"] }, { allowPrivate: true });
    const yesterday = new Date(Date.now() - DAY);
    const ended = await Promise.all([ownDeal(scope, { endDate: new Date(`${iso(yesterday)}T00:00:00Z`) }), ownDeal(scope, { endDate: new Date(`${iso(yesterday)}T00:00:00Z`), status: "paused" })]);
    const running = await ownDeal(scope, { endDate: new Date(`${iso(new Date())}T00:00:00Z`) });
    await Promise.all([expireEndedDeals(), expireEndedDeals()]);
    const rows = await db.deal.findMany({ where: { id: { in: [...ended.map((d) => d.id), running.id] } }, select: { id: true, status: true } });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [ended[0].id]: "expired", [ended[1].id]: "expired", [running.id]: "live" });
    const events = await db.webhookEvent.findMany({ where: { partnerId: scope.partnerId, type: "deal.expired" } });
    expect(events.map((e) => (JSON.parse(e.payload as string) as { data: { object: { id: string; status: string } } }).data.object).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      ended.map((d) => ({ id: d.id, status: "expired" })).sort((a, b) => a.id.localeCompare(b.id)).map((o) => expect.objectContaining(o)),
    );
    await expireEndedDeals();
    expect(await db.webhookEvent.count({ where: { partnerId: scope.partnerId, type: "deal.expired" } })).toBe(2);
  });
});

describe("member digests", () => {
  it("a member who joined this period gets no digest yet: today's deals are their baseline, the next period lists what is new", async () => {
    const { partnerId, scope } = await livePartner();
    const member = await createTestMember(scope); // created now, in this period
    await ownDeal(scope, { tags: ["featured"] });
    await runDigests(config, new Date(), [partnerId]);
    const [baseline] = await digestsOf(member.id);
    expect(baseline.emailId).toBeNull();
    expect(baseline.knownDealIds.length).toBeGreaterThan(0);
    expect(await db.emailMessage.count({ where: { toAddress: member.email, kind: "member_digest" } })).toBe(0);
    const fresh = await ownDeal(scope, { tags: ["featured"] });
    await runDigests(config, new Date(Date.now() + 7 * DAY), [partnerId]);
    const next = (await digestsOf(member.id))[1];
    expect(next.emailId).not.toBeNull();
    expect(next.dealIds).toContain(fresh.id);
    expect(next.dealIds).not.toContain(baseline.knownDealIds[0]);
  });

  it("lists only new, visible and claimable deals, once per period, none when nothing is new, live only", async () => {
    const { partnerId, scope } = await livePartner();
    const member = await createTestMember(scope);
    const sandboxMember = await createTestMember({ partnerId, environment: "test" });
    await ownDeal({ partnerId, environment: "test" });
    // Featured and "0 …": named among the first 10 whatever catalogue deals other files left live.
    const claimable = await ownDeal(scope, { perkDescription: "3 months free", tags: ["featured"], productName: `0 Deal ${randomUUID().slice(0, 8)}` });
    const notEligible = await ownDeal(scope, { eligibilityCompanyStage: ["Seed"] });
    const comingSoon = await ownDeal(scope, { status: "coming_soon" });
    const needsApproval = await ownDeal(scope, { approvalRequired: true });
    const noCodes = await ownDeal(scope, { redemptionMethod: "unique_code", redemptionRedeemUrl: "" });
    const mine = [claimable, notEligible, comingSoon, needsApproval, noCodes].map((d) => d.id);
    const at = new Date("2027-03-03T10:00:00Z"); // ISO week 2027-W09

    const first = await runDigests(config, at, [partnerId]);
    expect(first.digests).toBe(1);
    const [digest] = await digestsOf(member.id);
    expect(digest.period).toBe("2027-W09");
    expect(digest.dealIds.filter((id) => mine.includes(id))).toEqual([claimable.id]);
    const email = await db.emailMessage.findUniqueOrThrow({ where: { id: digest.emailId! } });
    expect(email).toMatchObject({ kind: "member_digest", toAddress: member.email, environment: "live", partnerId });
    expect(email.subject).toMatch(/^New deals you can claim/);
    expect(email.html).toContain(claimable.productName);
    expect(email.text).toContain(claimable.productName);
    expect(email.html).not.toContain(notEligible.productName);
    const headers = email.headers as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(/^<http:\/\/perks\.test\/api\/email\/member-unsubscribe\?token=u\./);
    expect(await digestsOf(sandboxMember.id)).toEqual([]);

    // The same period again (another worker, the CLI twice): nothing more.
    expect((await runDigests(config, new Date("2027-03-05T23:00:00Z"), [partnerId])).digests).toBe(0);
    expect(await db.emailMessage.count({ where: { toAddress: member.email } })).toBe(1);

    // Next week with nothing new of this partner: a row (the baseline), no email about these deals.
    const second = await runDigests(config, new Date(at.getTime() + 7 * DAY), [partnerId]);
    const rows = await digestsOf(member.id);
    expect(rows).toHaveLength(2);
    expect(rows[1].dealIds.filter((id) => mine.includes(id))).toEqual([]);
    expect(second.digests).toBe(rows[1].dealIds.length > 0 ? 1 : 0);

    // A deal becomes claimable (eligibility met) and a new one appears: the next digest lists just those.
    await db.member.update({ where: { id: member.id }, data: { eligibilityCompanyStage: ["Seed"] } });
    const fresh = await ownDeal(scope);
    expect((await runDigests(config, new Date(at.getTime() + 14 * DAY), [partnerId])).digests).toBe(1);
    const third = (await digestsOf(member.id))[2];
    expect(third.dealIds.filter((id) => [...mine, fresh.id].includes(id)).sort()).toEqual([notEligible.id, fresh.id].sort());

    // The tracked link counts the open and the click, and leads to the deal in the hosted app.
    const thirdEmail = await db.emailMessage.findUniqueOrThrow({ where: { id: third.emailId! } });
    const link = thirdEmail.links.find((l) => l.includes("/api/email/digest-link?t=d."))!;
    const res = await followLink(new Request(link));
    expect(res.status).toBe(302);
    // The route reads the app's own configuration (APP_DOMAIN of the test environment).
    const dealOfLink = third.dealIds[0];
    expect(res.headers.get("location")).toMatch(new RegExp(`^https?://t-[0-9a-f]{8}\\.[^/]+/deals/${dealOfLink}$`));
    expect((await db.memberDigest.findUniqueOrThrow({ where: { id: third.id } })).openedAt).not.toBeNull();
    expect((await followLink(new Request(link.replace(/.$/, (c) => (c === "A" ? "B" : "A"))))).status).toBe(400);
    const figures = await getDigestFigures(scope, { from: new Date(Date.now() - DAY), to: new Date(Date.now() + DAY) });
    expect(figures.digests_opened).toBe(1);
    expect(figures.digests_sent).toBeGreaterThanOrEqual(2);
  });

  it("sends nothing for a partner whose frequency is off, and a monthly partner once a month", async () => {
    const off = await livePartner();
    await db.partner.update({ where: { id: off.partnerId }, data: { digestFrequency: "off" } });
    const offMember = await createTestMember(off.scope);
    await ownDeal(off.scope);
    const monthly = await livePartner();
    await db.partner.update({ where: { id: monthly.partnerId }, data: { digestFrequency: "monthly" } });
    const monthlyMember = await createTestMember(monthly.scope);
    await ownDeal(monthly.scope);
    await runDigests(config, new Date("2027-05-03T08:00:00Z"), [off.partnerId, monthly.partnerId]);
    await runDigests(config, new Date("2027-05-20T08:00:00Z"), [off.partnerId, monthly.partnerId]);
    expect(await digestsOf(offMember.id)).toEqual([]);
    expect((await digestsOf(monthlyMember.id)).map((d) => d.period)).toEqual(["2027-05"]);
  });

  it("one-click unsubscribe works without a session, stops digests, and refuses a bad signature with a 400", async () => {
    const { partnerId, scope } = await livePartner();
    const member = await createTestMember(scope);
    await ownDeal(scope);
    await runDigests(config, new Date("2027-06-02T08:00:00Z"), [partnerId]);
    const email = await db.emailMessage.findFirstOrThrow({ where: { toAddress: member.email } });
    const url = /^<(.+)>$/.exec((email.headers as Record<string, string>)["List-Unsubscribe"])![1];
    const post = (u: string) => unsubscribePost(new Request(u, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }));
    const tampered = url.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await post(tampered)).status).toBe(400);
    expect((await post(url.replace(member.id, randomUUID()))).status).toBe(400);
    expect((await db.member.findUniqueOrThrow({ where: { id: member.id } })).digestEmails).toBe(true);
    const ok = await post(url);
    expect(ok.status).toBe(200);
    expect((await db.member.findUniqueOrThrow({ where: { id: member.id } })).digestEmails).toBe(false);
    await ownDeal(scope);
    await runDigests(config, new Date("2027-06-09T08:00:00Z"), [partnerId]);
    expect(await digestsOf(member.id)).toHaveLength(1);
  });
});

describe("ending soon", () => {
  it("reminds a member who viewed and did not redeem, once, from end_date − 7 days; never after redemption", async () => {
    const { partnerId, scope } = await livePartner();
    await db.partner.update({ where: { id: partnerId }, data: { digestFrequency: "monthly" } });
    const now = new Date();
    const end = new Date(`${iso(new Date(now.getTime() + 10 * DAY))}T00:00:00Z`);
    const deal = await ownDeal(scope, { endDate: end });
    const viewer = await createTestMember(scope);
    const redeemer = await createTestMember(scope);
    const bystander = await createTestMember(scope);
    await viewed(scope, viewer.id, deal.id, now);
    await viewed(scope, redeemer.id, deal.id, now);
    await db.redemption.create({ data: { partnerId, environment: "live", memberId: redeemer.id, dealId: deal.id, source: "member" } });

    const tooEarly = new Date(end.getTime() - 8 * DAY + 3_600_000);
    expect((await runDigests(config, tooEarly, [partnerId])).ending_soon).toBe(0);
    const due = new Date(end.getTime() - 7 * DAY);
    expect((await runDigests(config, due, [partnerId])).ending_soon).toBe(1);
    expect((await runDigests(config, new Date(due.getTime() + DAY), [partnerId])).ending_soon).toBe(0);
    const reminders = await db.endingSoonReminder.findMany({ where: { dealId: deal.id } });
    expect(reminders.map((r) => r.memberId)).toEqual([viewer.id]);
    const email = await db.emailMessage.findUniqueOrThrow({ where: { id: reminders[0].emailId! } });
    expect(email).toMatchObject({ kind: "ending_soon", toAddress: viewer.email });
    expect(email.subject).toBe(`Ending soon: ${deal.productName}`);
    expect((email.headers as Record<string, string>)["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await db.emailMessage.count({ where: { toAddress: { in: [redeemer.email, bystander.email] }, kind: "ending_soon" } })).toBe(0);
  });

  it("is stopped by the member's digest preference", async () => {
    const { partnerId, scope } = await livePartner();
    const end = new Date(`${iso(new Date(Date.now() + 3 * DAY))}T00:00:00Z`);
    const deal = await ownDeal(scope, { endDate: end });
    const member = await createTestMember(scope);
    await db.member.update({ where: { id: member.id }, data: { digestEmails: false } });
    await viewed(scope, member.id, deal.id, new Date());
    expect((await runDigests(config, new Date(), [partnerId])).ending_soon).toBe(0);
  });
});

describe("in the member's language", () => {
  it("a digest and an ending-soon reminder speak the member's locale, else the partner's default", async () => {
    const { partnerId, scope } = await livePartner();
    await db.partner.update({ where: { id: partnerId }, data: { defaultLocale: "fr", locales: ["fr", "ar"], digestFrequency: "monthly" } });
    const arabic = await db.member.update({ where: { id: (await createTestMember(scope)).id }, data: { locale: "ar", createdAt: new Date("2026-01-01T00:00:00Z") } });
    const french = await db.member.update({ where: { id: (await createTestMember(scope)).id }, data: { createdAt: new Date("2026-01-01T00:00:00Z") } });
    const now = new Date();
    const end = new Date(`${iso(new Date(now.getTime() + 10 * DAY))}T00:00:00Z`);
    const deal = await ownDeal(scope, { endDate: end, tags: ["featured"], productName: `0 Deal ${randomUUID().slice(0, 8)}` });

    const due = new Date(end.getTime() - 7 * DAY);
    await viewed(scope, arabic.id, deal.id, now);
    expect((await runDigests(config, due, [partnerId])).ending_soon).toBe(1);
    const [reminder] = await db.endingSoonReminder.findMany({ where: { dealId: deal.id } });
    const ending = await db.emailMessage.findUniqueOrThrow({ where: { id: reminder.emailId! } });
    expect(ending.subject).toBe(`ينتهي قريبًا: ${deal.productName}`);
    expect(ending.html).toMatch(/<html[^>]*dir="rtl"[^>]*lang="ar"|<html[^>]*lang="ar"[^>]*dir="rtl"/);
    expect(ending.text).toContain(new Intl.DateTimeFormat("ar", { dateStyle: "long", timeZone: "UTC" }).format(end));

    const digests = await db.memberDigest.findMany({ where: { memberId: { in: [arabic.id, french.id] }, emailId: { not: null } } });
    expect(digests).toHaveLength(2);
    const bodies = await db.emailMessage.findMany({ where: { id: { in: digests.map((d) => d.emailId!) } } });
    const to = (m: { email: string }) => bodies.find((b) => b.toAddress === m.email)!;
    expect(to(french).subject).toMatch(/^Nouvelles offres à saisir : \d+ chez /);
    expect(to(french).html).toContain('lang="fr"');
    expect(to(french).text).toContain("Voir toutes vos offres");
    expect(to(arabic).subject).toMatch(/^عروض جديدة يمكنك الحصول عليها/);
  });
});
