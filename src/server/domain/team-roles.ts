// Partner admins' roles and the vocabulary of the portal's permissions (contract.md section 17): each
// tRPC procedure declares who may call it in its meta (src/server/trpc/init.ts refuses anything else
// with FORBIDDEN), a test fails for a procedure that declares nothing (test/trpc/role-matrix.test.ts),
// and the portal hides what a role cannot do with the table read back from the router
// (src/server/trpc/procedure-permissions.ts). Pure data: imported by client components too.

import type { NOTIFICATION_KINDS } from "./enums";

type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const TEAM_ROLES = ["owner", "admin", "developer", "analyst"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: "Owner",
  admin: "Admin",
  developer: "Developer",
  analyst: "Analyst",
};

export const TEAM_ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: "Everything, including the team and security settings",
  admin: "Everything but the team and security settings",
  developer: "API keys, webhooks and deals; no member personal data beyond ids",
  analyst: "Read-only: overview, analytics and ROI",
};

/**
 * Who may call a procedure, declared on the procedure itself as tRPC meta (`.meta({ permission })`;
 * src/server/trpc/init.ts enforces it, procedure-permissions.ts reads the table back from the router):
 * - "public": anyone, signed in or not;
 * - "self": any signed-in admin (any role, super admins too), acting on their own account only;
 * - "super_admin": Perkway staff only;
 * - "provider": provider users only (the provider area, contract section 18);
 * - a list of team roles: partner pages, for partner admins with one of these roles. Super admins
 *   keep their own rules there (view-as, read-only), enforced by partnerProcedure.
 */
export type Permission = "public" | "self" | "super_admin" | "provider" | readonly TeamRole[];

export const ALL_ROLES: readonly TeamRole[] = TEAM_ROLES;
/** owner + admin: member personal data, the inbox, settings, activity */
export const MANAGERS: readonly TeamRole[] = ["owner", "admin"];
/** + developer: API keys, webhooks, deals (no member personal data) */
export const BUILDERS: readonly TeamRole[] = ["owner", "admin", "developer"];
/** team and security */
export const OWNERS: readonly TeamRole[] = ["owner"];

/**
 * Who hears of each notification kind: the roles that may open what it is about. An inquiry or an
 * access request names a member (their email): managers only (contract section 17: developers and
 * analysts see no member personal data); a code pool running low is about a deal: builders.
 */
export const NOTIFICATION_AUDIENCE: Record<NotificationKind, readonly TeamRole[]> = { inquiry: MANAGERS, access_request: MANAGERS, codes_low: BUILDERS };

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === "string" && (TEAM_ROLES as readonly string[]).includes(value);
}

/** Who is asking: a super admin, a partner admin with a team role, or nobody signed in. */
export type Caller = { kind: "super_admin" } | { kind: "partner_admin"; teamRole: TeamRole } | { kind: "provider" } | null;

/**
 * Whether a permission lets this caller through. No permission (a procedure that declares none) is
 * refused. Super admins pass partner procedures here; partnerProcedure then applies their view-as rules.
 */
export function permits(caller: Caller, permission: Permission | undefined): boolean {
  if (permission === undefined) return false;
  if (permission === "public") return true;
  if (!caller) return false;
  if (permission === "self") return true;
  if (permission === "super_admin") return caller.kind === "super_admin";
  if (permission === "provider") return caller.kind === "provider";
  if (caller.kind === "provider") return false;
  return caller.kind === "super_admin" || permission.includes(caller.teamRole);
}
