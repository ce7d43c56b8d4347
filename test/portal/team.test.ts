// Portal team over tRPC (team.*): the partner's admins, invitations (no usable password until the
// set-password link), removal (never the last admin; another partner's admin is NOT_FOUND), your
// own password (current checked, other sessions signed out), each recorded in the activity log.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { loadAdminPortalState, verifyAdminCredentials } from "@/server/services/admins";
import { PASSWORD, callerOf, seedAdminOf, seedPortalPartner, sessionFor, trpcError } from "./portal-fixtures";
import { itOnPostgres } from "../helpers/requires-postgres";

let a: Awaited<ReturnType<typeof seedPortalPartner>>;
let b: Awaited<ReturnType<typeof seedPortalPartner>>;
beforeAll(async () => {
  [a, b] = await Promise.all([seedPortalPartner(), seedPortalPartner()]);
});

describe("team.list", () => {
  it("lists the partner's own admins only, marking the caller", async () => {
    const out = await a.live.team.list();
    expect(out.map((x) => x.email)).toEqual([a.admin.email]);
    expect(out[0]).toMatchObject({ is_you: true, password_set: true, last_sign_in_at: null });
    expect((await b.live.team.list()).map((x) => x.email)).toEqual([b.admin.email]);
  });
});

describe("team.invite", () => {
  it("creates an admin who cannot sign in yet, records admin.invited, and returns a set-password link", async () => {
    const email = `New-${randomUUID().slice(0, 8)}@Perkway.test`;
    const out = await a.live.team.invite({ email, name: "Grace" });
    expect(out.admin).toMatchObject({ email: email.toLowerCase(), name: "Grace", password_set: false, is_you: false });
    expect(out.set_password_url).toMatch(/\/set-password\?token=/);
    const row = await db.admin.findUniqueOrThrow({ where: { id: out.admin.id } });
    expect(row).toMatchObject({ role: "partner_admin", partnerId: a.partnerId, passwordSetAt: null });
    expect(await verifyAdminCredentials(email, "anything-at-all-123")).toBeNull();
    const entry = await db.activityLog.findFirstOrThrow({ where: { partnerId: a.partnerId, action: "admin.invited", targetId: out.admin.id } });
    expect(entry.actorId).toBe(a.admin.adminId);
    expect((await a.live.team.list()).map((x) => x.email)).toContain(email.toLowerCase());
  });

  it("refuses an email that is already an admin (409 on email), and a bad email (400)", async () => {
    const err = await trpcError(a.live.team.invite({ email: b.admin.email }));
    expect(err.code).toBe("CONFLICT");
    expect(err.param).toBe("email");
    expect((await trpcError(a.live.team.invite({ email: "nope" }))).code).toBe("BAD_REQUEST");
  });

  it("renews the link of an invited admin only", async () => {
    const { admin } = await a.live.team.invite({ email: `renew-${randomUUID().slice(0, 8)}@perkway.test` });
    expect((await a.live.team.renewInvite({ id: admin.id })).set_password_url).toMatch(/set-password/);
    expect((await trpcError(a.live.team.renewInvite({ id: a.admin.adminId }))).code).toBe("CONFLICT");
    expect((await trpcError(b.live.team.renewInvite({ id: admin.id }))).code).toBe("NOT_FOUND");
  });
});

