import type { Partner } from "@/generated/prisma/client";
import { partnerTypeMap, regionMap } from "@/server/domain/enums";
import { readMemberSignIn } from "./member-sign-in-settings";

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
    custom_domain_pending: pendingDomainOf(p),
    hide_powered_by: p.hidePoweredBy,
    digest_frequency: p.digestFrequency,
    share_name_with_providers: p.shareNameWithProviders,
    member_sign_in: readMemberSignIn(p),
    require_admin_2fa: p.requireAdmin2fa,
    default_locale: p.defaultLocale,
    locales: p.locales,
    active: p.active,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
export type PartnerDto = ReturnType<typeof serializePartner>;

/** The TXT record that proves control of a pending domain (verify-custom-domain.ts). */
const VERIFY_TXT_PREFIX = "_perkway-verify";

/** A domain waiting for verification, with the DNS record the admin adds; null: none. */
function pendingDomainOf(p: Partner) {
  if (!p.customDomainPending || !p.customDomainToken) return null;
  return {
    domain: p.customDomainPending,
    txt_record_name: `${VERIFY_TXT_PREFIX}.${p.customDomainPending}`,
    txt_record_value: `perkway-verify=${p.customDomainToken}`,
    checked_at: p.customDomainCheckedAt?.toISOString() ?? null,
    problem: p.customDomainProblem,
  };
}
