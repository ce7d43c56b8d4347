// Portal-only inputs and outputs (tRPC). Resource schemas shared with /v1 stay in their own files.
import { z } from "zod";
import { AUDIENCE_REGIONS, DELIVERY_METHODS, PARTNER_TYPES } from "@/server/domain/enums";
import { TEAM_ROLES } from "@/server/domain/team-roles";

export const environmentSchema = z.enum(["live", "test"]);

export const setEnvironmentInputSchema = z.object({ environment: environmentSchema }).strict();

export const partnerOutputSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PARTNER_TYPES),
  regions: z.array(z.enum(AUDIENCE_REGIONS)),
  subdomain: z.string(),
  delivery_method: z.enum(DELIVERY_METHODS),
  branding: z.record(z.string(), z.string()),
  freemium_enabled: z.boolean(),
  allowed_iframe_origins: z.array(z.string()),
  upgrade_url: z.string().nullable(),
  member_access: z.enum(["invite_only", "email_domain", "request"]),
  allowed_email_domains: z.array(z.string()),
  support_email: z.string().nullable(),
  custom_domain: z.string().nullable(),
  /** A domain asked for in Settings, not verified yet: links switch to it once verified (issue 44). */
  custom_domain_pending: z
    .object({ domain: z.string(), txt_record_name: z.string(), txt_record_value: z.string(), checked_at: z.string().nullable(), problem: z.string().nullable() })
    .nullable(),
  hide_powered_by: z.boolean(),
  digest_frequency: z.enum(["off", "weekly", "monthly"]),
  share_name_with_providers: z.boolean(),
  require_admin_2fa: z.boolean(),
  default_locale: z.string(),
  locales: z.array(z.string()),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const healthSchema = z.object({ ok: z.literal(true), time: z.iso.datetime() });

/** The signed-in admin as the server sees it (me). */
export const signedInAdminSchema = z.object({
  adminId: z.string(),
  role: z.enum(["super_admin", "partner_admin", "provider"]),
  partnerId: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  environment: environmentSchema,
  viewAsPartnerId: z.string().nullable(),
  /** partner admins' role on the team (the portal hides what it cannot do); null for super admins */
  teamRole: z.enum(TEAM_ROLES).nullable(),
  twoFactorSetupRequired: z.boolean(),
});

/** Settings → Emails: each email as it would be sent now, rendered with sample words. */
export const emailPreviewSchema = z.object({
  name: z.string(),
  label: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  from: z.string(),
  replyTo: z.string().nullable(),
});
