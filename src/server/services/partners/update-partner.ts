// Changes a partner's settings (operator CLI, super admin, or the partner's own admin for its
// settings). Deactivation takes effect on the partner's next API request.
import { db } from "@/server/db/client";
import { partnerTypeMap, regionMap } from "@/server/domain/enums";
import { AppError } from "@/server/errors/app-error";
import { parseWith } from "@/server/http/read-json-body";
import { partnerUpdateSchema, type PartnerUpdateInput } from "@/server/schemas/partner.schema";
import type { AdminActor } from "@/server/scope";
import { serializePartner } from "./serialize-partner";

export async function updatePartner(actor: AdminActor | "operator", partnerId: string, input: PartnerUpdateInput) {
  const isOperator = actor === "operator" || actor.role === "super_admin";
  if (!isOperator && actor.partnerId !== partnerId) throw new AppError(404, "partner_not_found", "No such partner");
  const data = parseWith(partnerUpdateSchema, input);
  if (!isOperator && data.active !== undefined) throw new AppError(403, "forbidden", "Only a super admin can activate or deactivate a partner");
  try {
    const partner = await db.partner.update({
      where: { id: partnerId },
      data: {
        name: data.name,
        type: data.type && partnerTypeMap.toDb(data.type),
        regions: data.regions?.map(regionMap.toDb),
        subdomain: data.subdomain,
        deliveryMethod: data.delivery_method,
        branding: data.branding,
        freemiumEnabled: data.freemium_enabled,
        allowedIframeOrigins: data.allowed_iframe_origins,
        active: data.active,
      },
    });
    return serializePartner(partner);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "P2025") throw new AppError(404, "partner_not_found", `No partner with id ${partnerId}`);
    if (code === "P2002") throw new AppError(409, "subdomain_taken", `The subdomain ${data.subdomain} is already in use`, { param: "subdomain" });
    throw err;
  }
}
