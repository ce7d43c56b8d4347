// Team → change a teammate's role (owners only: the tRPC permission table). At least one owner always
// remains; the admin's sessions end, so the new role starts with a fresh sign-in everywhere (an
// owner changing their own role keeps the browser they did it from: `keepSessionId`).
import { db } from "@/server/db/client";
import type { TeamRole } from "@/server/domain/team-roles";
import { AppError } from "@/server/errors/app-error";
import type { TeamAdmin } from "@/server/schemas/team.schema";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { endAdminSessions } from "./admin-sessions";
import { teamAdminOf, teamAdminSelect } from "./list-admins";
import { lockTeam, ownersOf } from "./team-owners";
import { findTeamAdminOrThrow, teamWhere } from "./team-scope";

export async function setTeamRole(
  scope: { partnerId: string },
  actor: ActivityActor,
  input: { id: string; role: TeamRole },
  youId: string | null,
  keepSessionId: string | null = null,
): Promise<TeamAdmin> {
  const { partnerId } = teamWhere(scope);
  return db.$transaction(async (tx) => {
    const team = await lockTeam(tx, partnerId);
    const admin = await findTeamAdminOrThrow(scope, input.id, tx);
    const before = admin.teamRole ?? "owner";
    if (before === input.role) return teamAdminOf(await tx.admin.findUniqueOrThrow({ where: { id: admin.id }, select: teamAdminSelect }), youId);
    const owners = ownersOf(team);
    if (before === "owner" && owners.length <= 1) {
      throw new AppError("last_owner", "This is the partner's only owner. Make another admin an owner first.", { param: "role" });
    }
    const updated = await tx.admin.update({ where: { id: admin.id }, data: { teamRole: input.role }, select: teamAdminSelect });
    const ended = await endAdminSessions(admin.id, { exceptCurrent: admin.id === youId ? keepSessionId : null }, tx);
    await recordActivity(
      {
        actor,
        partnerId,
        action: "admin.role_changed",
        target: { type: "admin", id: admin.id },
        summary: `Changed ${admin.email}'s role from ${before} to ${input.role}${ended ? ` (${ended} session${ended === 1 ? "" : "s"} signed out)` : ""}`,
        changes: { before: { role: before }, after: { role: input.role } },
      },
      tx,
    );
    return teamAdminOf(updated, youId);
  });
}
