// Sessions on /account (device, IP, last seen; sign out one or all others), owners ending a
// teammate's sessions, role changes (owners only, never the last owner, the teammate signed out),
// removal of the last owner refused, and the migration that made existing partner admins owners.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadAdminPortalState, startAdminSession } from "@/server/services/admins";
import { db } from "../helpers/db";
import { seedPartner } from "../helpers/seed";
import { itOnPostgres } from "../helpers/requires-postgres";
import { seedRoleAdmin, trpcHttp } from "../trpc/trpc-http";

const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

type SessionRow = { id: string; device: string; ip: string | null; current: boolean; created_at: string; last_seen_at: string };

describe("sessions on /account", () => {
  it("lists the admin's own open sessions with device, IP and last seen; signs out one, then every other", async () => {
    const { partner } = await seedPartner();
    const me = await seedRoleAdmin(partner.id, "analyst");
    const other = await seedRoleAdmin(partner.id, "analyst");
    const here = await startAdminSession(me.adminId, 3600, new Date(), { userAgent: MAC_CHROME, ip: "203.0.113.7" });
    const phone = await startAdminSession(me.adminId, 3600, new Date(), { userAgent: IPHONE_SAFARI, ip: "198.51.100.2" });
    const laptop = await startAdminSession(me.adminId, 3600, new Date(), { userAgent: WINDOWS_FIREFOX, ip: "192.0.2.9" });
    const theirs = await startAdminSession(other.adminId, 3600, new Date(), { userAgent: MAC_CHROME, ip: "203.0.113.8" });
    const claims = { ...me.claims, sessionId: here };

    const listed = (await trpcHttp(claims, "account.sessions", "query")).data as SessionRow[];
    expect(listed.map((s) => s.id).sort()).toEqual([here, phone, laptop].sort());
    const byId = Object.fromEntries(listed.map((s) => [s.id, s]));
    expect(byId[here]).toMatchObject({ device: "Chrome on macOS", ip: "203.0.113.7", current: true });
    expect(byId[phone]).toMatchObject({ device: "Safari on iOS", ip: "198.51.100.2", current: false });
    expect(byId[laptop]).toMatchObject({ device: "Firefox on Windows", current: false });
    expect(Date.parse(byId[here].last_seen_at)).toBeGreaterThanOrEqual(Date.parse(byId[here].created_at));

    // Someone else's session is not yours to end.
    expect((await trpcHttp(claims, "account.endSession", "mutation", { id: theirs })).appCode).toBe("admin_session_not_found");
    expect((await trpcHttp(claims, "account.endSession", "mutation", { id: "not-a-uuid" })).appCode).toBe("admin_session_not_found");
    expect((await trpcHttp(claims, "account.endSession", "mutation", { id: phone })).status).toBe(200);
    expect((await trpcHttp({ ...me.claims, sessionId: phone }, "me", "query")).status).toBe(401);
    expect((await trpcHttp(claims, "account.endOtherSessions", "mutation")).data).toEqual({ ended: 1 });
    expect((await trpcHttp({ ...me.claims, sessionId: laptop }, "me", "query")).status).toBe(401);
    expect(((await trpcHttp(claims, "account.sessions", "query")).data as SessionRow[]).map((s) => s.id)).toEqual([here]);
    expect((await trpcHttp({ ...other.claims, sessionId: theirs }, "me", "query")).status).toBe(200);
    const logged = await db.activityLog.findMany({ where: { partnerId: partner.id, action: { in: ["admin.session_ended", "admin.sessions_ended"] } } });
    expect(logged).toHaveLength(2);
  });

  it("records when a session was last seen, at most once a minute", async () => {
    const { partner } = await seedPartner();
    const me = await seedRoleAdmin(partner.id, "owner");
    const t0 = new Date("2026-01-01T10:00:00Z");
    const id = await startAdminSession(me.adminId, 10 * 365 * 86400, t0, { userAgent: MAC_CHROME, ip: "203.0.113.7" });
    await loadAdminPortalState(me.claims.actor, 0, id, new Date(t0.getTime() + 30_000));
    expect((await db.adminSession.findUniqueOrThrow({ where: { id } })).lastSeenAt).toEqual(t0);
    const later = new Date(t0.getTime() + 90_000);
    await loadAdminPortalState(me.claims.actor, 0, id, later);
    expect((await db.adminSession.findUniqueOrThrow({ where: { id } })).lastSeenAt).toEqual(later);
  });

  it("an owner ends a teammate's sessions; an admin cannot", async () => {
    const { partner } = await seedPartner();
    const owner = await seedRoleAdmin(partner.id, "owner");
    const admin = await seedRoleAdmin(partner.id, "admin");
    const teammate = await seedRoleAdmin(partner.id, "developer");
    const sessions = await Promise.all([1, 2].map(() => startAdminSession(teammate.adminId, 3600)));
    expect((await trpcHttp(admin.claims, "team.endSessions", "mutation", { id: teammate.adminId })).appCode).toBe("forbidden");
    expect((await trpcHttp(owner.claims, "team.endSessions", "mutation", { id: teammate.adminId })).data).toEqual({ id: teammate.adminId, ended: 2 });
    for (const s of sessions) expect((await trpcHttp({ ...teammate.claims, sessionId: s }, "me", "query")).status).toBe(401);
  });
});

