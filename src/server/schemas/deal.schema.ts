// Deal (docs/api.md, Deals): the output shape, the GET /v1/deals query, partner-deal
// input (POST/PATCH /v1/partner-deals), unique-code pools and the servicepass catalogue import.
import { z } from "zod";
import {
  AUDIENCE_REGIONS,
  DEAL_STATUSES,
  DEAL_TAGS,
  DEAL_TIERS,
  DEAL_TYPES,
  ELIGIBILITY_DIMENSIONS,
  type EligibilityDimension,
} from "@/server/domain/enums";
import { eligibilityInputSchema } from "./user.schema";
import { redemptionInputSchema, redemptionPatchSchema, redemptionSchema } from "./redemption.schema";
import { catalogRuleSchema } from "./visibility-rule.schema";
import { CURSOR_PATTERN, limitQuerySchema, listSchema, pageQueryFieldsOf } from "./list.schema";
import { localeQueryField } from "./locale.schema";
import { dealTranslationsInputSchema, dealTranslationsSchema } from "./deal-translation.schema";

const LISTABLE_STATUSES = ["live", "coming_soon", "paused", "expired"] as const;
const DEAL_SORTS = ["featured", "name", "newest", "value"] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
export const MAX_CODES_PER_CALL = 10_000;

// ---- Output ----------------------------------------------------------------------------------
// Realistic examples for the reference (issue 44); test/api/openapi-examples.test.ts.
const CATEGORY_EXAMPLE = { id: "2c7d9e1f-8a3b-4c5d-9e6f-1a2b3c4d5e6f", slug: "cloud-infrastructure", name: "Cloud infrastructure" };
const categorySchema = z
  .object({ id: z.uuid().meta({ example: CATEGORY_EXAMPLE.id }), slug: z.string().meta({ example: CATEGORY_EXAMPLE.slug }), name: z.string().meta({ example: CATEGORY_EXAMPLE.name }) })
  .meta({ id: "Category" });

const eligibilityOutput = Object.fromEntries(ELIGIBILITY_DIMENSIONS.map((d) => [`eligibility_${d}`, z.array(z.string())])) as Record<
  `eligibility_${EligibilityDimension}`,
  z.ZodArray<z.ZodString>
>;

