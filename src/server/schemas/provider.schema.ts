// Providers (contract section 18): the company behind servicepass deals, its users' provider area
// (deals, change requests, code uploads, tracking console, results) and the super admin's side.
import { z } from "zod";
import { DEAL_STATUSES, REDEMPTION_METHODS } from "@/server/domain/enums";
import { dealSchema, dealWritableFields } from "./deal.schema";
import { redemptionInputSchema, redemptionSchema } from "./redemption.schema";

const dealIds = z.array(z.uuid({ error: "must be a deal id" })).max(500).transform((ids) => [...new Set(ids.map((i) => i.toLowerCase()))]);

export const providerCreateSchema = z
  .object({ name: z.string().trim().min(1, { error: "must not be empty" }).max(200), deal_ids: dealIds.default([]) })
  .strict();
export type ProviderCreateInput = z.output<typeof providerCreateSchema>;

export const providerLinkSchema = z.object({ provider_id: z.uuid({ error: "must be a provider id" }), deal_ids: dealIds }).strict();

export const providerInviteSchema = z
  .object({ provider_id: z.uuid({ error: "must be a provider id" }), email: z.string().trim().toLowerCase().pipe(z.email({ error: "must be an email address" })), name: z.string().trim().max(200).optional() })
  .strict();

export const providerDealIdSchema = z.object({ deal_id: z.uuid({ error: "must be a deal id" }) }).strict();

/** What a provider may propose for its deal: content, redemption details, end date. */
const changeRequestFieldsSchema = z
  .object({
    product_name: dealWritableFields.product_name,
    short_description: dealWritableFields.short_description,
    long_description: dealWritableFields.long_description,
    perk_description: dealWritableFields.perk_description,
    logo_url: dealWritableFields.logo_url,
    product_url: dealWritableFields.product_url,
    market_value: dealWritableFields.market_value,
    redemption: redemptionInputSchema.nullable(),
    end_date: dealWritableFields.end_date,
  })
  .partial()
  .strict();
export type ChangeRequestFields = z.output<typeof changeRequestFieldsSchema>;
export const CHANGE_REQUEST_FIELDS = Object.keys(changeRequestFieldsSchema.shape) as (keyof ChangeRequestFields)[];

export const changeRequestCreateSchema = z.object({ deal_id: z.uuid({ error: "must be a deal id" }), changes: changeRequestFieldsSchema }).strict();

export const changeRequestDecisionSchema = z
  .object({ id: z.uuid({ error: "must be a change request id" }), decision: z.enum(["approved", "rejected"]), note: z.string().trim().max(2000).optional() })
  .strict();

export const changeRequestListSchema = z.object({ status: z.enum(["pending", "approved", "rejected"]).optional() }).strict();

/** One upload batch of codes (the client splits a file into batches and shows progress). */
export const providerLowStockThresholdSchema = z
  .object({ deal_id: z.uuid({ error: "must be a deal id" }), threshold: z.number().int().min(0).max(1_000_000).nullable() })
  .strict();

export const providerCodesUploadSchema = z
  .object({ deal_id: z.uuid({ error: "must be a deal id" }), codes: z.array(z.string().trim().min(1).max(200)).min(1).max(10_000) })
  .strict();

export const providerConsoleSchema = z.object({ deal_id: z.uuid({ error: "must be a deal id" }), click_id: z.string().trim().min(1).max(100) }).strict();

export const providerPostbacksSchema = z.object({ deal_id: z.uuid({ error: "must be a deal id" }).optional() }).strict();

export const providerResultsSchema = z.object({ months: z.number().int().min(1).max(24).default(6) }).strict();

// ---- What the provider area and the super admin's providers page answer (tRPC outputs; the services'
// return types are these schemas' outputs, so what a procedure returns is exactly what it declares) ----

export const providerSummarySchema = z.object({ provider_id: z.string(), name: z.string(), deal_ids: z.array(z.string()) });
export type ProviderSummary = z.output<typeof providerSummarySchema>;

export const providerListSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    created_at: z.iso.datetime(),
    deals: z.array(z.object({ id: z.string(), product_name: z.string(), status: z.enum(DEAL_STATUSES) })),
    users: z.array(z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), invited: z.boolean() })),
    pending_change_requests: z.number().int(),
  }),
);
export type ProviderListRow = z.output<typeof providerListSchema>[number];

