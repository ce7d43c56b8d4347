// The partner's team rows locked for a change that could leave it without an owner (role change,
// removal): FOR UPDATE before counting, so two concurrent changes cannot both pass the check.
import type { Tx } from "@/server/db/client";
import type { TeamRole } from "@/server/domain/team-roles";

type LockedTeamAdmin = { id: string; team_role: TeamRole | null };

export async function lockTeam(tx: Tx, partnerId: string): Promise<LockedTeamAdmin[]> {
  return tx.$queryRaw<LockedTeamAdmin[]>`
    SELECT id, team_role FROM admins WHERE partner_id = ${partnerId}::uuid AND role = 'partner_admin' ORDER BY id FOR UPDATE`;
}

/** Owners of a locked team (rows from before roles count as owners, as the migration made them). */
export function ownersOf(team: LockedTeamAdmin[]): string[] {
  return team.filter((a) => (a.team_role ?? "owner") === "owner").map((a) => a.id);
}
