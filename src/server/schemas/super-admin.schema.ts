// Super-admin portal inputs and outputs (tRPC superAdmin.*): partners, the servicepass catalogue, the
// platform view. Resource shapes come from their own schema files (partner, deal, category); this file
// only adds what the super-admin pages send and read.
import { z } from "zod";
import { DEAL_STATUSES, DEAL_TIERS, REDEMPTION_METHODS, RULE_TYPES } from "@/server/domain/enums";
import { dealTranslationsSchema } from "./deal-translation.schema";
import { dealSchema } from "./deal.schema";
import { redemptionSchema } from "./redemption.schema";
import { emailSchema } from "./user.schema";
import { partnerCreateSchema, partnerSettingsSchema } from "./partner.schema";
import { activityEntrySchema } from "./activity.schema";
import { memberSignInSettingsSchema } from "./member-sign-in.schema";
import { environmentSchema, partnerOutputSchema } from "./portal.schema";

const PARTNER_STATUS_FILTERS = ["all", "active", "inactive"] as const;

export const partnerListInputSchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    status: z.enum(PARTNER_STATUS_FILTERS).default("all"),
  })
  .strict();
export type PartnerListQuery = z.output<typeof partnerListInputSchema>;

export const partnerIdInputSchema = z.object({ partnerId: z.uuid({ error: "must be a partner id" }) }).strict();

/** Create a partner and its first admin (invited: no password until the set-password link is used). */
export const partnerCreateWithAdminSchema = partnerCreateSchema.extend({ admin_email: emailSchema, admin_name: z.string().trim().max(200).optional() }).strict();
export type PartnerCreateWithAdminData = z.output<typeof partnerCreateWithAdminSchema>;

/** The super admin's edit of a partner's settings (activation has its own, confirmed, action). */
export const partnerUpdateByIdInputSchema = z.object({ partnerId: z.uuid({ error: "must be a partner id" }), changes: partnerSettingsSchema }).strict();

export const partnerSetActiveInputSchema = z.object({ partnerId: z.uuid(), active: z.boolean() }).strict();

export const partnerRotateKeysInputSchema = z.object({ partnerId: z.uuid(), environment: environmentSchema }).strict();

// ---- Servicepass catalogue ------------------------------------------------------------------------
/** not_verified: verified_at unset or older than 90 days (contract section 19), oldest first. */
export const CATALOG_FLAG_FILTERS = ["api_excluded", "hidden_globally", "inactive", "not_verified"] as const;

export const catalogDealListInputSchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    status: z.enum(DEAL_STATUSES).optional(),
    category: z.string().trim().max(100).optional(),
    flag: z.enum(CATALOG_FLAG_FILTERS).optional(),
    limit: z.number().int().min(1).max(100).default(25),
    offset: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type CatalogDealListInput = z.output<typeof catalogDealListInputSchema>;

export const catalogDealIdInputSchema = z.object({ id: z.uuid({ error: "must be a deal id" }) }).strict();

/** The entry is validated by the service with catalogEntrySchema (deal.schema.ts), the import's schema. */
export const catalogDealCreateInputSchema = z.object({ entry: z.record(z.string(), z.unknown()) }).strict();
export const catalogDealUpdateInputSchema = z
  .object({
    id: z.uuid(),
    entry: z.record(z.string(), z.unknown()),
    /** The editor's tracking switch, applied with "Save deal" (issue 53.6); omitted: unchanged. */
    tracking_enabled: z.boolean().optional(),
  })
  .strict();

const CATALOG_FILE_FORMATS = ["json", "csv"] as const;
export type CatalogFileFormat = (typeof CATALOG_FILE_FORMATS)[number];
/** 20 MB of text: a catalogue of tens of thousands of deals. */
const MAX_CATALOG_FILE_CHARS = 20_000_000;

export const catalogFileInputSchema = z
  .object({
    format: z.enum(CATALOG_FILE_FORMATS),
    text: z.string().max(MAX_CATALOG_FILE_CHARS, { error: "the file is larger than 20 MB" }),
  })
  .strict();

export const catalogExportInputSchema = z.object({ format: z.enum(CATALOG_FILE_FORMATS) }).strict();

// ---- Platform view ------------------------------------------------------------------------------
export const platformActivityInputSchema = z
  .object({
    partnerId: z.uuid().nullable().optional().meta({ description: "Only this partner's entries; null: only platform-level ones; absent: all" }),
    action: z.string().trim().max(100).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(100).default(25),
    // tRPC's useInfiniteQuery adds the paging direction to the input; only forward paging exists.
    direction: z.enum(["forward", "backward"]).optional(),
  })
  .strict();
export type PlatformActivityInput = z.output<typeof platformActivityInputSchema>;

/** Provider tracking of a servicepass deal: on or off, or `rotate` its secret. */
export const catalogDealTrackingInputSchema = z.object({ id: z.string().max(100), enabled: z.boolean().optional(), rotate: z.literal(true).optional() });

// ---- What the super-admin pages read (tRPC outputs) ----

/** A partner as the super admin reads it: its settings page's record and its member sign-in settings. */
export const adminPartnerSchema = partnerOutputSchema.extend({ member_sign_in: memberSignInSettingsSchema });

const memberCounts = z.object({ live: z.number().int(), test: z.number().int() });

