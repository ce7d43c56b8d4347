// Settings → Member digests over tRPC: digest_frequency (partner admins only, not while viewing
// read-only), and the preview of one member's next digest (previewMemberDigest): only claimable deals,
// nothing queued or recorded, scoped to the session's partner and always to live members (digests
// are live-only, whatever the portal's Live / Sandbox switch says). A member who joined this period
// gets no digest in it (contract section 19, the first digest): the preview says when their first comes.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listClaimableDealIds } from "@/server/services/deals";
import { db } from "../helpers/db";
import { runDigests } from "@/server/services/digests";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { createTestMember } from "../helpers/seed-members";
import { callerOf, seedPortalPartner, sessionFor, trpcError } from "./portal-fixtures";
import { runOnOwnDatabase } from "../helpers/own-database";
import scenario, { ownDeal } from "./digest-settings.scenario";

describe("settings.setDigestFrequency", () => {
  it("saves off / weekly / monthly on the partner record, logged, and refuses anything else", async () => {
    const p = await seedPortalPartner();
    expect((await p.live.settings.get()).partner.digest_frequency).toBe("weekly");
    expect(await p.live.settings.setDigestFrequency({ digest_frequency: "monthly" })).toEqual({ digest_frequency: "monthly" });
    expect((await db.partner.findUniqueOrThrow({ where: { id: p.partnerId } })).digestFrequency).toBe("monthly");
    // One partner record for both environments.
    expect((await p.sandbox.settings.get()).partner.digest_frequency).toBe("monthly");
    await p.sandbox.settings.setDigestFrequency({ digest_frequency: "off" });
    expect((await p.live.settings.get()).partner.digest_frequency).toBe("off");
    const log = await db.activityLog.findFirst({ where: { partnerId: p.partnerId, action: "settings.updated" }, orderBy: { createdAt: "desc" } });
    expect(log?.changes).toMatchObject({ before: { digest_frequency: "monthly" }, after: { digest_frequency: "off" } });

    const bad = await trpcError(p.live.settings.setDigestFrequency({ digest_frequency: "daily" as never }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect((await db.partner.findUniqueOrThrow({ where: { id: p.partnerId } })).digestFrequency).toBe("off");
  });

  it("is refused signed out and while a super admin views the partner read-only", async () => {
    const p = await seedPortalPartner();
    expect((await trpcError(callerOf(null).settings.setDigestFrequency({ digest_frequency: "off" }))).code).toBe("UNAUTHORIZED");
    const viewer = callerOf({ ...sessionFor(p.admin.actor, p.admin.email), readOnly: true });
    expect((await trpcError(viewer.settings.setDigestFrequency({ digest_frequency: "off" }))).code).toBe("FORBIDDEN");
    expect((await db.partner.findUniqueOrThrow({ where: { id: p.partnerId } })).digestFrequency).toBe("weekly");
  });
});

describe("settings.previewDigest", () => {
  it("renders what the member would get now: claimable deals only, and sends or records nothing", async () => {
    // On a database of its own: catalogue deals, which other test files add to the shared test
    // database meanwhile, would be in the member's count. Here the partner's deals are all there is.
    const r = await runOnOwnDatabase<Awaited<ReturnType<typeof scenario>>>(path.join(import.meta.dirname, "digest-settings.scenario.ts"));
    expect(r.otherDeals).toBe(0);
    expect(r.claimableIds).toEqual([r.deals.claimable.id]);
    const { preview } = r;
    expect(preview.new_deals).toBe(1);
    expect(preview.member_email).toBe(r.memberEmail);
    expect(preview.first_digest).toBeNull();
    expect(preview.digest_emails).toBe(true);
    expect(preview.digest_frequency).toBe("weekly");
    expect(preview.email?.subject).toMatch(/^New deals you can claim/);
    expect(preview.email?.text).toContain(r.deals.claimable.name);
    expect(preview.email?.html).toContain(r.deals.claimable.name);
    for (const hidden of r.deals.hidden) expect(preview.email?.text).not.toContain(hidden);
    expect([r.digests, r.emails]).toEqual([0, 0]);
  }, 600_000); // a database of its own and a child process: seconds on an idle machine, 4 minutes seen on a crowded one

  it("shows the member's own preference and nothing when nothing is new since their last digest", async () => {
    const p = await seedPortalPartner();
    const scope = { partnerId: p.partnerId, environment: "live" as const };
    const member = await createTestMember(scope);
    await ownDeal(scope);
    await db.member.update({ where: { id: member.id }, data: { digestEmails: false } });
    const known = await listClaimableDealIds(scope, member);
    await db.memberDigest.create({ data: { partnerId: p.partnerId, environment: "live", memberId: member.id, period: "2020-W01", dealIds: known, knownDealIds: known } });
    const preview = await p.live.settings.previewDigest({ member_id: member.id });
    expect(preview).toMatchObject({ email: null, new_deals: 0, digest_emails: false });
  });

  it("a member who joined this period: no digest now, and the preview names them and says when their first digest comes (not an empty preview)", async () => {
    const p = await seedPortalPartner();
    const scope = { partnerId: p.partnerId, environment: "live" as const };
    const member = await createTestMember(scope); // joined now
    await ownDeal(scope);
    // The workers' first run sees them: their baseline, no email (contract section 19).
    await runDigests(hostedAppConfig(), new Date(), [p.partnerId]);
    const baseline = await db.memberDigest.findFirstOrThrow({ where: { memberId: member.id } });
    expect(baseline.emailId).toBeNull();

    const preview = await p.live.settings.previewDigest({ member_id: member.id });
    expect(preview).toMatchObject({ member_email: member.email, email: null, new_deals: 0 });
    // Weekly: the first digest comes at the first run of next ISO week (Monday 00:00 UTC) and lists
    // what became claimable since the baseline.
    const now = new Date();
    const nextMonday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + (8 - (now.getUTCDay() || 7))));
    expect(preview.first_digest).toEqual({ period: "weekly", on: nextMonday.toISOString(), new_since: baseline.createdAt.toISOString() });

    // Monthly: the first of next month; before any run has seen them, the baseline is the moment of the preview.
    await p.live.settings.setDigestFrequency({ digest_frequency: "monthly" });
    const fresh = await createTestMember(scope);
    const before = Date.now();
    const monthly = await p.live.settings.previewDigest({ member_id: fresh.id });
    expect(monthly.first_digest?.on).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
    expect(Date.parse(monthly.first_digest!.new_since)).toBeGreaterThanOrEqual(before - 1000);
    expect(await db.memberDigest.count({ where: { memberId: fresh.id } })).toBe(0);
  });

  it("previews live members whatever the portal's environment switch says: a sandbox member is NOT_FOUND, from Live or Sandbox", async () => {
    const p = await seedPortalPartner();
    const live = await createTestMember({ partnerId: p.partnerId, environment: "live" });
    const sandbox = await createTestMember({ partnerId: p.partnerId, environment: "test" });
    expect((await p.sandbox.settings.previewDigest({ member_id: live.id })).member_email).toBe(live.email);
    expect((await p.live.settings.previewDigest({ member_id: live.id })).member_email).toBe(live.email);
    for (const caller of [p.sandbox, p.live]) expect((await trpcError(caller.settings.previewDigest({ member_id: sandbox.id }))).code).toBe("NOT_FOUND");
    // The preview's member picker searches live members too, from Sandbox.
    const found = await p.sandbox.settings.searchDigestMembers({ q: live.email });
    expect(found.map((m) => m.id)).toEqual([live.id]);
    expect(await p.sandbox.settings.searchDigestMembers({ q: sandbox.email })).toEqual([]);
  });

  it("another partner's member is NOT_FOUND; a bad id BAD_REQUEST; signed out UNAUTHORIZED", async () => {
    const p = await seedPortalPartner();
    const other = await seedPortalPartner();
    const theirs = await createTestMember({ partnerId: other.partnerId, environment: "live" });
    const mine = await createTestMember({ partnerId: p.partnerId, environment: "live" });
    expect((await trpcError(p.live.settings.previewDigest({ member_id: theirs.id }))).code).toBe("NOT_FOUND");
    expect((await trpcError(p.live.settings.previewDigest({ member_id: "nope" }))).code).toBe("BAD_REQUEST");
    expect((await trpcError(callerOf(null).settings.previewDigest({ member_id: mine.id }))).code).toBe("UNAUTHORIZED");
  });
});
