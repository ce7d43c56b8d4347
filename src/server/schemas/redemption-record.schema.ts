// Redemption records: one per (member, deal), listed by GET /v1/redemptions; the provider's
// conversion postback (POST /v1/provider/conversions) answers with one.
import { z } from "zod";
import { listSchema, pageQueryFieldsOf } from "./list.schema";

const REDEMPTION_SOURCES = ["member", "partner", "provider"] as const;
export type RedemptionSource = (typeof REDEMPTION_SOURCES)[number];

export const redemptionRecordSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid().meta({ description: "The member who redeemed" }),
    deal_id: z.uuid(),
    source: z.enum(REDEMPTION_SOURCES).meta({
      description: "Who reported it first: member (the hosted app or widget), partner (/v1 or /events/track), provider (a signed conversion; also replaces an earlier source)",
    }),
    code: z.string().nullable().meta({ description: "The one-time code handed out, for unique_code deals" }),
    confirmed: z.boolean().meta({ description: "true once the deal's provider confirmed the conversion" }),
    redeemed_at: z.string().meta({ description: "When it was first recorded (ISO 8601 UTC)" }),
    // Present only when set, so a record without them keeps the shape of contract section 12.
    amount: z.number().int().optional().meta({ description: "Present when the provider reported a value with its confirmation: minor units of currency (cents)" }),
    currency: z.string().optional().meta({ description: "Present with amount: its ISO 4217 code (upper case)" }),
    external_id: z.string().optional().meta({ description: "Present when the provider sent its customer id with the confirmation" }),
    reversed_at: z.string().optional().meta({ description: "Present once the provider reversed its confirmation (confirmed is then false)" }),
  })
  .meta({ id: "RedemptionRecord" });
export type RedemptionRecordDto = z.output<typeof redemptionRecordSchema>;

export const redemptionListSchema = listSchema(redemptionRecordSchema, "RedemptionRecordList");

const timestampQuery = z
  .string()
  .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success || z.iso.date().safeParse(v).success, {
    error: "must be an ISO 8601 timestamp such as 2026-11-21T14:03:07.123Z (or a date, meaning its start in UTC)",
  });

export const redemptionListQuerySchema = z
  .object({
    ...pageQueryFieldsOf("redemptions"),
    user_id: z.uuid({ error: "must be a user id" }).optional().meta({ description: "Only this member's redemptions" }),
    deal_id: z.uuid({ error: "must be a deal id" }).optional().meta({ description: "Only this deal's redemptions" }),
    source: z.enum(REDEMPTION_SOURCES, { error: `must be one of: ${REDEMPTION_SOURCES.join(", ")}` }).optional(),
    since: timestampQuery.optional().meta({ description: "Only redemptions recorded at or after this instant" }),
  })
  .strict();
export type RedemptionListQuery = z.output<typeof redemptionListQuerySchema>;

// ISO 4217 codes this runtime knows (Intl's list: every active code).
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** POST /v1/provider/conversions */
export const conversionRequestSchema = z
  .object({
    click_id: z.string().min(1).max(100).meta({ description: "The {{click_id}} your redeem URL received" }),
    amount: z
      .number({ error: "must be an integer amount in minor units (cents)" })
      .int({ error: "must be an integer amount in minor units (cents), such as 4900 for 49.00" })
      .min(0, { error: "must not be negative" })
      .max(2_147_483_647, { error: "must be at most 2147483647" })
      .optional()
      .meta({ description: "The value delivered, in minor units of currency (4900 = 49.00); requires currency" }),
    currency: z
      .string({ error: "must be an ISO 4217 currency code such as USD" })
      .transform((v) => v.toUpperCase())
      .refine((v) => /^[A-Z]{3}$/.test(v) && CURRENCIES.has(v), { error: "must be an ISO 4217 currency code such as USD" })
      .optional()
      .meta({ description: "ISO 4217 code of amount (USD, EUR…; case-insensitive, stored upper case); requires amount", pattern: "^[A-Za-z]{3}$" }),
    external_id: z
      .string()
      .trim()
      .min(1, { error: "must not be empty" })
      .max(200, { error: "must be at most 200 characters" })
      .optional()
      .meta({ description: "Your customer id: a second confirmation of the same deal and external_id (through another click) is a duplicate and counts once" }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.amount !== undefined && v.currency === undefined) ctx.addIssue({ code: "custom", path: ["currency"], message: "is required with amount" });
    if (v.currency !== undefined && v.amount === undefined) ctx.addIssue({ code: "custom", path: ["amount"], message: "is required with currency" });
  })
  .meta({ id: "ConversionRequest", dependentRequired: { amount: ["currency"], currency: ["amount"] } });
export type ConversionRequest = z.output<typeof conversionRequestSchema>;

/** POST /v1/provider/conversions/{id}/reverse */
export const reversalRequestSchema = z
  .object({ reason: z.string().max(500, { error: "must be at most 500 characters" }).optional().meta({ description: "Why (refund, cancelled signup…): kept with the record" }) })
  .strict()
  .meta({ id: "ReversalRequest" });

export const conversionResponseSchema = z
  .object({
    redemption: redemptionRecordSchema,
    duplicate: z.boolean().meta({ description: "true when this click's conversion was already recorded (nothing changed)" }),
  })
  .meta({ id: "ConversionResponse" });
export type ConversionResponse = z.output<typeof conversionResponseSchema>;

export const reversalResponseSchema = z
  .object({
    redemption: redemptionRecordSchema,
    duplicate: z.boolean().meta({ description: "true when this redemption was already reversed (nothing changed)" }),
  })
  .meta({ id: "ReversalResponse" });
export type ReversalResponse = z.output<typeof reversalResponseSchema>;

