// Whether a signed-in portal admin (claims from the 12-hour session JWT) may still use the portal:
// the account still exists with the same role and partner, and a partner_admin's partner is active.
// Checked on every request, so removing an admin or deactivating a partner takes effect from the next
// request on, as it does for the partner's API tokens.
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import type { AdminActor } from "@/server/scope";

export async function adminHasAccess(actor: AdminActor): Promise<boolean> {
  if (!isUuid(actor.adminId)) return false;
  const admin = await db.admin.findUnique({
    where: { id: actor.adminId },
    select: { role: true, partnerId: true, partner: { select: { active: true } } },
  });
  if (!admin || admin.role !== actor.role || admin.partnerId !== actor.partnerId) return false;
  return admin.role === "super_admin" || admin.partner?.active === true;
}
