// The portal's navigation and page gate follow the permission table (the procedures' own, read back
// from the router): each role sees the pages whose procedure it may call, and a page opened by link is
// refused for roles without it.
import { describe, expect, it } from "vitest";
import { canOpenPage, navGroups } from "@/app/(portal)/_components/nav-items";
import { TEAM_ROLES, type TeamRole } from "@/server/domain/team-roles";
import { allowedFor } from "@/server/trpc/procedure-permissions";

const partnerAdmin = (teamRole: TeamRole) => ({ isSuperAdmin: false, hasPartnerScope: true, teamRole, allowed: allowedFor({ kind: "partner_admin", teamRole }) });

const linksOf = (teamRole: TeamRole | null, isSuperAdmin = false) =>
  navGroups(isSuperAdmin ? { isSuperAdmin, hasPartnerScope: true, teamRole, allowed: allowedFor({ kind: "super_admin" }) } : partnerAdmin(teamRole ?? "owner"))
    .flatMap((g) => g.items.map((i) => i.href))
    .sort();

describe("role navigation", () => {
  it("shows each role its pages", () => {
    expect(linksOf("owner")).toEqual(["/", "/account", "/activity", "/analytics", "/api-keys", "/deals", "/deals/own", "/deals/preview", "/inbox", "/members", "/settings", "/team", "/webhooks"]);
    expect(linksOf("admin")).toEqual(["/", "/account", "/activity", "/analytics", "/api-keys", "/deals", "/deals/own", "/deals/preview", "/inbox", "/members", "/settings", "/webhooks"]);
    expect(linksOf("developer")).toEqual(["/", "/account", "/analytics", "/api-keys", "/deals", "/deals/own", "/webhooks"]);
    expect(linksOf("analyst")).toEqual(["/", "/account", "/analytics"]);
    expect(linksOf(null, true)).toEqual(expect.arrayContaining(["/partners", "/members", "/team", "/account"]));
  });

  it("refuses a page (and its sub-pages) to roles without it, and never /account", () => {
    const open = (role: TeamRole, path: string) => canOpenPage(path, partnerAdmin(role));
    expect(open("analyst", "/members")).toBe(false);
    expect(open("analyst", "/members/123")).toBe(false);
    expect(open("developer", "/deals/own/abc")).toBe(true);
    expect(open("developer", "/deals/preview")).toBe(false);
    expect(open("admin", "/team")).toBe(false);
    expect(open("owner", "/team")).toBe(true);
    for (const role of TEAM_ROLES) expect(open(role, "/account")).toBe(true);
    // Super-admin pages are not the gate's: their own guard answers the 404 page to anyone else (e2e/super-admin-guard.spec.ts).
    expect(open("analyst", "/partners")).toBe(true);
  });
});