export const dealSchema = z
  .object({
    id: z.uuid(),
    product_name: z.string(),
    slug: z.string(),
    logo_url: z.string(),
    product_url: z.string(),
    short_description: z.string(),
    long_description: z.string(),
    perk_description: z.string().nullable(),
    market_value: z.string(),
    est_value: z.number().nullable(),
    categories: z.array(categorySchema),
    deal_type: z.enum(DEAL_TYPES),
    owner_partner_id: z.uuid().nullable(),
    tier: z.enum(DEAL_TIERS),
    tags: z.array(z.enum(DEAL_TAGS)),
    badges: z.array(z.string()),
    redemption: redemptionSchema.nullable().meta({
      description: "Not personalized here: placeholders unfilled, and promo_code is \"\" for unique_code deals. GET /v1/deals/{id}/instructions personalizes it.",
    }),
    eligibility_requirements: z.string().nullable(),
    ...eligibilityOutput,
    offer_types: z.array(z.string()),
    approval_required: z.boolean(),
    approval_time: z.string().nullable(),
    status: z.enum(DEAL_STATUSES),
    start_date: z.iso.date().nullable(),
    end_date: z.iso.date().nullable(),
    active: z.boolean(),
    hidden_globally: z.boolean(),
    api_excluded: z.boolean(),
    tracking_enabled: z.boolean().meta({
      description: "Provider-confirmed redemption: members reach redeem_url through /r/{click_id} on the hosted host, and the provider confirms with POST /v1/provider/conversions",
    }),
    attribution_window_days: z.number().int().meta({ description: "A provider's conversion must come within this many days of the member's click (else 409 click_expired)" }),
    available_regions: z
      .array(z.enum(AUDIENCE_REGIONS))
      .optional()
      .meta({ description: "Omitted: all regions. A list: only those regions. [] : no region (never read it as all)." }),
    claimable_without_eligibility: z.boolean().meta({ description: "Relative to the calling partner (docs/api.md, Visibility and eligibility)" }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Deal" });
export type DealDto = z.output<typeof dealSchema>;

/** A partner deal (/v1/partner-deals, the portal): the Deal plus its translations as stored. */
export const partnerDealSchema = dealSchema
  .extend({ translations: dealTranslationsSchema })
  .meta({ id: "PartnerDeal" });
export type PartnerDealDto = z.output<typeof partnerDealSchema>;

export const dealWithProviderSecretSchema = partnerDealSchema
  .extend({
    provider_secret: z
      .string()
      .optional()
      .meta({ description: "whsec_…: present once, in the response that turns tracking_enabled on and in rotate-provider-secret. The provider signs its conversions with it." }),
  })
  .meta({ id: "DealWithProviderSecret" });
export type DealWithProviderSecretDto = z.output<typeof dealWithProviderSecretSchema>;

export const dealListSchema = listSchema(dealSchema, "DealList");
export const partnerDealListSchema = listSchema(partnerDealSchema, "PartnerDealList");

/** GET /v1/deals/{id}: the language of the text (other parameters are ignored, as they always were). */
export const dealGetQuerySchema = z.object({ locale: localeQueryField }).strict();

export const dealDeletedSchema = z.object({ id: z.uuid(), deleted: z.literal(true) }).meta({ id: "DealDeleted" });

// ---- Query strings ---------------------------------------------------------------------------

const timestampQuery = z
  .string()
  .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success || z.iso.date().safeParse(v).success, {
    error: "must be an ISO 8601 timestamp such as 2026-11-21T14:03:07.123Z (or a date, meaning its start in UTC)",
  })
  .meta({ anyOf: [{ type: "string", format: "date-time" }, { type: "string", format: "date" }] });

const statusListRe = new RegExp(`^(${LISTABLE_STATUSES.join("|")})(,(${LISTABLE_STATUSES.join("|")}))*$`);

export const dealListQuerySchema = z
  .object({
    limit: limitQuerySchema.optional(),
    cursor: z
      .string()
      .max(1000)
      .optional()
      // A real cursor of sort=featured (the default), so a tool that sends the example gets a page.
      .meta({ description: "next_cursor of the previous page (same sort)", pattern: CURSOR_PATTERN, example: "eyJzIjoiZmVhdHVyZWQiLCJrIjpbMSwiYXdzIGFjdGl2YXRlIiwiNmYxYzJkM2UtNGI1YS00YzZkLThlN2YtOTAxYTJiM2M0ZDVlIl19" }),
    sort: z
      .enum(DEAL_SORTS, { error: `must be one of: ${DEAL_SORTS.join(", ")}` })
      .optional()
      .meta({ description: "featured (default: tag featured first, then product_name), name, newest (created_at desc), value (est_value desc, nulls last); ties by id" }),
    status: z
      .string()
      .regex(statusListRe, { error: `must be one or more of ${LISTABLE_STATUSES.join(", ")}, comma-separated (drafts are never listed)` })
      .optional()
      .meta({ description: "Comma-separated; default live,coming_soon" }),
    category: z.string().min(1, { error: "must be a category slug" }).max(100).optional().meta({ description: "Category slug" }),
    tag: z.enum(DEAL_TAGS, { error: `must be one of: ${DEAL_TAGS.join(", ")}` }).optional(),
    tier: z.enum(DEAL_TIERS, { error: `must be one of: ${DEAL_TIERS.join(", ")}` }).optional(),
    deal_type: z.enum(DEAL_TYPES, { error: `must be one of: ${DEAL_TYPES.join(", ")}` }).optional(),
    q: z.string().max(200).optional().meta({ description: "Case-insensitive search in product_name and short_description" }),
    updated_since: timestampQuery.optional().meta({ description: "Only deals updated at or after this instant" }),
    user_id: z.string().max(100).optional().meta({ description: "Only deals this member can see and redeem (404 user_not_found if not yours)" }),
    external_user_id: z.string().max(255).optional().meta({ description: "Instead of user_id: the partner's own id of the member" }),
    locale: localeQueryField,
  })
  .strict();
export type DealListQuery = z.output<typeof dealListQuerySchema>;

export const partnerDealListQuerySchema = z
  .object({
    ...pageQueryFieldsOf("partner_deals"),
    status: z
      .string()
      .regex(new RegExp(`^(${DEAL_STATUSES.join("|")})(,(${DEAL_STATUSES.join("|")}))*$`), {
        error: `must be one or more of ${DEAL_STATUSES.join(", ")}, comma-separated`,
      })
      .optional()
      .meta({ description: "Comma-separated; default: every status, drafts included" }),
  })
  .strict();
export type PartnerDealListQuery = z.output<typeof partnerDealListQuerySchema>;

// ---- Input: partner deals ---------------------------------------------------------------------
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z
  .string()
  .trim()
  .max(100)
  .regex(SLUG_RE, { error: "must be lowercase letters and digits separated by single hyphens" });

/** "" or an http(s) URL or a site-relative path ("/logos/x.svg"); never javascript: and the like. */
const linkSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => {
    if (v === "" || /^\/(?!\/)/.test(v)) return true;
    try {
      const u = new URL(v);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, { error: "must be an http(s) URL or a path starting with /" })
  .meta({ description: "An http(s) URL, a path on this site starting with /, or \"\"", pattern: "^(?:$|/(?!/)\\S*$|https?://[^\\s/?#]+(?:[/?#]\\S*)?$)" });

function uniqueList<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(item)
    .max(max)
    .transform((values) => [...new Set(values)] as z.output<T>[]);
}
const shortText = (max: number) => z.string().trim().min(1).max(max);

/** A category by slug ("design") or as a Category object naming its id or slug. */
const categoryRefSchema = z.union([
  z.string().trim().min(1).max(100),
  z
    .object({
      id: z.string().max(100).optional().meta({ example: CATEGORY_EXAMPLE.id }),
      slug: z.string().trim().max(100).optional().meta({ example: CATEGORY_EXAMPLE.slug }),
      name: z.string().optional().meta({ example: CATEGORY_EXAMPLE.name }),
    })
    .strict()
    .refine((c) => c.id !== undefined || c.slug !== undefined, { error: "a category object needs its slug or id" })
    .meta({ anyOf: [{ type: "object", required: ["slug"], properties: { slug: { type: "string" } } }, { type: "object", required: ["id"], properties: { id: { type: "string" } } }] }),
]);
export type CategoryRef = z.output<typeof categoryRefSchema>;

const eligibilityShape = eligibilityInputSchema.shape;
const flatEligibility = {
  eligibility_customer_type: eligibilityShape.customer_type,
  eligibility_company_stage: eligibilityShape.company_stage,
  eligibility_company_size: eligibilityShape.company_size,
  eligibility_business_type: eligibilityShape.business_type,
  eligibility_geography: eligibilityShape.geography,
  eligibility_incorporation: eligibilityShape.incorporation,
  eligibility_funding: eligibilityShape.funding,
};

/** Fields a partner may write on its partner deals; required-ness is decided per endpoint below. */
export const dealWritableFields = {
  product_name: shortText(200),
  slug: slugSchema,
  logo_url: linkSchema,
  product_url: linkSchema,
  short_description: shortText(1000),
  long_description: z.string().max(20_000),
  perk_description: z.string().max(2000).nullable(),
  market_value: z.string().trim().max(100),
  est_value: z.number().finite().min(0).nullable(),
  categories: z.array(categoryRefSchema).max(20),
  tier: z.enum(DEAL_TIERS, { error: `must be one of: ${DEAL_TIERS.join(", ")}` }),
  tags: uniqueList(z.enum(DEAL_TAGS, { error: `must be one of: ${DEAL_TAGS.join(", ")}` }), DEAL_TAGS.length),
  badges: uniqueList(shortText(60), 20),
  eligibility_requirements: z.string().max(5000).nullable(),
  ...flatEligibility,
  eligibility: eligibilityInputSchema.meta({ description: "Alternative to the flat eligibility_* fields (as on /v1/users); naming a dimension both ways is a 400" }),
  offer_types: uniqueList(shortText(60), 20),
  approval_required: z.boolean(),
  approval_time: z.string().trim().max(200).nullable(),
  status: z.enum(DEAL_STATUSES, { error: `must be one of: ${DEAL_STATUSES.join(", ")}` }),
  start_date: z.iso.date({ error: "must be a date YYYY-MM-DD" }).nullable(),
  end_date: z.iso.date({ error: "must be a date YYYY-MM-DD" }).nullable(),
  deal_type: z.literal("partner_private", { error: "a partner deal is always partner_private" }).meta({ description: "Optional; always partner_private" }),
  tracking_enabled: z.boolean().meta({ description: "Turning it on returns the deal's provider secret once, as provider_secret" }),
  attribution_window_days: z
    .number({ error: "must be a whole number of days from 1 to 365" })
    .int({ error: "must be a whole number of days from 1 to 365" })
    .min(1, { error: "must be a whole number of days from 1 to 365" })
    .max(365, { error: "must be a whole number of days from 1 to 365" })
    .meta({ description: "Tracked deals: a provider's conversion must come within this many days of the member's click (default 90)" }),
  translations: dealTranslationsInputSchema,
};

function refineDates(d: { start_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx) {
  if (d.start_date && d.end_date && d.end_date < d.start_date) {
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date must not be before start_date", input: d.end_date });
  }
}

function refineEligibilityForms(d: Record<string, unknown>, ctx: z.RefinementCtx) {
  const nested = d.eligibility as Record<string, unknown> | undefined;
  if (!nested) return;
  for (const dim of ELIGIBILITY_DIMENSIONS) {
    if (nested[dim] !== undefined && d[`eligibility_${dim}`] !== undefined) {
      ctx.addIssue({ code: "custom", path: ["eligibility", dim], message: `eligibility.${dim} and eligibility_${dim} both given: send one`, input: nested[dim] });
    }
  }
}

/** refineEligibilityForms for the document: a flat eligibility_<d> excludes eligibility.<d>. */
const oneEligibilityForm = {
  not: {
    anyOf: ELIGIBILITY_DIMENSIONS.map((d) => ({
      type: "object",
      required: [`eligibility_${d}`, "eligibility"],
      properties: { [`eligibility_${d}`]: { type: "array" }, eligibility: { type: "object", required: [d], properties: { [d]: { type: "array" } } } },
    })),
  },
};

type OptionalWritable = { [K in keyof typeof dealWritableFields]: z.ZodOptional<(typeof dealWritableFields)[K]> };
const optionalFields = Object.fromEntries(Object.entries(dealWritableFields).map(([k, s]) => [k, s.optional()])) as OptionalWritable;

export const partnerDealCreateSchema = z
  .object({
    ...optionalFields,
    product_name: dealWritableFields.product_name,
    short_description: dealWritableFields.short_description,
    redemption: redemptionInputSchema,
  })
  .strict()
  .superRefine(refineDates)
  .superRefine(refineEligibilityForms)
  .meta({ id: "PartnerDealCreate", ...oneEligibilityForm });
export type PartnerDealCreateInput = z.output<typeof partnerDealCreateSchema>;

export const partnerDealUpdateSchema = z
  .object({ ...optionalFields, redemption: redemptionPatchSchema.optional() })
  .strict()
  .superRefine(refineDates)
  .superRefine(refineEligibilityForms)
  .meta({ id: "PartnerDealUpdate", ...oneEligibilityForm });
export type PartnerDealUpdateInput = z.output<typeof partnerDealUpdateSchema>;

// ---- Unique codes ------------------------------------------------------------------------------
export const codesAddSchema = z
  .object({
    codes: z
      .array(z.string().trim().min(1, { error: "must not be empty" }).max(200))
      .min(1, { error: "must contain at least one code" })
      .max(MAX_CODES_PER_CALL, { error: `must contain at most ${MAX_CODES_PER_CALL} codes per call` }),
  })
  .strict()
  .meta({ id: "CodesAdd" });

export const codesAddedSchema = z
  .object({ added: z.number().int(), available: z.number().int() })
  .meta({ id: "CodesAdded", description: "added: new codes stored (duplicates ignored); available: unclaimed codes now in the pool" });

export const codeCountsSchema = z
  .object({ total: z.number().int(), claimed: z.number().int(), available: z.number().int() })
  .meta({ id: "CodeCounts", description: "Counts only: codes themselves are never listed" });

// ---- Servicepass catalogue import (operator CLI, super admin) ------------------------------------
const catalogCategorySchema = z
  .object({ id: z.string().optional().meta({ example: CATEGORY_EXAMPLE.id }), slug: slugSchema.meta({ example: CATEGORY_EXAMPLE.slug }), name: shortText(100).meta({ example: CATEGORY_EXAMPLE.name }) })
  .strict();

/** One servicepass deal in the API's Deal shape plus slug (upsert key), rules and codes. */
export const catalogEntrySchema = z
  .object({
    ...optionalFields,
    slug: slugSchema,
    product_name: dealWritableFields.product_name,
    short_description: dealWritableFields.short_description,
    categories: z.array(catalogCategorySchema).max(20).optional(),
    redemption: redemptionInputSchema.nullable().optional(),
    deal_type: z.literal("servicepass", { error: "the catalogue holds servicepass deals only" }).optional(),
    owner_partner_id: z.null({ error: "servicepass deals have no owner" }).optional(),
    active: z.boolean().optional(),
    hidden_globally: z.boolean().optional(),
    api_excluded: z.boolean().optional(),
    visibility_rules: z.array(catalogRuleSchema).max(200).optional(),
    codes: z.array(z.string().trim().min(1).max(200)).max(100_000).optional(),
    /** When someone last checked the deal with its provider (contract section 19). Left out: the
     *  stored value stays (an older file does not un-verify deals); null clears it. */
    verified_at: z.iso.datetime({ offset: true, error: "must be an ISO 8601 timestamp" }).nullable().optional(),
    // Read-only fields of an exported Deal: accepted and ignored, so an export can be re-imported.
    id: z.string().optional(),
    available_regions: z.array(z.string()).optional(),
    claimable_without_eligibility: z.boolean().optional(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  })
  .strict()
  .superRefine(refineDates)
  .superRefine(refineEligibilityForms);
export type CatalogEntryInput = z.output<typeof catalogEntrySchema>;
