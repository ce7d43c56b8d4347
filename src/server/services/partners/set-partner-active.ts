// Activate or deactivate a partner (super admin). The API's assertPartnerActive and the hosted app's
// getHostedPartner cache the flag per process, dropped by NOTIFY perkway_partner on every instance (and
// at once in this one); the portal session reads it on every request. So the change applies from the
// partner's next request on (403 partner_inactive on /v1, the hosted app and widget gone).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { isUuid } from "@/server/domain/ids";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { requireSuperAdmin } from "@/server/services/admins";
import { serializePartner } from "./serialize-partner";
import { writesCachedRows } from "@/server/services/cache";

export const setPartnerActive = writesCachedRows(async function setPartnerActive(actor: AdminActor | "operator", partnerId: string, active: boolean, actorEmail?: string | null) {
  requireSuperAdmin(actor, "activate or deactivate partners");
  const notFound = () => new AppError("partner_not_found", `No partner with id ${partnerId}`);
  if (!isUuid(partnerId)) throw notFound();
  return db.$transaction(async (tx) => {
    const before = await tx.partner.findUnique({ where: { id: partnerId.toLowerCase() }, select: { id: true, active: true, name: true } });
    if (!before) throw notFound();
    const partner = await tx.partner.update({ where: { id: before.id }, data: { active } });
    if (before.active !== active) {
      await recordActivity(
        {
          actor: activityActorOf(actor, actorEmail),
          partnerId: partner.id,
          action: active ? "partner.activated" : "partner.deactivated",
          target: { type: "partner", id: partner.id },
          summary: active ? `Activated ${partner.name}` : `Deactivated ${partner.name}: its API keys, hosted app and portal stop working`,
          changes: { before: { active: before.active }, after: { active } },
        },
        tx,
      );
    }
    return serializePartner(partner);
  });
});
