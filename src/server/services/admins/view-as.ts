// "View as": a super admin opens a partner's portal read-only. The partner is kept on the admin
// account (Admin.viewAsPartnerId); the session then exposes scope = that partner and readOnly, so
// partnerMutationProcedure refuses every change. Opening is recorded in the partner's activity log.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { requireSuperAdmin } from "./require-super-admin";

export async function viewAsPartner(actor: AdminActor, partnerId: string, actorEmail?: string | null): Promise<{ partnerId: string; name: string }> {
  requireSuperAdmin(actor, "view a partner's portal");
  const notFound = () => new AppError("partner_not_found", `No partner with id ${partnerId}`);
  if (!isUuid(partnerId)) throw notFound();
  return db.$transaction(async (tx) => {
    const partner = await tx.partner.findUnique({ where: { id: partnerId.toLowerCase() }, select: { id: true, name: true } });
    if (!partner) throw notFound();
    await tx.admin.update({ where: { id: actor.adminId }, data: { viewAsPartnerId: partner.id } });
    await recordActivity(
      {
        actor: activityActorOf(actor, actorEmail),
        partnerId: partner.id,
        action: "partner.viewed_as",
        target: { type: "partner", id: partner.id },
        summary: `Opened ${partner.name}'s portal read-only`,
      },
      tx,
    );
    return { partnerId: partner.id, name: partner.name };
  });
}

export async function exitViewAs(actor: AdminActor): Promise<{ partnerId: null }> {
  requireSuperAdmin(actor, "leave a partner's portal");
  await db.admin.update({ where: { id: actor.adminId }, data: { viewAsPartnerId: null } });
  return { partnerId: null };
}
