import type { Partner } from "@/generated/prisma/client";
import { partnerTypeMap, regionMap } from "@/server/domain/enums";

export function serializePartner(p: Partner) {
  return {
    id: p.id,
    name: p.name,
    type: partnerTypeMap.fromDb(p.type),
    regions: p.regions.map(regionMap.fromDb),
    subdomain: p.subdomain,
    delivery_method: p.deliveryMethod,
    branding: p.branding as Record<string, string>,
    freemium_enabled: p.freemiumEnabled,
    allowed_iframe_origins: p.allowedIframeOrigins,
    upgrade_url: p.upgradeUrl,
    member_access: p.memberAccess,
    allowed_email_domains: p.allowedEmailDomains,
    support_email: p.supportEmail,
    custom_domain: p.customDomain,
    hide_powered_by: p.hidePoweredBy,
    active: p.active,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
export type PartnerDto = ReturnType<typeof serializePartner>;