describe("roles on the Team page", () => {
  it("an owner changes a role: the teammate's sessions end and the new role applies from the next request", async () => {
    const { partner } = await seedPartner();
    const owner = await seedRoleAdmin(partner.id, "owner");
    const teammate = await seedRoleAdmin(partner.id, "admin");
    const session = await startAdminSession(teammate.adminId, 3600);
    expect((await trpcHttp(teammate.claims, "members.list", "query", {})).status).toBe(200);
    const changed = await trpcHttp(owner.claims, "team.setRole", "mutation", { id: teammate.adminId, role: "analyst" });
    expect(changed.data).toMatchObject({ id: teammate.adminId, role: "analyst" });
    expect((await trpcHttp({ ...teammate.claims, sessionId: session }, "me", "query")).status).toBe(401);
    expect((await trpcHttp(teammate.claims, "members.list", "query", {})).appCode).toBe("forbidden");
    const entry = await db.activityLog.findFirstOrThrow({ where: { partnerId: partner.id, action: "admin.role_changed" } });
    expect(entry.changes).toEqual({ before: { role: "admin" }, after: { role: "analyst" } });
    const team = (await trpcHttp(owner.claims, "team.list", "query")).data as { id: string; role: string }[];
    expect(team.find((a) => a.id === teammate.adminId)?.role).toBe("analyst");
    // Only owners assign roles.
    expect((await trpcHttp(teammate.claims, "team.setRole", "mutation", { id: owner.adminId, role: "analyst" })).appCode).toBe("forbidden");
  });

  it("the last owner can be neither demoted nor removed; with a second owner both work", async () => {
    const { partner } = await seedPartner();
    const owner = await seedRoleAdmin(partner.id, "owner");
    const other = await seedRoleAdmin(partner.id, "admin");
    const demote = await trpcHttp(owner.claims, "team.setRole", "mutation", { id: owner.adminId, role: "admin" });
    expect([demote.status, demote.appCode]).toEqual([409, "last_owner"]);
    const remove = await trpcHttp(owner.claims, "team.remove", "mutation", { id: owner.adminId });
    expect([remove.status, remove.appCode]).toEqual([409, "last_owner"]);
    expect((await db.admin.findUniqueOrThrow({ where: { id: owner.adminId } })).teamRole).toBe("owner");

    expect((await trpcHttp(owner.claims, "team.setRole", "mutation", { id: other.adminId, role: "owner" })).status).toBe(200);
    // Changing your own role keeps the browser you did it from; your other sessions end.
    const [here, elsewhere] = [await startAdminSession(owner.adminId, 3600), await startAdminSession(owner.adminId, 3600)];
    const demoted = await trpcHttp({ ...owner.claims, sessionId: here }, "team.setRole", "mutation", { id: owner.adminId, role: "developer" });
    expect(demoted.data).toMatchObject({ role: "developer" });
    expect((await trpcHttp({ ...owner.claims, sessionId: here }, "me", "query")).data).toMatchObject({ teamRole: "developer" });
    expect((await trpcHttp({ ...owner.claims, sessionId: elsewhere }, "me", "query")).status).toBe(401);
    // The demoted admin is no owner any more: the team is the other owner's now.
    expect((await trpcHttp(owner.claims, "team.list", "query")).appCode).toBe("forbidden");
    expect((await trpcHttp(other.claims, "team.remove", "mutation", { id: owner.adminId })).status).toBe(200);
    expect((await trpcHttp(other.claims, "team.remove", "mutation", { id: other.adminId })).appCode).toMatch(/^last_(admin|owner)$/);
  });

  itOnPostgres("two concurrent demotions of the only two owners leave one owner", async () => {
    const { partner } = await seedPartner();
    const [a, b] = await Promise.all([seedRoleAdmin(partner.id, "owner"), seedRoleAdmin(partner.id, "owner")]);
    const answers = await Promise.all([
      trpcHttp(a.claims, "team.setRole", "mutation", { id: b.adminId, role: "admin" }),
      trpcHttp(b.claims, "team.setRole", "mutation", { id: a.adminId, role: "admin" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db.admin.count({ where: { partnerId: partner.id, teamRole: "owner" } })).toBe(1);
  });

  it("an invitation carries the role the owner chose (admin by default)", async () => {
    const { partner } = await seedPartner();
    const owner = await seedRoleAdmin(partner.id, "owner");
    const invited = await trpcHttp(owner.claims, "team.invite", "mutation", { email: `dev-${Date.now()}@perkway.test`, role: "developer" });
    expect(invited.data).toMatchObject({ admin: { role: "developer", two_factor_enabled: false } });
    const plain = await trpcHttp(owner.claims, "team.invite", "mutation", { email: `adm-${Date.now()}@perkway.test` });
    expect(plain.data).toMatchObject({ admin: { role: "admin" } });
  });
});

describe("the roles migration", () => {
  it("makes existing partner admins owners and leaves super admins without a team role", async () => {
    const dir = fs.readdirSync("prisma/migrations").find((d) => d.endsWith("_admin_roles_two_factor_sessions"));
    const sql = fs.readFileSync(path.join("prisma/migrations", dir!, "migration.sql"), "utf8");
    const update = sql.split(";").map((s) => s.trim()).find((s) => /^UPDATE "admins"/m.test(s.replace(/^--.*$/gm, "").trim()));
    expect(update).toBeDefined();
    const { partner } = await seedPartner();
    const before = await seedRoleAdmin(partner.id, "admin");
    const sa = await db.admin.create({ data: { email: `sa-${Date.now()}@perkway.test`, role: "super_admin", passwordHash: "x" } });
    // As the rows were before the migration: no team role.
    await db.admin.updateMany({ where: { id: { in: [before.adminId, sa.id] } }, data: { teamRole: null } });
    await db.$executeRawUnsafe(update!.replace(/^--.*$/gm, "").trim());
    expect((await db.admin.findUniqueOrThrow({ where: { id: before.adminId } })).teamRole).toBe("owner");
    expect((await db.admin.findUniqueOrThrow({ where: { id: sa.id } })).teamRole).toBeNull();
  });
});
