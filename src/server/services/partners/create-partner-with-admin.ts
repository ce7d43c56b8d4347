// Super admin → Partners → New partner: the partner (with its live and test key pairs, returned
// here once), its first admin (invited: no usable password) and that admin's one-time
// set-password link. The admin email is checked first, so a taken one creates nothing; should the
// admin's transaction still fail, the new partner is removed again.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerCreateWithAdminData } from "@/server/schemas/super-admin.schema";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { createPartnerAdmin, issuePasswordToken, requireSuperAdmin } from "@/server/services/admins";
import { createPartner } from "./create-partner";
import { writesCachedRows } from "@/server/services/cache";

export const createPartnerWithAdmin = writesCachedRows(async function createPartnerWithAdmin(actor: AdminActor, input: PartnerCreateWithAdminData, actorEmail?: string | null) {
  requireSuperAdmin(actor, "create partners");
  const { admin_email, admin_name, ...partnerInput } = input;
  if (await db.admin.findUnique({ where: { email: admin_email }, select: { id: true } })) {
    throw new AppError("email_taken", `An admin with email ${admin_email} already exists`, { param: "admin_email" });
  }
  const { partner, keys } = await createPartner(actor, partnerInput);
  let admin: { id: string; email: string };
  try {
    admin = await db.$transaction(async (tx) => {
      const created = await createPartnerAdmin(tx, partner.id, { email: admin_email, name: admin_name });
      await recordActivity(
        {
          actor: activityActorOf(actor, actorEmail),
          partnerId: partner.id,
          action: "partner.created",
          target: { type: "partner", id: partner.id },
          summary: `Created partner ${partner.name} (${partner.subdomain}) with first admin ${created.email}`,
          changes: { after: { name: partner.name, type: partner.type, regions: partner.regions, subdomain: partner.subdomain, delivery_method: partner.delivery_method, admin_email: created.email } },
        },
        tx,
      );
      return created;
    });
  } catch (err) {
    await db.partner.delete({ where: { id: partner.id } }).catch(() => undefined);
    throw err;
  }
  const setPassword = await issuePasswordToken(admin.id);
  return { partner, keys, admin: { id: admin.id, email: admin.email }, set_password: setPassword };
});
