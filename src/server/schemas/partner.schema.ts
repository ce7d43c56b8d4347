// The partner record (admin-managed: CLI and portal). One schema feeds validation everywhere.
import { z } from "zod";
import { AUDIENCE_REGIONS, DELIVERY_METHODS, PARTNER_TYPES } from "@/server/domain/enums";
import { memberSignInInputSchema } from "./member-sign-in.schema";
import { supportedLocaleSchema } from "./locale.schema";

/** The languages members may pick (contract §16): supported locales, each once, at least one. */
const offeredLocalesSchema = z
  .array(supportedLocaleSchema)
  .min(1, { error: "must offer at least one language" })
  .max(20)
  .transform((values) => [...new Set(values)]);

export const subdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, "subdomain must be 1-40 lowercase letters, digits or hyphens")
  .refine((s) => !RESERVED_SUBDOMAINS.has(s), "this subdomain is reserved");

export const RESERVED_SUBDOMAINS = new Set(["www", "api", "app", "admin", "portal", "static", "assets", "embed", "mail", "p", "v1"]);

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const colorSchema = z.string().regex(HEX_COLOR, { error: "must be a colour written as # and six hex digits, like #1d3557" });

export const brandingSchema = z
  .object({
    primary_color: colorSchema.optional(),
    accent_color: colorSchema.optional(),
    // https or a path on this site: never javascript:, data: or other schemes that run in a page, and
    // never plain http (the hosted app is served over https: an http image is blocked as mixed content).
    logo_url: z
      .string()
      .max(2048)
      .refine((v) => /^\/(?!\/)/.test(v) || /^https:\/\/[^\s]+$/i.test(v), "must be an https:// address (or a path on this site starting with /)")
      .optional(),
    headline: z.string().max(200).optional(),
    welcome_text: z.string().max(2000).optional(),
  })
  .strict();

export const originSchema = z.string().refine((s) => {
  try {
    const u = new URL(s);
    // One exact origin: no wildcard host (it would widen frame-ancestors to every subdomain).
    return (u.protocol === "https:" || u.protocol === "http:") && u.origin === s && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(u.hostname);
  } catch {
    return false;
  }
}, "must be an origin like https://example.com");

/** Where the upgrade call to action sends free members under freemium: an https URL, or null for none. */
const upgradeUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "https:" && Boolean(u.hostname) && !/\s/.test(s);
    } catch {
      return false;
    }
  }, "upgrade_url must be an https URL")
  .nullable();

export const MEMBER_ACCESS_MODES = ["invite_only", "email_domain", "request"] as const;

/** "example.com": lower-cased, no scheme, no "@"; what an address's part after "@" must equal. */
const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: "must be a domain such as example.com" });

/**
 * A partner's own host name for its hosted app ("perks.example.org"): lower-case, no scheme, port or
 * path, at least two labels ending in a letter TLD (so no IP address and no "localhost"). Whether it
 * is free and outside APP_DOMAIN is the service's check (updatePartner). "" → null (none).
 */
const customDomainSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: "must be a host name such as perks.example.com, without https:// or a path" })
    .nullable(),
);

export const partnerCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    type: z.enum(PARTNER_TYPES),
    regions: z.array(z.enum(AUDIENCE_REGIONS)).default([]),
    subdomain: subdomainSchema.optional(),
    delivery_method: z.enum(DELIVERY_METHODS).default("hosted"),
    branding: brandingSchema.default({}),
    freemium_enabled: z.boolean().default(false),
    allowed_iframe_origins: z.array(originSchema).max(50).default([]),
    upgrade_url: upgradeUrlSchema.default(null),
    member_access: z.enum(MEMBER_ACCESS_MODES).default("invite_only"),
    allowed_email_domains: z.array(emailDomainSchema).max(50).default([]),
    default_locale: supportedLocaleSchema.default("en"),
    locales: offeredLocalesSchema.default(["en"]),
    active: z.boolean().default(true),
  })
  .strict();

export const partnerUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    type: z.enum(PARTNER_TYPES),
    regions: z.array(z.enum(AUDIENCE_REGIONS)),
    subdomain: subdomainSchema,
    delivery_method: z.enum(DELIVERY_METHODS),
    branding: brandingSchema,
    freemium_enabled: z.boolean(),
    allowed_iframe_origins: z.array(originSchema).max(50),
    upgrade_url: upgradeUrlSchema,
    /** Who may get a sign-in link without being created by the partner (live environment only). */
    member_access: z.enum(MEMBER_ACCESS_MODES),
    allowed_email_domains: z.array(emailDomainSchema).max(50),
    /** Reply-To of the emails members get from this partner (sign-in links); null: no Reply-To. */
    support_email: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.email({ error: "must be an email address" }).trim().toLowerCase().max(254).nullable()),
    /** The partner's own host name for the hosted app, served like its subdomain (docs/hosted-app.md). */
    custom_domain: customDomainSchema,
    /** true: the hosted app and widget leave out "Powered by Perkway". */
    hide_powered_by: z.boolean(),
    /** "New deals you can claim" emails to live members (contract section 19): off, weekly (default), monthly. */
    digest_frequency: z.enum(["off", "weekly", "monthly"], { error: "must be one of: off, weekly, monthly" }),
    /** true: deal providers' results may name this partner (otherwise it is only counted). */
    share_name_with_providers: z.boolean(),
    /** How members sign in: email link, the partner's OpenID Connect provider, signed hand-off (contract section 15). */
    member_sign_in: memberSignInInputSchema,
    /** true: every admin of the partner signs in with two-factor authentication (contract.md section 17). */
    require_admin_2fa: z.boolean(),
    /** The language when nothing else decides (contract §16); added to locales when missing there. */
    default_locale: supportedLocaleSchema,
    /** The languages members may pick in the hosted app and widget (one or more of SUPPORTED_LOCALES). */
    locales: offeredLocalesSchema,
    active: z.boolean(),
  })
  .partial()
  .strict();

/**
 * What a partner's own admin may change on the portal's settings page: everything but `active` and
 * the security settings, which owners change through partnerSecuritySchema (settings.setSecurity).
 */
export const partnerSettingsSchema = partnerUpdateSchema.omit({ active: true, require_admin_2fa: true });

/** The partner's security settings (owners only). */
export const partnerSecuritySchema = z.object({ require_admin_2fa: z.boolean() }).strict();

export type PartnerCreateInput = z.input<typeof partnerCreateSchema>;
export type PartnerUpdateInput = z.input<typeof partnerUpdateSchema>;
/** What the services take: the schemas' parsed output (the adapter parses, once). */
export type PartnerCreateData = z.output<typeof partnerCreateSchema>;
export type PartnerUpdateData = z.output<typeof partnerUpdateSchema>;
export type PartnerSettingsInput = z.input<typeof partnerSettingsSchema>;
