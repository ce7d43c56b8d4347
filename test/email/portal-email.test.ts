// The portal's email pieces through tRPC callers built as the portal builds them: the support email
// setting (Reply-To of member emails), the template previews, Send sign-in email for the selected
// members, notification preferences, and the super admins' mailbox (list and one email).
import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { db } from "../helpers/db";
import { createTestMember } from "../helpers/seed-members";
import { callerFor, seedPartnerAdmin, seedSuperAdmin, sessionOf } from "../super-admin/fixtures";

describe("portal email", () => {
  it("support email → Reply-To of member emails and of the previews; every template previews with both parts", async () => {
    const a = await seedPartnerAdmin();
    const caller = callerFor(sessionOf(a.actor, a.email));
    const saved = await caller.settings.update({ support_email: "Help@Acme.example" });
    expect(saved.partner.support_email).toBe("help@acme.example");
    await expect(caller.settings.update({ support_email: "not an email" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const previews = await caller.settings.emailPreviews();
    expect(previews.map((p) => p.name)).toEqual(["member_sign_in", "admin_invitation", "password_reset", "password_changed", "notification", "digest"]);
    for (const p of previews) {
      expect(p.html, p.name).toContain("<html");
      expect(p.text.length, p.name).toBeGreaterThan(40);
      expect(p.links.length, p.name).toBeGreaterThan(0);
    }
    expect(previews[0]).toMatchObject({ from: a.partner.partner.name, replyTo: "help@acme.example" });
    expect(previews[0].subject).toBe(`Your sign-in link for ${a.partner.partner.name}`);
    expect((await caller.settings.update({ support_email: "" })).partner.support_email).toBeNull();
  });

  it("sendSignInEmails queues one email per selected member, all or nothing", async () => {
    const a = await seedPartnerAdmin();
    const scope = { partnerId: a.partner.partner.id, environment: "live" as const };
    const caller = callerFor(sessionOf(a.actor, a.email));
    const [m1, m2] = [await createTestMember(scope), await createTestMember(scope)];
    expect(await caller.members.sendSignInEmails({ ids: [m1.id, m2.id] })).toEqual({ queued: 2 });
    const rows = await db.emailMessage.findMany({ where: { toAddress: { in: [m1.email, m2.email] } } });
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.kind === "member_sign_in" && r.links.some((l) => l.includes("/auth/magic?token=")))).toBe(true);
    const other = await seedPartnerAdmin();
    const foreign = await createTestMember({ partnerId: other.partner.partner.id, environment: "live" });
    await expect(caller.members.sendSignInEmails({ ids: [m1.id, foreign.id] })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db.emailMessage.count({ where: { toAddress: { in: [m1.email, foreign.email] } } })).toBe(1);
  });

  it("notification preferences are per admin, default instant", async () => {
    const a = await seedPartnerAdmin();
    const caller = callerFor(sessionOf(a.actor, a.email));
    expect(await caller.team.notificationPreferences()).toEqual({ inquiry: "instant", codes_low: "instant", access_request: "instant" });
    expect(await caller.team.setNotificationPreferences({ codes_low: "digest", inquiry: "off" })).toEqual({ inquiry: "off", codes_low: "digest", access_request: "instant" });
    await expect(caller.team.setNotificationPreferences({ inquiry: "sometimes" as never })).rejects.toBeInstanceOf(TRPCError);
  });

  it("the mailbox lists emails with status and attempts and opens one; partner admins are refused", async () => {
    const s = await seedSuperAdmin();
    const a = await seedPartnerAdmin();
    const member = await createTestMember({ partnerId: a.partner.partner.id, environment: "live" });
    await callerFor(sessionOf(a.actor, a.email)).members.sendSignInEmails({ ids: [member.id] });
    const row = await db.emailMessage.findFirstOrThrow({ where: { toAddress: member.email } });
    await db.emailMessage.update({ where: { id: row.id }, data: { attempts: 2, lastError: "421 try again later" } });
    const sup = callerFor(sessionOf(s.actor, s.email));
    const list = await sup.superAdmin.mailbox({ q: member.email });
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: row.id, to: member.email, status: "pending", attempts: 2, lastError: "421 try again later", partnerName: a.partner.partner.name });
    const one = await sup.superAdmin.mailboxEmail({ id: row.id });
    expect(one.html).toContain("<html");
    expect(one.links.some((l) => l.includes("/auth/magic?token="))).toBe(true);
    await expect(sup.superAdmin.mailboxEmail({ id: "nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(sessionOf(a.actor, a.email)).superAdmin.mailbox({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