export const providerInvitedSchema = z.object({ admin_id: z.string(), email: z.string(), set_password_url: z.string(), expires_at: z.iso.datetime() });

export const providerDealListSchema = z.array(
  z.object({
    id: z.string(),
    product_name: z.string(),
    status: z.enum(DEAL_STATUSES),
    end_date: z.iso.date().nullable(),
    tracking_enabled: z.boolean(),
    attribution_window_days: z.number().int(),
    redemption_method: z.enum(REDEMPTION_METHODS).nullable(),
    codes: z.object({ total: z.number().int(), available: z.number().int() }),
    low_stock_threshold: z.number().int().nullable(),
    pending_change_request_id: z.string().nullable(),
  }),
);
export type ProviderDealRow = z.output<typeof providerDealListSchema>[number];

/** A deal's fields a change request may touch, in the change request's own shape (its form's starting point). */
const providerDealFieldsSchema = dealSchema
  .pick({ product_name: true, short_description: true, long_description: true, perk_description: true, logo_url: true, product_url: true, market_value: true, end_date: true })
  .extend({ redemption: redemptionSchema.nullable() });
export type ProviderDealFields = z.output<typeof providerDealFieldsSchema>;

export const providerDealSchema = z.object({
  id: z.string(),
  status: z.enum(DEAL_STATUSES),
  tracking_enabled: z.boolean(),
  attribution_window_days: z.number().int(),
  fields: providerDealFieldsSchema,
});

export const changeRequestSchema = z.object({
  id: z.string(),
  deal_id: z.string(),
  deal_name: z.string(),
  provider_id: z.string(),
  provider_name: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  /** only the fields the provider changed: before (the live deal when requested) and after */
  diff: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  note: z.string().nullable(),
  created_at: z.iso.datetime(),
  decided_at: z.iso.datetime().nullable(),
});
export type ChangeRequestDto = z.output<typeof changeRequestSchema>;

export const providerCodesAddedSchema = z.object({
  received: z.number().int(),
  duplicates_in_batch: z.number().int(),
  already_in_pool: z.number().int(),
  added: z.number().int(),
  total: z.number().int(),
  available: z.number().int(),
});
export type ProviderCodesAdded = z.output<typeof providerCodesAddedSchema>;

export const providerLowStockThresholdSetSchema = z.object({ deal_id: z.string(), threshold: z.number().int().nullable() });

export const providerSecretSchema = z.object({ deal_id: z.string(), provider_secret: z.string() });

export const consoleRequestSchema = z.object({
  url: z.string(),
  body: z.string(),
  timestamp: z.number().int(),
  signature_header: z.string(),
  curl: z.string(),
  /** what the click is, as far as the provider may know: its deal and whether it already converted; never its member */
  click: z.object({ found: z.boolean(), deal_matches: z.boolean(), converted: z.boolean(), expired: z.boolean() }),
});
export type ConsoleRequest = z.output<typeof consoleRequestSchema>;

export const postbackListSchema = z.array(
  z.object({
    id: z.string(),
    deal_id: z.string().nullable(),
    deal_name: z.string().nullable(),
    kind: z.string(),
    /** what the provider sent to name it: the click_id (conversions), its external_id when given, the redemption id (reversals) */
    click_id: z.string().nullable(),
    external_id: z.string().nullable(),
    redemption_id: z.string().nullable(),
    outcome: z.string(),
    reason: z.string().nullable(),
    status: z.number().int(),
    received_at: z.iso.datetime(),
  }),
);
export type PostbackRow = z.output<typeof postbackListSchema>[number];

const currencyValues = z.record(z.string(), z.number());
const resultFigures = { clicks: z.number().int(), confirmed: z.number().int(), conversion_rate: z.number().nullable(), value: currencyValues };

export const providerResultsOutputSchema = z.object({
  months: z.number().int(),
  since: z.string(),
  rows: z.array(z.object({ deal_id: z.string(), deal_name: z.string(), month: z.string(), ...resultFigures })),
  deals: z.array(z.object({ deal_id: z.string(), deal_name: z.string(), ...resultFigures, partners: z.number().int(), partner_names: z.array(z.string()) })),
  totals: z.object({ ...resultFigures, partners: z.number().int() }),
});
export type ProviderResults = z.output<typeof providerResultsOutputSchema>;
