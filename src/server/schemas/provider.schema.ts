// Providers (contract section 18): the company behind servicepass deals, its users' provider area
// (deals, change requests, code uploads, tracking console, results) and the super admin's side.
import { z } from "zod";
import { dealWritableFields } from "./deal.schema";
import { redemptionInputSchema } from "./redemption.schema";

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
export const providerCodesUploadSchema = z
  .object({ deal_id: z.uuid({ error: "must be a deal id" }), codes: z.array(z.string().trim().min(1).max(200)).min(1).max(10_000) })
  .strict();

export const providerConsoleSchema = z.object({ deal_id: z.uuid({ error: "must be a deal id" }), click_id: z.string().trim().min(1).max(100) }).strict();

export const providerPostbacksSchema = z.object({ deal_id: z.uuid({ error: "must be a deal id" }).optional() }).strict();

export const providerResultsSchema = z.object({ months: z.number().int().min(1).max(24).default(6) }).strict();
