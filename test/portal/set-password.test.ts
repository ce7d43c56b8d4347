// Set-password links: single use, 7 days, newer links retire older ones; setting the password lets
// the invited admin sign in and signs out their other sessions.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { createAdmin, inspectPasswordToken, issuePasswordToken, setPasswordWithToken, verifyAdminCredentials } from "@/server/services/admins";
import { seedPartner } from "../helpers/seed";
import { itOnPostgres } from "../helpers/requires-postgres";

async function invited() {
  const { partner } = await seedPartner();
  const { admin_id, email } = await createAdmin("operator", { email: `inv-${randomUUID().slice(0, 8)}@example.com`, role: "partner_admin", partner_id: partner.id });
  await db.admin.update({ where: { id: admin_id }, data: { passwordSetAt: null } }); // as an invitation leaves it
  return { adminId: admin_id, email };
}
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("set-password links", () => {
  it("are single use and let the invited admin sign in, with other sessions signed out", async () => {
    const a = await invited();
    expect(await verifyAdminCredentials(a.email, "a-good-password-1")).toBeNull();
    const { url, expires_at } = await issuePasswordToken(a.adminId);
    expect(url).toMatch(/\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const token = tokenOf(url);
    expect(await inspectPasswordToken(token)).toEqual({ state: "valid", email: a.email, provider: false });
    const before = await db.admin.findUniqueOrThrow({ where: { id: a.adminId } });
    await expect(setPasswordWithToken(token, "short")).rejects.toMatchObject({ status: 400, param: "password" });
    expect(await setPasswordWithToken(token, "a-good-password-1")).toEqual({ email: a.email });
    const after = await db.admin.findUniqueOrThrow({ where: { id: a.adminId } });
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(after.passwordSetAt).not.toBeNull();
    expect(await verifyAdminCredentials(a.email, "a-good-password-1")).toMatchObject({ id: a.adminId });
    expect(await inspectPasswordToken(token)).toEqual({ state: "used", provider: false });
    await expect(setPasswordWithToken(token, "another-password-2")).rejects.toMatchObject({ status: 410, code: "password_link_invalid" });
  });

  itOnPostgres("two submissions of one link at once set the password once", async () => {
    const a = await invited();
    const token = tokenOf((await issuePasswordToken(a.adminId)).url);
    const passwords = ["first-password-1", "second-password-2"];
    const results = await Promise.allSettled(passwords.map((pw) => setPasswordWithToken(token, pw)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    // The loser is told the link is spent (410), not a 500 of a failed write.
    const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ status: 410, code: "password_link_invalid" });
    // The winner's password is the one that works.
    const winner = passwords[results.findIndex((r) => r.status === "fulfilled")];
    expect(await verifyAdminCredentials(a.email, winner)).toMatchObject({ id: a.adminId });
    expect(await verifyAdminCredentials(a.email, passwords.find((pw) => pw !== winner)!)).toBeNull();
  });

  it("expire, retire older links when a new one is issued, and refuse unknown tokens", async () => {
    const a = await invited();
    const old = tokenOf((await issuePasswordToken(a.adminId)).url);
    const fresh = tokenOf((await issuePasswordToken(a.adminId)).url);
    expect((await inspectPasswordToken(old)).state).toBe("expired");
    expect((await inspectPasswordToken(fresh)).state).toBe("valid");
    expect((await inspectPasswordToken(fresh, new Date(Date.now() + 8 * 86_400_000))).state).toBe("expired");
    expect((await inspectPasswordToken("nope")).state).toBe("unknown");
    expect((await inspectPasswordToken("A".repeat(43))).state).toBe("unknown");
  });
});
