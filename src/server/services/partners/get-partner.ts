// The partner record of a portal scope (settings page, shell). Scoped: only the scope's own partner.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { requireScope, type PartnerScope } from "@/server/scope";
import { serializePartner } from "./serialize-partner";

export async function getPartner(scope: PartnerScope) {
  const { partnerId } = requireScope(scope, "getPartner");
  const partner = await db.partner.findUnique({ where: { id: partnerId } });
  if (!partner) throw new AppError("partner_not_found", "This partner no longer exists");
  return serializePartner(partner);
}
