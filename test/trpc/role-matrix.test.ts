// Roles × procedures (contract.md section 17): every procedure of the app router declares its
// permission (tRPC meta), and each team role gets exactly what the table read back says over real tRPC HTTP calls — a
// refused call is 403 with appCode `forbidden`, an allowed one never is. Then a few representative
// calls with real inputs, so "allowed" is seen to answer, not only to get past the guard.
import { describe, expect, it, beforeAll } from "vitest";
import { TEAM_ROLES, type TeamRole } from "@/server/domain/team-roles";
import { canCall, PROCEDURE_PERMISSIONS } from "@/server/trpc/procedure-permissions";
import { appRouter } from "@/server/trpc/routers/_app";
import { db } from "../helpers/db";
import { seedPartner } from "../helpers/seed";
import { seedRoleAdmin, trpcHttp } from "./trpc-http";

type Procedure = { _def: { type: "query" | "mutation" } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>).map(([path, p]) => ({ path, type: p._def.type }));
/** An input no procedure accepts: the guards answer first, anything allowed stops at validation. */
const PROBE = "__role_matrix_probe__";

let admins: Record<TeamRole, Awaited<ReturnType<typeof seedRoleAdmin>>>;
let superClaims: Awaited<ReturnType<typeof seedRoleAdmin>>["claims"];

beforeAll(async () => {
  const { partner } = await seedPartner();
  const seeded = await Promise.all(TEAM_ROLES.map((r) => seedRoleAdmin(partner.id, r)));
  admins = Object.fromEntries(TEAM_ROLES.map((r, i) => [r, seeded[i]])) as typeof admins;
  const sa = await db.admin.create({ data: { email: `sa-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@perkway.test`, role: "super_admin", passwordHash: "x", passwordSetAt: new Date() } });
  superClaims = { actor: { adminId: sa.id, role: "super_admin", partnerId: null }, email: sa.email, name: null, sessionVersion: 0 };
});

describe("the permission table", () => {
  it("holds every procedure of the app router, each with the permission it declares", () => {
    expect(procedures.length).toBeGreaterThan(100);
    const undeclared = procedures.filter((p) => PROCEDURE_PERMISSIONS[p.path] === undefined).map((p) => p.path);
    expect(undeclared).toEqual([]);
    expect(Object.keys(PROCEDURE_PERMISSIONS).sort()).toEqual(procedures.map((p) => p.path).sort());
  });

  it("every procedure declares its output schema too (what the portal reads is checked, and extra fields are never sent)", () => {
    const all = appRouter._def.procedures as unknown as Record<string, { _def: { output?: unknown } }>;
    expect(Object.keys(all).length).toBeGreaterThan(100);
    expect(Object.entries(all).filter(([, p]) => !p._def.output).map(([path]) => path)).toEqual([]);
  });

  it("refuses a procedure it does not know, whoever asks", () => {
    expect(canCall({ kind: "partner_admin", teamRole: "owner" }, "members.somethingNew")).toBe(false);
    expect(canCall({ kind: "super_admin" }, "superAdmin.somethingNew")).toBe(false);
    expect(canCall(null, "health")).toBe(true);
    expect(canCall(null, "me")).toBe(false);
  });

  it("keeps analysts read-only and developers away from member personal data", () => {
    const mutations = new Set(procedures.filter((p) => p.type === "mutation").map((p) => p.path));
    const analystWrites = [...mutations].filter((path) => PROCEDURE_PERMISSIONS[path] !== "self" && canCall({ kind: "partner_admin", teamRole: "analyst" }, path));
    expect(analystWrites).toEqual([]);
    const developerPersonal = ["members.list", "members.get", "members.detail", "catalogue.searchMembers", "settings.searchDigestMembers", "inbox.list", "activity.list", "ownDeals.poolCodes", "webhooks.deliveryPayload"].filter((path) =>
      canCall({ kind: "partner_admin", teamRole: "developer" }, path),
    );
    expect(developerPersonal).toEqual([]);
  });
});

describe("every role × every procedure over HTTP", () => {
  it.each(TEAM_ROLES)("%s: refused exactly where the table says", async (role) => {
    const wrong: string[] = [];
    for (const p of procedures) {
      if (p.path === "health") continue;
      const answer = await trpcHttp(admins[role].claims, p.path, p.type, PROBE);
      const refused = answer.status === 403 && answer.appCode === "forbidden";
      const expected = canCall({ kind: "partner_admin", teamRole: role }, p.path);
      if (refused === expected || answer.status >= 500) wrong.push(`${p.path}: ${answer.status} ${answer.appCode ?? answer.code}, expected ${expected ? "allowed" : "forbidden"}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a super admin reaches the super-admin procedures; partner admins never do", async () => {
    const superPaths = procedures.filter((p) => PROCEDURE_PERMISSIONS[p.path] === "super_admin");
    expect(superPaths.length).toBeGreaterThan(10);
    for (const p of superPaths) {
      expect((await trpcHttp(superClaims, p.path, p.type, PROBE)).appCode, p.path).not.toBe("forbidden");
      expect((await trpcHttp(admins.owner.claims, p.path, p.type, PROBE)).appCode, p.path).toBe("forbidden");
    }
  });
});

describe("representative calls with real inputs", () => {
  const cases: [TeamRole, string, "query" | "mutation", unknown, number][] = [
    ["analyst", "analytics.overview", "query", undefined, 200],
    ["analyst", "analytics.roi", "query", { days: 30 }, 200],
    ["analyst", "members.list", "query", {}, 403],
    ["analyst", "apiKeys.list", "query", undefined, 403],
    ["analyst", "ownDeals.create", "mutation", { product_name: "Analyst deal", short_description: "no", redemption: { method: "steps" } }, 403],
    ["developer", "apiKeys.list", "query", undefined, 200],
    ["developer", "webhooks.list", "query", undefined, 200],
    ["developer", "ownDeals.create", "mutation", { product_name: "Developer deal", short_description: "yes", redemption: { method: "steps" } }, 200],
    ["developer", "members.list", "query", {}, 403],
    ["developer", "settings.update", "mutation", { name: "Renamed by a developer" }, 403],
    ["admin", "members.list", "query", {}, 200],
    ["admin", "settings.update", "mutation", { hide_powered_by: false }, 200],
    ["admin", "team.list", "query", undefined, 403],
    ["admin", "settings.setSecurity", "mutation", { require_admin_2fa: false }, 403],
    ["owner", "team.list", "query", undefined, 200],
    ["owner", "settings.security", "query", undefined, 200],
  ];
  it.each(cases)("%s → %s answers %s", async (role, path, type, input, status) => {
    const answer = await trpcHttp(admins[role].claims, path, type, input);
    expect([answer.status, answer.appCode]).toEqual([status, status === 403 ? "forbidden" : null]);
  });

  it("the portal learns its role from `me`", async () => {
    for (const role of TEAM_ROLES) expect((await trpcHttp(admins[role].claims, "me", "query")).data).toMatchObject({ teamRole: role, role: "partner_admin" });
    expect((await trpcHttp(superClaims, "me", "query")).data).toMatchObject({ teamRole: null, role: "super_admin" });
  });
});
