// Admin account emails, checked in the outbox (sending is delivery.test.ts's): the invitation with
// its set-password link, "Forgot password?" (only for an admin with a password, throttled per
// address), and the notice after a reset.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { createAdminInvite } from "@/server/services/admins/create-admin-invite";
import { requestPasswordReset, RESETS_PER_ADDRESS } from "@/server/services/admins/request-password-reset";
import { setPasswordWithToken } from "@/server/services/admins/set-password-with-token";
import { seedPartner } from "../helpers/seed";

const rowsTo = (to: string) => db.emailMessage.findMany({ where: { toAddress: to }, orderBy: { createdAt: "asc" } });
const tokenOf = (links: string[]) => new URL(links.find((l) => l.includes("/set-password?token="))!).searchParams.get("token")!;

describe("admin emails", () => {
  it("an invitation is emailed with the same set-password link; reset, then the notice", async () => {
    const { partner } = await seedPartner();
    const email = `inv-${randomUUID().slice(0, 8)}@example.com`;
    const invite = await createAdminInvite({ partnerId: partner.id }, { type: "admin", adminId: randomUUID(), email: "boss@example.com" }, { email, name: "" });
    const [inv] = await rowsTo(email);
    expect(inv).toMatchObject({ kind: "admin_invitation", subject: `You're invited to manage ${partner.name} on Perkway` });
    expect(inv.links).toContain(invite.set_password_url);
    expect(inv.text).toContain("boss@example.com invited you");
    // Invited, no password yet: "Forgot password?" sends nothing.
    expect(await requestPasswordReset(email)).toEqual({ queued: false });
    await setPasswordWithToken(tokenOf(inv.links), "first-password-123");
    expect((await rowsTo(email)).map((r) => r.kind)).toEqual(["admin_invitation"]); // no notice for a first password
    // Now a reset: link by email, single use, then a notice.
    expect(await requestPasswordReset(` ${email.toUpperCase()} `)).toEqual({ queued: true });
    const reset = (await rowsTo(email)).at(-1)!;
    expect(reset).toMatchObject({ kind: "password_reset", subject: "Reset your Perkway password" });
    await setPasswordWithToken(tokenOf(reset.links), "second-password-456");
    await expect(setPasswordWithToken(tokenOf(reset.links), "third-password-789")).rejects.toMatchObject({ code: "password_link_invalid" });
    const notice = (await rowsTo(email)).at(-1)!;
    expect(notice).toMatchObject({ kind: "password_changed", subject: "Your Perkway password was changed" });
    expect(notice.text).toContain("reset with an emailed link");
    expect(await requestPasswordReset(`nobody-${randomUUID()}@example.com`)).toEqual({ queued: false });
  });

  it(`at most ${RESETS_PER_ADDRESS} reset emails per address per 15 minutes`, async () => {
    const { partner } = await seedPartner();
    const email = `thr-${randomUUID().slice(0, 8)}@example.com`;
    await db.admin.create({ data: { email, passwordHash: "x", role: "partner_admin", partnerId: partner.id, passwordSetAt: new Date() } });
    const results = await Promise.all(Array.from({ length: 6 }, () => requestPasswordReset(email)));
    expect(results.filter((r) => r.queued)).toHaveLength(RESETS_PER_ADDRESS);
    expect((await rowsTo(email)).filter((r) => r.kind === "password_reset")).toHaveLength(RESETS_PER_ADDRESS);
  });
});
