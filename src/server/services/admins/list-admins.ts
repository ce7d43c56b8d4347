// Team page: the partner's admins, oldest first (the founding admin on top).
import { db } from "@/server/db/client";
import type { TeamRole } from "@/server/domain/team-roles";
import type { TeamAdmin } from "@/server/schemas/team.schema";
import { teamWhere } from "./team-scope";

type AdminRow = {
  id: string;
  email: string;
  name: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  passwordSetAt: Date | null;
  teamRole: TeamRole | null;
  totpEnabledAt: Date | null;
};

export function teamAdminOf(a: AdminRow, youId: string | null): TeamAdmin {
  return {
    id: a.id,
    email: a.email,
    name: a.name,
    created_at: a.createdAt.toISOString(),
    last_sign_in_at: a.lastLoginAt?.toISOString() ?? null,
    password_set: a.passwordSetAt !== null,
    is_you: a.id === youId,
    role: a.teamRole ?? "owner",
    two_factor_enabled: a.totpEnabledAt !== null,
  };
}

export const teamAdminSelect = { id: true, email: true, name: true, createdAt: true, lastLoginAt: true, passwordSetAt: true, teamRole: true, totpEnabledAt: true } as const;

export async function listAdmins(scope: { partnerId: string }, youId: string | null): Promise<TeamAdmin[]> {
  const rows = await db.admin.findMany({ where: teamWhere(scope), orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: teamAdminSelect });
  return rows.map((a) => teamAdminOf(a, youId));
}
