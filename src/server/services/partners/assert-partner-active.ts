import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";

/** Checked on every request so that deactivation takes effect from the next request on. */
export async function assertPartnerActive(scope: PartnerScope): Promise<void> {
  const partner = await db.partner.findUnique({ where: { id: scope.partnerId }, select: { active: true } });
  if (!partner) throw new AppError(401, "token_invalid", "The access token refers to an unknown partner");
  if (!partner.active) throw new AppError(403, "partner_inactive", "This partner account is not active. Contact Perkway support to reactivate it.");
}