export const partnerListSchema = z.array(adminPartnerSchema.extend({ members: memberCounts, last_activity_at: z.iso.datetime().nullable() }));

export const partnerDetailSchema = z.object({
  partner: adminPartnerSchema,
  admins: z.array(
    z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), status: z.enum(["active", "invited"]), last_login_at: z.iso.datetime().nullable(), created_at: z.iso.datetime() }),
  ),
  key_pairs: z.array(
    z.object({ id: z.string(), environment: environmentSchema, public_key: z.string(), created_at: z.iso.datetime(), last_used_at: z.iso.datetime().nullable(), expires_at: z.iso.datetime().nullable() }),
  ),
  members: memberCounts,
});

const issuedKey = z.object({ public_key: z.string(), private_key: z.string() });

/** The new partner with its key pairs (shown once), its first admin and that admin's set-password link. */
export const partnerCreatedSchema = z.object({
  partner: adminPartnerSchema,
  keys: z.object({ live: issuedKey, test: issuedKey }),
  admin: z.object({ id: z.string(), email: z.string() }),
  set_password: z.object({ url: z.string(), expires_at: z.iso.datetime() }),
});

export const viewAsOutputSchema = z.object({ partnerId: z.string(), name: z.string() });
export const exitViewAsOutputSchema = z.object({ partnerId: z.null() });

export const catalogDealListSchema = z.object({
  total: z.number().int(),
  data: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      product_name: z.string(),
      status: z.enum(DEAL_STATUSES),
      tier: z.enum(DEAL_TIERS),
      active: z.boolean(),
      hidden_globally: z.boolean(),
      api_excluded: z.boolean(),
      redemption_method: z.enum(REDEMPTION_METHODS).nullable(),
      categories: z.array(z.string()),
      verified_at: z.iso.datetime().nullable(),
      updated_at: z.iso.datetime(),
    }),
  ),
});

/** A servicepass deal as a catalogue entry (catalogEntryOf): the shape catalog:import reads and the
 *  editor starts from; codes never, the pool's counts beside it. */
const catalogEntryOutputSchema = dealSchema
  // The deal's own fields as /v1 describes them; what the catalogue entry holds differently is below.
  .pick({
    slug: true, product_name: true, short_description: true, long_description: true, perk_description: true, logo_url: true, product_url: true,
    market_value: true, est_value: true, tier: true, tags: true, badges: true, status: true, start_date: true, end_date: true, active: true,
    hidden_globally: true, api_excluded: true, attribution_window_days: true, offer_types: true, approval_required: true, approval_time: true,
    eligibility_requirements: true, eligibility_customer_type: true, eligibility_company_stage: true, eligibility_company_size: true,
    eligibility_business_type: true, eligibility_geography: true, eligibility_incorporation: true, eligibility_funding: true,
  })
  .extend({
    id: z.string(),
    categories: z.array(z.object({ slug: z.string(), name: z.string() })),
    redemption: redemptionSchema.nullable(),
    verified_at: z.iso.datetime().nullable(),
    translations: dealTranslationsSchema,
    visibility_rules: z.array(z.object({ rule_type: z.enum(RULE_TYPES), rule_value: z.array(z.string()), priority: z.number().int() })),
  });

export const catalogDealDetailSchema = z.object({
  entry: catalogEntryOutputSchema,
  codes: z.object({ total: z.number().int(), claimed: z.number().int(), available: z.number().int() }),
  tracking_enabled: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

export const catalogDealSavedSchema = catalogEntryOutputSchema;
/** "Save deal" also answers the provider secret when switching tracking on made one (shown once). */
export const catalogDealUpdatedSchema = catalogEntryOutputSchema.extend({ provider_secret: z.string().nullable() });

const importRowSchema = z.object({
  index: z.number().int(),
  slug: z.string().nullable(),
  product_name: z.string().nullable(),
  action: z.enum(["create", "update"]).nullable(),
  errors: z.array(z.object({ param: z.string(), message: z.string() })),
});

export const catalogImportPreviewSchema = z.object({
  rows: z.array(importRowSchema),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  general: z.array(z.object({ param: z.string(), message: z.string() })),
});

export const catalogImportResultSchema = z.object({ created: z.number().int(), updated: z.number().int(), skipped: z.array(importRowSchema) });

export const catalogTrackingSchema = z.object({ id: z.string(), tracking_enabled: z.boolean(), provider_secret: z.string().nullable() });
export type CatalogTrackingResult = z.output<typeof catalogTrackingSchema>;

export const catalogDealVerifiedSchema = z.object({ id: z.string(), verified_at: z.iso.datetime() });

const platformFigures = z.object({ members: z.number().int(), views: z.number().int(), redemptions: z.number().int() });
export const partnerFiguresSchema = z.object({
  days: z.number().int(),
  since: z.iso.datetime(),
  partners: z.array(z.object({ id: z.string(), name: z.string(), subdomain: z.string(), active: z.boolean(), live: platformFigures, test: platformFigures })),
  totals: z.object({ live: platformFigures, test: platformFigures }),
});

export const platformActivityListSchema = z.object({
  /** the partner's activity entries without their changes, each with its partner (null: the platform's own) */
  data: z.array(activityEntrySchema.omit({ changes: true }).extend({ partner_id: z.string().nullable(), partner_name: z.string().nullable() })),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
