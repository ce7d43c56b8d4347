// Team → Remove an admin. A partner always keeps at least one admin: the partner's admin rows are
// locked (FOR UPDATE) before counting, so two concurrent removals cannot both pass the check.
// Removing yourself is allowed while another admin remains (your session ends with the account).
// Likewise at least one owner remains: the last owner cannot be removed.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { type ActivityActor, recordActivity } from "@/server/services/activity";
import { lockTeam, ownersOf } from "./team-owners";
import { findTeamAdminOrThrow, teamWhere } from "./team-scope";

export async function removeAdmin(scope: { partnerId: string }, actor: ActivityActor, adminId: string): Promise<{ id: string; removed: true }> {
  const { partnerId } = teamWhere(scope);
  return db.$transaction(async (tx) => {
    const locked = await lockTeam(tx, partnerId);
    const admin = await findTeamAdminOrThrow(scope, adminId, tx);
    if (locked.length <= 1) {
      throw new AppError("last_admin", "This is the partner's only admin. Invite another admin before removing this one.");
    }
    const owners = ownersOf(locked);
    if (owners.length <= 1 && owners[0] === admin.id) {
      throw new AppError("last_owner", "This is the partner's only owner. Make another admin an owner before removing this one.");
    }
    await tx.admin.delete({ where: { id: admin.id } });
    await recordActivity(
      {
        actor,
        partnerId,
        action: "admin.removed",
        target: { type: "admin", id: admin.id },
        summary: `Removed the admin ${admin.email}`,
        changes: { before: { email: admin.email, name: admin.name, role: admin.teamRole ?? "owner" } },
      },
      tx,
    );
    return { id: admin.id, removed: true as const };
  });
}
