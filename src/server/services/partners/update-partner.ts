// Changes a partner's settings (operator CLI, super admin, or the partner's own admin for its
// settings). Deactivation takes effect on the partner's next API request. The change and its
// activity entry (settings.updated, before/after of the fields that changed) share one transaction.
// Settings belong to the partner record: the same in Live and Sandbox (no environment on the entry).
import { randomBytes } from "node:crypto";
import { hostnameOf } from "@/server/config/app-host";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { db } from "@/server/db/client";
import { partnerTypeMap, regionMap } from "@/server/domain/enums";
import { AppError } from "@/server/errors/app-error";
import type { PartnerUpdateData } from "@/server/schemas/partner.schema";
import type { AdminActor } from "@/server/scope";
import { activityActorOf, recordActivity } from "@/server/services/activity";
import { isUuid } from "@/server/domain/ids";
import { serializePartner, type PartnerDto } from "./serialize-partner";
import { memberSignInData } from "./member-sign-in-settings";
import { writesCachedRows } from "@/server/services/cache";
import { withDefaultLocale } from "./offered-locales";

type SettingsField = Exclude<keyof PartnerDto, "id" | "created_at" | "updated_at">;

export const updatePartner = writesCachedRows(async function updatePartner(
  actor: AdminActor | "operator",
  partnerId: string,
  data: PartnerUpdateData,
  opts: { actorEmail?: string | null; appDomain?: string } = {},
) {
  const isOperator = actor === "operator" || actor.role === "super_admin";
  const notFound = () => new AppError("partner_not_found", `No partner with id ${partnerId}`);
  if (!isOperator && actor.partnerId !== partnerId) throw new AppError("partner_not_found", "No such partner");
  if (!isOperator && data.active !== undefined) throw new AppError("forbidden", "Only a super admin can activate or deactivate a partner");
  if (!isUuid(partnerId)) throw notFound();
  if (data.custom_domain) assertOwnDomain(data.custom_domain, opts.appDomain ?? hostedAppConfig().appDomain);
  try {
    return await db.$transaction(async (tx) => {
      // FOR UPDATE: two concurrent saves record the before/after each really changed.
      const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM partners WHERE id = ${partnerId.toLowerCase()}::uuid FOR UPDATE`;
      if (!locked) throw notFound();
      // Checked before writing for a clear refusal; the unique index settles a race (P2002 below).
      if (data.custom_domain && (await tx.partner.count({ where: { customDomain: data.custom_domain, id: { not: locked.id } } }))) throw domainTaken(data.custom_domain);
      const current = (await tx.partner.findUnique({ where: { id: locked.id } }))!;
      const before = serializePartner(current);
      const domain = domainFields(isOperator, data.custom_domain, before);
      const partner = await tx.partner.update({
        where: { id: locked.id },
        data: {
          name: data.name,
          type: data.type && partnerTypeMap.toDb(data.type),
          regions: data.regions?.map(regionMap.toDb),
          subdomain: data.subdomain,
          deliveryMethod: data.delivery_method,
          branding: data.branding,
          freemiumEnabled: data.freemium_enabled,
          allowedIframeOrigins: data.allowed_iframe_origins,
          upgradeUrl: data.upgrade_url,
          memberAccess: data.member_access,
          allowedEmailDomains: data.allowed_email_domains && [...new Set(data.allowed_email_domains)],
          supportEmail: data.support_email,
          ...domain,
          hidePoweredBy: data.hide_powered_by,
          digestFrequency: data.digest_frequency,
          shareNameWithProviders: data.share_name_with_providers,
          ...(data.member_sign_in ? memberSignInData(data.member_sign_in, current) : {}),
          requireAdmin2fa: data.require_admin_2fa,
          defaultLocale: data.default_locale,
          // The default is always offered: named without it, or a new default, joins the list.
          locales:
            data.locales || data.default_locale
              ? withDefaultLocale(data.locales ?? before.locales, data.default_locale ?? before.default_locale)
              : undefined,
          active: data.active,
        },
      });
      const after = serializePartner(partner);
      const changed = changedFields(before, after);
      if (changed.length) {
        await recordActivity(
          {
            actor: activityActorOf(actor, opts.actorEmail),
            partnerId: partner.id,
            environment: null,
            action: "settings.updated",
            target: { type: "partner", id: partner.id },
            summary: `Updated settings: ${changed.map((f) => f.replace(/_/g, " ")).join(", ")}`,
            changes: { before: pick(before, changed), after: pick(after, changed) },
          },
          tx,
        );
      }
      return after;
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "P2025") throw notFound();
    if (code === "P2002" && data.custom_domain && JSON.stringify((err as { meta?: unknown }).meta ?? {}).includes("custom_domain")) throw domainTaken(data.custom_domain);
    if (code === "P2002") throw new AppError("subdomain_taken", `The subdomain ${data.subdomain} is already in use`, { param: "subdomain" });
    throw err;
  }
});

function changedFields(before: PartnerDto, after: PartnerDto): SettingsField[] {
  const fields = Object.keys(after).filter((k) => k !== "id" && k !== "created_at" && k !== "updated_at") as SettingsField[];
  return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
}

function pick(p: PartnerDto, fields: SettingsField[]) {
  return Object.fromEntries(fields.map((f) => [f, p[f]]));
}

/**
 * A partner admin's new custom domain waits for verification (verify-custom-domain.ts): links keep
 * using the verified domain or the subdomain meanwhile, so members are never sent to an address whose
 * DNS or certificate is not ready (issue 44). The operator's (CLI, super admin) applies at once: the
 * platform runs that DNS and TLS itself. Removing a domain applies at once for everyone.
 */
function domainFields(isOperator: boolean, requested: string | null | undefined, before: PartnerDto) {
  const noPending = { customDomainPending: null, customDomainToken: null, customDomainCheckedAt: null, customDomainProblem: null };
  if (requested === undefined) return {};
  if (requested === null) return { customDomain: null, ...noPending };
  if (isOperator || requested === before.custom_domain) return { customDomain: requested, ...noPending };
  if (requested === before.custom_domain_pending?.domain) return {};
  return { customDomainPending: requested, customDomainToken: randomBytes(16).toString("hex"), customDomainCheckedAt: null, customDomainProblem: null };
}

const domainTaken = (domain: string) => new AppError("custom_domain_taken", `The domain ${domain} is already used by another partner`, { param: "custom_domain" });

/**
 * A custom domain names the partner's own host: never the platform's host or a name under it (those
 * are the portal and every partner's subdomain), so no partner can take over another's address.
 */
function assertOwnDomain(domain: string, appDomain: string): void {
  const main = hostnameOf(appDomain);
  if (domain === main || domain.endsWith(`.${main}`)) {
    throw new AppError("parameter_invalid", `The custom domain must be your own domain, not ${main} or a name under it`, { param: "custom_domain" });
  }
}