describe("team.remove", () => {
  it("never removes the last admin; removes another; another partner's admin is NOT_FOUND", async () => {
    const solo = await seedPortalPartner();
    const last = await trpcError(solo.live.team.remove({ id: solo.admin.adminId }));
    expect(last.code).toBe("CONFLICT");
    expect(last.appCode).toBe("last_admin");

    const other = await seedAdminOf(solo.partnerId);
    expect((await trpcError(b.live.team.remove({ id: other.adminId }))).code).toBe("NOT_FOUND");
    expect(await db.admin.count({ where: { id: other.adminId } })).toBe(1);

    expect(await solo.live.team.remove({ id: other.adminId })).toEqual({ id: other.adminId, removed: true });
    expect(await db.admin.count({ where: { id: other.adminId } })).toBe(0);
    const entry = await db.activityLog.findFirstOrThrow({ where: { partnerId: solo.partnerId, action: "admin.removed" } });
    expect(entry.summary).toContain(other.email);
  });

  it("removing yourself works while another admin remains; the one left cannot remove themselves", async () => {
    const p = await seedPortalPartner();
    const second = await seedAdminOf(p.partnerId);
    const secondCaller = callerOf(sessionFor(second.actor, second.email));
    expect(await p.live.team.remove({ id: p.admin.adminId })).toEqual({ id: p.admin.adminId, removed: true });
    const last = await trpcError(secondCaller.team.remove({ id: second.adminId }));
    expect(last.appCode).toBe("last_admin");
    expect(await db.admin.count({ where: { partnerId: p.partnerId } })).toBe(1);
  });

  itOnPostgres("two concurrent removals of themselves leave one admin; the loser is told it is the last admin", async () => {
    const p = await seedPortalPartner();
    const second = await seedAdminOf(p.partnerId);
    const secondCaller = callerOf(sessionFor(second.actor, second.email));
    const results = await Promise.allSettled([p.live.team.remove({ id: p.admin.adminId }), secondCaller.team.remove({ id: second.adminId })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((await trpcError(Promise.reject(loser.reason))).appCode).toBe("last_admin");
    expect(await db.admin.count({ where: { partnerId: p.partnerId } })).toBe(1);
  });

  it("a super admin's id is never a team member", async () => {
    const superAdmin = await db.admin.create({ data: { email: `sa-${randomUUID().slice(0, 8)}@perkway.test`, role: "super_admin", passwordHash: "x" } });
    expect((await trpcError(a.live.team.remove({ id: superAdmin.id }))).code).toBe("NOT_FOUND");
  });
});

describe("team.changePassword", () => {
  it("checks the current password, signs out older sessions (sessionVersion), records without secrets", async () => {
    const p = await seedPortalPartner();
    const before = await db.admin.findUniqueOrThrow({ where: { id: p.admin.adminId } });
    const wrong = await trpcError(p.live.team.changePassword({ current_password: "not it", new_password: "a brand new password", confirm_password: "a brand new password" }));
    expect(wrong.code).toBe("BAD_REQUEST");
    expect(wrong.param).toBe("current_password");
    const mismatch = await trpcError(p.live.team.changePassword({ current_password: PASSWORD, new_password: "a brand new password", confirm_password: "another one entirely" }));
    expect(mismatch.code).toBe("BAD_REQUEST");
    expect((await trpcError(p.live.team.changePassword({ current_password: PASSWORD, new_password: "short", confirm_password: "short" }))).code).toBe("BAD_REQUEST");

    const out = await p.live.team.changePassword({ current_password: PASSWORD, new_password: "a brand new password", confirm_password: "a brand new password" });
    expect(out.session_version).toBe(before.sessionVersion + 1);
    expect(await loadAdminPortalState(p.admin.actor, before.sessionVersion)).toBeNull();
    expect(await loadAdminPortalState(p.admin.actor, out.session_version)).not.toBeNull();
    expect(await verifyAdminCredentials(p.admin.email, PASSWORD)).toBeNull();
    expect((await verifyAdminCredentials(p.admin.email, "a brand new password"))?.sessionVersion).toBe(out.session_version);
    const entry = await db.activityLog.findFirstOrThrow({ where: { partnerId: p.partnerId, action: "admin.password_changed" } });
    expect(JSON.stringify(entry)).not.toContain("brand new");
  });
});

describe("read-only view-as", () => {
  it("a super admin viewing a partner can list the team but not invite or remove", async () => {
    const superAdmin = await db.admin.create({ data: { email: `va-${randomUUID().slice(0, 8)}@perkway.test`, role: "super_admin", passwordHash: "x" } });
    const viewer = callerOf(sessionFor({ adminId: superAdmin.id, role: "super_admin", partnerId: null }, superAdmin.email, "live", a.partnerId));
    expect((await viewer.team.list()).length).toBeGreaterThan(0);
    expect((await trpcError(viewer.team.invite({ email: `x-${randomUUID().slice(0, 8)}@perkway.test` }))).code).toBe("FORBIDDEN");
    expect((await trpcError(viewer.team.remove({ id: a.admin.adminId }))).code).toBe("FORBIDDEN");
    expect((await trpcError(viewer.members.create({ email: "v@example.com" }))).code).toBe("FORBIDDEN");
  });
});
