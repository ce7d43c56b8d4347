// How a partner's emails look and who they come from: name, logo (made absolute: mail clients have
// no base URL), colour, and the support address members can reply to.
import type { Tx } from "@/server/db/client";
import { PERKWAY_BRAND, type EmailBrand } from "@/emails";

type PartnerSender = { brand: EmailBrand; replyTo: string | null; subdomain: string; customDomain: string | null; /** the language of member emails when the member has none (contract §16) */ defaultLocale: string; /** the partner's offered languages */ locales: string[] };

/** The portal's (and platform emails') base URL, from configuration only. */
export function appBaseUrl(config: { scheme: string; appDomain: string }): string {
  return `${config.scheme}://${config.appDomain}`;
}

export function brandOf(partner: { name: string; branding: unknown }, baseUrl: string): EmailBrand {
  const b = (partner.branding ?? {}) as { primary_color?: string; logo_url?: string };
  const color = typeof b.primary_color === "string" && /^#[0-9a-fA-F]{6}$/.test(b.primary_color) ? b.primary_color : PERKWAY_BRAND.color;
  const logo = typeof b.logo_url === "string" && b.logo_url ? (b.logo_url.startsWith("/") ? baseUrl + b.logo_url : b.logo_url) : null;
  return { name: partner.name, logoUrl: logo, color };
}

export async function partnerSender(client: Tx, partnerId: string, baseUrl: string): Promise<PartnerSender | null> {
  const partner = await client.partner.findUnique({ where: { id: partnerId }, select: { name: true, branding: true, supportEmail: true, subdomain: true, customDomain: true, defaultLocale: true, locales: true } });
  if (!partner) return null;
  return { brand: brandOf(partner, baseUrl), replyTo: partner.supportEmail, subdomain: partner.subdomain, customDomain: partner.customDomain, defaultLocale: partner.defaultLocale, locales: partner.locales };
}
